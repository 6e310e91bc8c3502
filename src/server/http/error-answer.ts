// An API error's answer (docs/api.md), worded in the language of whoever reads it (docs/decisions/0074). Apart from
// errors.ts, which the SQLite writer's thread imports: this one reads the account from the database.
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ApiErrorCode } from "../../core/contract";
import type { Locale } from "../../core/i18n/locales";
import { messagesIn } from "../../core/messages/in-locale";
import { accountLanguages, headerLocale } from "../profile/account-locale";
import type { AppEnv } from "./env";
import { errorBody, type ErrorText } from "./errors";

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
export async function sendError(
  c: Context,
  status: ContentfulStatusCode,
  code: ApiErrorCode,
  text: ErrorText,
) {
  const message = messagesIn(await answerLocale(c)).apiError(text);
  const body = JSON.stringify(errorBody(code, message));
  return c.body(body, status, {
    "content-type": "application/json; charset=UTF-8",
    "content-length": String(Buffer.byteLength(body)),
  });
}
