// The errors of our JSON API as the web sees them (docs/api.md). The client itself, apiRequest, is in api-request.ts:
// this small part is what the first screen needs (docs/decisions/0026).
import type { ApiErrorCode } from "../../core/contract";
import { messages } from "../../core/messages/first-screen";

/** An answer with a non-2xx status, or none; status 0 means the server could not be reached at all. */
export class ApiError extends Error {
  readonly status: number;
  /** The contract's code (core/contract.ts), one of the client's below, or one a newer server added. */
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
  }
}

export const NETWORK_ERROR_CODE = "NETWORK_ERROR";
/** A non-2xx answer without our error body (a proxy's page, say). */
export const HTTP_ERROR_CODE = "HTTP_ERROR";
/** A 2xx answer that does not match the route's response schema: the server (or something between) is broken. */
export const BAD_RESPONSE_CODE = "BAD_RESPONSE";

/** The server is down, unreachable or broken (as opposed to refusing this request). */
export function isUnreachable(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.status === 0 || error.status >= 500 || error.code === BAD_RESPONSE_CODE)
  );
}

const hasCode = (error: ApiError, code: ApiErrorCode) => error.code === code;

/**
 * The text to show for a failed action: the server's reason when the product's generic text would hide it, else
 * `fallback`.
 */
export function failureText(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  if (hasCode(error, "RATE_LIMITED")) return messages.limits.rateLimited;
  return hasCode(error, "QUOTA_EXCEEDED") ? messages.limits.quotaExceeded : fallback;
}
