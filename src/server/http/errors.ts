import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/** An error a client caused or may see: it becomes `{ error: { code, message } }` with its status (GUIDE §6). */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const notFound = (code = "NOT_FOUND", message = "Not found") => new ApiError(404, code, message);
export const badRequest = (code: string, message: string) => new ApiError(400, code, message);

export function errorBody(code: string, message: string) {
  return { error: { code, message } };
}

export function sendError(c: Context, status: ContentfulStatusCode, code: string, message: string) {
  return c.json(errorBody(code, message), status);
}
