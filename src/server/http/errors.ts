import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ApiErrorBody, ApiErrorCode } from "../../core/contract";

/** An error a client caused or may see: it becomes `{ error: { code, message } }` with its status (docs/api.md);
 * only the contract's codes (core/contract.ts). */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ApiErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export const notFound = (code: ApiErrorCode = "NOT_FOUND", message = "Not found") =>
  new ApiError(404, code, message);
export const badRequest = (code: ApiErrorCode, message: string) => new ApiError(400, code, message);

export function errorBody(code: ApiErrorCode, message: string): ApiErrorBody {
  return { error: { code, message } };
}

/**
 * The error answer, with its length: Hono's c.json gives none, and the app's compression then ran every error
 * through a web CompressionStream. Headers a middleware prepared (Retry-After) go with it.
 */
export function sendError(c: Context, status: ContentfulStatusCode, code: ApiErrorCode, message: string) {
  const text = JSON.stringify(errorBody(code, message));
  return c.body(text, status, {
    "content-type": "application/json; charset=UTF-8",
    "content-length": String(Buffer.byteLength(text)),
  });
}
