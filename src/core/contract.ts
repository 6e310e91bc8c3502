// The contract between the web app and the server (docs/decisions/0026, docs/api.md), the part without zod:
// the error codes our API answers with. The routes, with their request and response schemas, are the `contract`
// table of contract-schema.ts (zod stays out of the initial bundle, docs/decisions/0060); the sync protocol's
// types are in sync.ts.

/**
 * Every code of an `{ error: { code, message } }` answer of our API (not Better Auth's /api/auth/*, which has
 * its own), and of a push op's "rejected" result. The server's error helpers accept only these.
 */
export const API_ERROR_CODES = [
  "VALIDATION_FAILED", // 400: a field is missing, unknown or out of range; the message names it
  "INVALID_JSON", // 400: the body is not JSON, or carries U+0000
  "INVALID_DATE", // 400: not a real YYYY-MM-DD day, or more than one day from the server's
  "INVALID_TIME", // 400: a reminder time that is not HH:MM (00:00 to 23:59)
  "INVALID_TIME_ZONE", // 400: not an IANA time zone name the server knows
  "PUSH_ENDPOINT_NOT_PUBLIC", // 400: a push endpoint on an IP address, localhost or plain http (PUSH_ALLOW_PRIVATE_HOSTS)
  "BAD_REQUEST", // 400: refused by the HTTP layer before our validation
  "UNAUTHENTICATED", // 401: signed out or the session ended
  "FORBIDDEN_ORIGIN", // 403: a signed-in change from another site
  "NOT_FOUND", // 404: no such API route
  "HABIT_NOT_FOUND", // 404: no such habit, or another user's
  "PROFILE_NOT_FOUND", // 404
  "REMINDER_NOT_FOUND", // 404: no such reminder, or another user's
  "GROUP_NOT_FOUND", // 404: no such group of the user's (a habit's groupId, or a group route's id)
  "CONFLICT", // 409: a new habit's id belongs to another user
  "QUOTA_EXCEEDED", // 409: the account's habit or day quota
  "HABIT_KIND_MISMATCH", // 409: a mark, number, step or rule that does not fit the habit's kind (an older app's "done" on a measurable habit)
  "AMOUNT_TOO_LARGE", // a push op's addAmount that would raise a day's number past MAX_AMOUNT
  "REMINDER_LIMIT", // 409: more daily reminder times than REMINDER_TIMES_MAX
  "DEVICE_LIMIT", // 409: more push subscriptions (devices) than PUSH_DEVICES_MAX
  "GROUP_LIMIT", // 409: more groups than MAX_GROUPS
  "GROUP_NAME_TAKEN", // 409: another of the user's groups has the same name (same-name.ts)
  // API tokens.
  "FORBIDDEN", // 403: a read-only token asked to write, or a token asked for what only a signed-in session may do
  "TOKEN_NOT_FOUND", // 404: no such API token, or another user's
  "TOKEN_LIMIT", // 409: more API tokens than API_TOKENS_MAX
  "RECENT_SIGN_IN_REQUIRED", // 403: making an API token needs a recent sign-in or the current password
  "INVALID_PASSWORD", // 403: the current password sent to make an API token is not the account's
  "PAYLOAD_TOO_LARGE", // 413
  "RATE_LIMITED", // 429: too many writes a minute
  "STREAM_LIMIT", // 429: more open event streams than one account or the server may hold
  "TEST_REMINDER_LIMITED", // 429: more test reminders an hour than TEST_REMINDERS_PER_HOUR
  "INTERNAL", // 500
  "REJECTED", // a push op refused by an earlier release that kept no code
] as const;

export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

const KNOWN_CODES: ReadonlySet<string> = new Set(API_ERROR_CODES);
export const isApiErrorCode = (code: string): code is ApiErrorCode => KNOWN_CODES.has(code);

/**
 * The body of every refused request (docs/api.md). The server sends only `ApiErrorCode`s; a client reads any string
 * (`Code = string`), since an app the service worker kept may meet a newer server with a code it does not know.
 */
export type ApiErrorBody<Code extends string = ApiErrorCode> = { error: { code: Code; message: string } };

// API tokens: their limits, without zod, for the web's Settings card (schemas: contract-schema.ts).
export const API_TOKEN_SCOPES = ["read-only", "read-write"] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];
export const MAX_API_TOKEN_NAME_LENGTH = 64;
/** The longest expiry a token can be given, in days (ten years); no expiry at all is `null`. */
export const MAX_API_TOKEN_DAYS = 3650;
