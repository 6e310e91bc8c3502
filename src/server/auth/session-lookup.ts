import { createHmac, timingSafeEqual } from "node:crypto";
import type { Db } from "../db/database";
import type { SessionUser } from "../http/env";

/**
 * The API's session check: the same signed cookie and session row that Better Auth writes, read with one
 * indexed query. Better Auth's getSession costs about 2 ms a request (it also renews sessions, which the app's
 * own /api/auth/get-session call does on every load); this costs about 0.05 ms.
 */
export function createSessionLookup(db: Db, secret: string, secureCookies: boolean) {
  const cookieName = `${secureCookies ? "__Secure-" : ""}better-auth.session_token`;

  const tokenFrom = (cookieHeader: string | null): string | null => {
    if (!cookieHeader) return null;
    for (const part of cookieHeader.split(";")) {
      const eq = part.indexOf("=");
      if (eq < 0 || part.slice(0, eq).trim() !== cookieName) continue;
      let value: string;
      try {
        value = decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return null;
      }
      const dot = value.lastIndexOf(".");
      if (dot <= 0) return null;
      const token = value.slice(0, dot);
      const given = Buffer.from(value.slice(dot + 1), "base64");
      const expected = createHmac("sha256", secret).update(token).digest();
      return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
    }
    return null;
  };

  return async (headers: Headers, now: Date): Promise<SessionUser | null> => {
    const token = tokenFrom(headers.get("cookie"));
    if (!token) return null;
    const row = await db
      .selectFrom("session")
      .innerJoin("user", "user.id", "session.userId")
      .select(["user.id", "user.email", "user.name", "user.banned", "user.banExpires", "session.expiresAt"])
      .where("session.token", "=", token)
      .executeTakeFirst();
    if (!row || new Date(row.expiresAt) <= now) return null;
    const banned = row.banned === true || row.banned === 1;
    if (banned && (row.banExpires === null || new Date(row.banExpires) > now)) return null;
    return { id: row.id, email: row.email, name: row.name };
  };
}

export type SessionLookup = ReturnType<typeof createSessionLookup>;
