import { createHmac, timingSafeEqual } from "node:crypto";
import type { Db } from "../db/database";
import type { SessionUser } from "../http/env";

/** How long this process trusts a session row it read: a revocation elsewhere takes effect within this bound. */
export const SESSION_CACHE_MS = 10_000;
/** Sessions kept at most; the oldest read goes first. */
const MAX_CACHED = 10_000;

/** The session's user, and when Better Auth made the session (its sign-in), in ms since the epoch. */
export type SessionSignIn = SessionUser & { signedInAt: number };

type SessionRow = SessionSignIn & {
  expiresAt: number;
  banned: boolean;
  banExpires: number | null;
  /** When the row was read, on the server's clock. */
  readAt: number;
};

/**
 * The API's session check: the same signed cookie and session row that Better Auth writes, read with one
 * indexed query, far cheaper than Better Auth's getSession, which also renews sessions (decision 0015). The
 * row is then kept in memory for SESSION_CACHE_MS, keyed by the signed cookie value, so the check costs no
 * query and no HMAC while it is fresh; expiry and bans are checked against the request's clock on every
 * request. `forgetAll` drops every kept row at once: the app calls it after every auth write in this process
 * (sign-out, revocations, account changes).
 * A revocation in another process (or by the `npm run user` script) takes effect within SESSION_CACHE_MS
 * (docs/decisions/0059-server-read-path.md).
 */
export function createSessionLookup(
  db: Db,
  secret: string,
  secureCookies: boolean,
  cacheMs = SESSION_CACHE_MS,
) {
  const cookieName = `${secureCookies ? "__Secure-" : ""}better-auth.session_token`;
  const cache = new Map<string, SessionRow>();
  // Bumped by forgetAll: a read that began before it must not put back the row it read.
  let generation = 0;

  /** The signed cookie value, or null without one (found by its name, without splitting the whole header). */
  const cookieValue = (cookieHeader: string | null): string | null => {
    if (!cookieHeader) return null;
    let from = 0;
    for (;;) {
      const at = cookieHeader.indexOf(cookieName, from);
      if (at < 0) return null;
      from = at + cookieName.length;
      // The name must be a whole cookie name: at the start or after ";" and spaces, and followed by "=" (spaces allowed).
      let before = at - 1;
      while (before >= 0 && (cookieHeader[before] === " " || cookieHeader[before] === "\t")) before--;
      if (before >= 0 && cookieHeader[before] !== ";") continue;
      let eq = from;
      while (cookieHeader[eq] === " " || cookieHeader[eq] === "\t") eq++;
      if (cookieHeader[eq] !== "=") continue;
      const end = cookieHeader.indexOf(";", eq + 1);
      const raw = cookieHeader.slice(eq + 1, end < 0 ? undefined : end).trim();
      try {
        return raw.includes("%") ? decodeURIComponent(raw) : raw;
      } catch {
        return null;
      }
    }
  };

  const tokenOf = (value: string): string | null => {
    const dot = value.lastIndexOf(".");
    if (dot <= 0) return null;
    const token = value.slice(0, dot);
    const given = Buffer.from(value.slice(dot + 1), "base64");
    const expected = createHmac("sha256", secret).update(token).digest();
    return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
  };

  const read = async (token: string, now: number): Promise<SessionRow | undefined> => {
    const row = await db
      .selectFrom("session")
      .innerJoin("user", "user.id", "session.userId")
      .select([
        "user.id",
        "user.email",
        "user.name",
        "user.banned",
        "user.banExpires",
        "session.expiresAt",
        "session.createdAt",
      ])
      .where("session.token", "=", token)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      id: row.id,
      email: row.email,
      name: row.name,
      expiresAt: new Date(row.expiresAt).getTime(),
      signedInAt: new Date(row.createdAt).getTime(),
      banned: row.banned === true || row.banned === 1,
      banExpires: row.banExpires === null ? null : new Date(row.banExpires).getTime(),
      readAt: now,
    };
  };

  const fresh = (row: SessionRow | undefined, now: number): row is SessionRow =>
    row !== undefined && now >= row.readAt && now - row.readAt < cacheMs;

  /** The answer from memory alone: the user, null when the request is refused, undefined when a read is needed. */
  const kept = (headers: Headers, now: Date): SessionSignIn | null | undefined => {
    const value = cookieValue(headers.get("cookie"));
    if (!value) return null;
    const at = now.getTime();
    const row = cache.get(value);
    if (!fresh(row, at)) return undefined;
    if (row.expiresAt <= at) return null;
    if (row.banned && (row.banExpires === null || row.banExpires > at)) return null;
    return { id: row.id, email: row.email, name: row.name, signedInAt: row.signedInAt };
  };

  /** The user of a signed cookie value (an event stream's session, checked again: sync/stream-registry.ts). */
  const byValue = async (value: string | null, now: Date): Promise<SessionSignIn | null> => {
    if (!value) return null;
    const at = now.getTime();
    let row = cache.get(value);
    if (!fresh(row, at)) {
      cache.delete(value);
      const token = tokenOf(value);
      if (!token) return null;
      const started = generation;
      row = await read(token, at);
      if (!row) return null;
      if (started === generation && cacheMs > 0) {
        cache.set(value, row);
        if (cache.size > MAX_CACHED) cache.delete(cache.keys().next().value!);
      }
    }
    if (row.expiresAt <= at) return null;
    if (row.banned && (row.banExpires === null || row.banExpires > at)) return null;
    return { id: row.id, email: row.email, name: row.name, signedInAt: row.signedInAt };
  };

  const lookup = (headers: Headers, now: Date) => byValue(cookieValue(headers.get("cookie")), now);

  return Object.assign(lookup, {
    kept,
    byValue,
    /** The request's signed session cookie value, or null without one. */
    sessionOf: (headers: Headers) => cookieValue(headers.get("cookie")),
    /** Every session is read again on its next use. */
    forgetAll: () => {
      generation++;
      cache.clear();
    },
    /** Sessions kept now (for tests). */
    size: () => cache.size,
  });
}

export type SessionLookup = ReturnType<typeof createSessionLookup>;
