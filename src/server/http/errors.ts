import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ApiErrorBody, ApiErrorCode } from "../../core/contract";
import { errorText, type ErrorId, type ErrorText } from "../../core/messages/server";
import { inEnglish } from "../../core/messages/server-english";

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
    super(inEnglish(text));
  }
}

export const notFound = (code: ApiErrorCode = "NOT_FOUND", id: ErrorId = "notFound") =>
  new ApiError(404, code, errorText(id));
export const badRequest = (code: ApiErrorCode, text: ErrorText) => new ApiError(400, code, text);

export function errorBody(code: ApiErrorCode, message: string): ApiErrorBody {
  return { error: { code, message } };
}
