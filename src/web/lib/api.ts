// The fetch wrapper for our JSON API (docs/api.md): sends the user's local day and turns error bodies into ApiError.
import { messages } from "../../core/messages";
import { localToday } from "./local-today";

export type ApiErrorBody = { error: { code: string; message: string } };

/** An answer with a non-2xx status; status 0 means the server could not be reached at all. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
  }
}

export const NETWORK_ERROR_CODE = "NETWORK_ERROR";

/** The server is down, unreachable or broken (as opposed to refusing this request). */
export function isUnreachable(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || error.status >= 500);
}

/** The text to show for a failed action: the server's reason when SPEC's generic text would hide it, else `fallback`. */
export function failureText(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.code === "RATE_LIMITED") return messages.limits.rateLimited;
  return error.code === "QUOTA_EXCEEDED" ? messages.limits.quotaExceeded : fallback;
}

function isErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== "object" || value === null || !("error" in value)) return false;
  const inner = value.error;
  return typeof inner === "object" && inner !== null && "code" in inner && typeof inner.code === "string";
}

type RequestOptions = {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  signal?: AbortSignal;
};

export async function apiRequest<T>(
  path: string,
  { method = "GET", body, signal }: RequestOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json", "X-Local-Date": localToday() };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "same-origin",
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, NETWORK_ERROR_CODE, error instanceof Error ? error.message : "Network error");
  }
  if (response.status === 204) return undefined as T;
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    if (isErrorBody(data)) throw new ApiError(response.status, data.error.code, data.error.message);
    throw new ApiError(response.status, "HTTP_ERROR", `Request failed with status ${response.status}`);
  }
  return data as T;
}
