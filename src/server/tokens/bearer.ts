// Personal API tokens on the wire (docs/decisions/0035-api-tokens.md): `Authorization: Bearer hs_…` on /api/*,
// resolved to its user by the token's SHA-256, checked against expiry, bans and the token's scope.
import { createHash, randomBytes } from "node:crypto";
import type { Context, Next } from "hono";
import type { AppEnv } from "../http/env";
import { ApiError, errorText } from "../http/errors";
import type { Db } from "../db/database";
import { findToken, markUsed, type TokenOwner } from "./tokens.repo";

/** Marks our tokens, so that one pasted in a chat or committed to a repository can be recognised. */
export const TOKEN_PREFIX = "hs_";
/** "Last used" is written at most this often per token: a script polling every second costs no write each time. */
export const LAST_USED_STEP_MS = 60_000;
const MAX_TOKEN_LENGTH = 200;
const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** 256 random bits, base64url: nothing to guess, so one plain SHA-256 is a safe stored form (no slow KDF). */
export const newToken = () => `${TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** The credentials of an `Authorization: Bearer` header ("" when the scheme has none); undefined without one. */
export function bearerOf(header: string | undefined): string | undefined {
  const match = header === undefined ? null : /^bearer(?:\s+(.*))?$/is.exec(header.trim());
  return match ? (match[1] ?? "").trim() : undefined;
}

/** The token's row when it is known, unexpired and its owner not banned at `now`; else undefined. */
export async function validToken(db: Db, token: string, now: Date): Promise<TokenOwner | undefined> {
  if (!token.startsWith(TOKEN_PREFIX) || token.length > MAX_TOKEN_LENGTH) return undefined;
  const row = await findToken(db, hashToken(token));
  const at = now.getTime();
  if (!row || (row.expires_at !== null && Date.parse(row.expires_at) <= at)) return undefined;
  const banned = row.banned === true || row.banned === 1;
  return banned && (row.banExpires === null || new Date(row.banExpires).getTime() > at) ? undefined : row;
}

const invalid = () => new ApiError(401, "UNAUTHENTICATED", errorText("tokenInvalid"));

/**
 * Signs the request in as the token's owner (c.get("user"), c.get("apiToken")), or answers 401; a read-only token
 * asking to write gets 403. The request's cookie, if any, is not read: a token request is the token's alone.
 */
export async function signInWithToken(c: Context<AppEnv>, token: string, next: Next): Promise<void> {
  const db = c.get("db");
  const now = c.get("now");
  const row = await validToken(db, token, now);
  if (!row) throw invalid();
  const at = now.getTime();
  // Set before the scope check, so that the request's log line names the token and its user (log/request-log.ts).
  c.set("user", { id: row.userId, email: row.email, name: row.name });
  c.set("apiToken", { id: row.id, scope: row.scope });
  if (row.scope !== "read-write" && WRITE_METHODS.has(c.req.method))
    throw new ApiError(403, "FORBIDDEN", errorText("tokenReadOnly"));
  if (row.last_used_at === null || at - Date.parse(row.last_used_at) >= LAST_USED_STEP_MS)
    await markUsed(db, row.id, now.toISOString());
  await next();
}
