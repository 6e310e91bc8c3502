// The client of our JSON API (docs/api.md), typed from the contract (core/contract-schema.ts, docs/decisions/0026):
// a call names its route, sends that route's body and gets back that route's answer, parsed by its schema. The
// user's local day goes with every request, and error bodies become ApiError. Loaded after the first paint: no
// screen calls the API before the app has rendered (the migration loads it with import()).
import type { ApiErrorBody } from "../../core/contract";
import type { Route, RouteAnswer, RouteBody, RouteQuery } from "../../core/contract-schema";
import type { ParsedAnswer, SyncAnswerRoute } from "../../core/sync-answer-schema";
import { ApiError, BAD_RESPONSE_CODE, HTTP_ERROR_CODE, NETWORK_ERROR_CODE } from "./api";
import { localToday } from "./local-today";
import { currentLocale } from "./locale-store";

// Refusals are read without zod, so that they need no schema chunk (any code: see ApiErrorBody).
function isErrorBody(value: unknown): value is ApiErrorBody<string> {
  if (typeof value !== "object" || value === null || !("error" in value)) return false;
  const inner = value.error;
  return (
    typeof inner === "object" &&
    inner !== null &&
    "code" in inner &&
    typeof inner.code === "string" &&
    "message" in inner &&
    typeof inner.message === "string"
  );
}

/** The routes sync-answer-schema.ts parses (a test checks they are its routes, with the contract's schemas). */
export const SYNC_ROUTES: ReadonlySet<Route> = new Set<Route & SyncAnswerRoute>([
  "GET /api/sync",
  "POST /api/sync/push",
]);

type AnswerParser = <R extends Route>(route: R, answer: unknown) => ParsedAnswer<RouteAnswer<R>>;

/**
 * The contract's parser for `route`, loaded on first use: zod stays out of the initial JavaScript (docs/decisions/
 * 0007). The sync routes' answers, which the app's start waits for, have a module of their own with the contract's
 * same schemas for them: the start builds those few, not the whole contract's (TBT).
 */
const loadParser = async (route: Route): Promise<AnswerParser> =>
  SYNC_ROUTES.has(route)
    ? ((await import("../../core/sync-answer-schema")).parseSyncAnswer as AnswerParser)
    : (await import("../../core/contract-schema")).parseAnswer;

type QueryValue = string | number | boolean | undefined;

export type RequestOptions<R extends Route> = {
  body?: RouteBody<R>;
  query?: RouteQuery<R> & Record<string, QueryValue>;
  /** Values of the route's ":name" segments ("PUT /api/reminders/:id" with { id }). */
  params?: Record<string, string>;
  signal?: AbortSignal;
};

function urlOf(
  route: string,
  query: Record<string, QueryValue> | undefined,
  values: Record<string, string> = {},
): string {
  const path = route.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(values[name] ?? ""));
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {}))
    if (value !== undefined) params.set(key, String(value));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/**
 * Calls `route` ("METHOD /path" of the contract) and resolves with its answer, parsed by the route's response
 * schema. Rejects with an ApiError: status 0 when the server (or the contract module) could not be reached, the
 * server's code for a refusal, BAD_RESPONSE for an answer that does not match the contract.
 */
export async function apiRequest<R extends Route>(
  route: R,
  { body, query, params, signal }: RequestOptions<R> = {},
): Promise<RouteAnswer<R>> {
  const [method = "GET", path = ""] = route.split(" ");
  // Loaded alongside the request: by the time the answer is in, the parser usually is too.
  const parser = loadParser(route);
  parser.catch(() => undefined); // reported below, once the answer needs it
  // The shown language, so that an error's message (Loop import's refusal shows it) arrives in it (docs/decisions/0074).
  const headers: Record<string, string> = {
    Accept: "application/json",
    "Accept-Language": currentLocale(),
    "X-Local-Date": localToday(),
  };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  let response: Response;
  try {
    response = await fetch(urlOf(path, query, params), {
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
  const json = await response.json().then(
    (data: unknown) => ({ data }),
    () => null,
  );
  if (!response.ok) {
    if (isErrorBody(json?.data))
      throw new ApiError(response.status, json.data.error.code, json.data.error.message);
    throw new ApiError(response.status, HTTP_ERROR_CODE, `Request failed with status ${response.status}`);
  }
  let parseAnswer: Awaited<typeof parser>;
  try {
    parseAnswer = await parser;
  } catch (error) {
    throw new ApiError(0, NETWORK_ERROR_CODE, `Could not load the API contract: ${String(error)}`);
  }
  const parsed = json ? parseAnswer(route, json.data) : { ok: false as const, fault: "not JSON" };
  if (!parsed.ok)
    throw new ApiError(
      response.status,
      BAD_RESPONSE_CODE,
      `${route} answered what the contract does not allow: ${parsed.fault}`,
    );
  return parsed.value;
}
