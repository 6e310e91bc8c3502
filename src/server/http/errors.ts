import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ApiErrorBody, ApiErrorCode } from "../../core/contract";
import type { Locale } from "../../core/i18n/locales";
import { messagesIn } from "../../core/messages/in-locale";
import { errorText, type ErrorId, type ErrorText } from "../../core/messages/server";
import { accountLanguages, headerLocale } from "../profile/account-locale";
import type { AppEnv } from "./env";

export { errorText, type ErrorText };

/** An error a client caused or may see: it becomes `{ error: { code, message } }` with its status (docs/api.md);
 * only the contract's codes (core/contract.ts). Its message is a catalogue id (core/messages/server.ts), worded in
 * the reader's language when the answer is written; `message` is its English, for logs. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ApiErrorCode,
    readonly text: ErrorText,
  ) {
    super(messagesIn("en").apiError(text));
  }
}

export const notFound = (code: ApiErrorCode = "NOT_FOUND", id: ErrorId = "notFound") =>
  new ApiError(404, code, errorText(id));
export const badRequest = (code: ApiErrorCode, text: ErrorText) => new ApiError(400, code, text);

export function errorBody(code: ApiErrorCode, message: string): ApiErrorBody {
  return { error: { code, message } };
}

/**
 * The language of an answer (docs/decisions/0074): a signed-in account's chosen language, else the request's
 * Accept-Language (matched as the web matches the browser's), else the language the account was created in, else
 * English.
 */
export async function answerLocale(c: Context): Promise<Locale> {
  const header = headerLocale(c.req.header("accept-language"));
  const user = (c as Context<AppEnv>).get("user") as AppEnv["Variables"]["user"] | undefined;
  const db = (c as Context<AppEnv>).get("db") as AppEnv["Variables"]["db"] | undefined;
  if (!user || !db) return header ?? "en";
  try {
    const { chosen, signup } = await accountLanguages(db, user.id);
    return chosen ?? header ?? signup ?? "en";
  } catch {
    // The error being answered may be the database's own: the request's language then.
    return header ?? "en";
  }
}

/**
 * The error answer, with its length: Hono's c.json gives none, and the app's compression then ran every error
 * through a web CompressionStream. Headers a middleware prepared (Retry-After) go with it.
 */
export async function sendError(c: Context, status: ContentfulStatusCode, code: ApiErrorCode, text: ErrorText) {
  const message = messagesIn(await answerLocale(c)).apiError(text);
  const body = JSON.stringify(errorBody(code, message));
  return c.body(body, status, {
    "content-type": "application/json; charset=UTF-8",
    "content-length": String(Buffer.byteLength(body)),
  });
}
