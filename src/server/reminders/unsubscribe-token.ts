// The e-mail digest's one-click unsubscribe link: a token that names the user and is signed with the
// server's auth secret, so that it works without signing in and cannot be made for another user.
import { createHmac, timingSafeEqual } from "node:crypto";

const PURPOSE = "habit-streaks reminder-unsubscribe v1";

const macOf = (secret: string, userId: string) =>
  createHmac("sha256", secret).update(`${PURPOSE}\n${userId}`).digest("base64url");

export function unsubscribeToken(secret: string, userId: string): string {
  return `${Buffer.from(userId, "utf8").toString("base64url")}.${macOf(secret, userId)}`;
}

/** The user the token names, or null when it is malformed or its signature does not match. */
export function verifyUnsubscribeToken(secret: string, token: string): string | null {
  if (token.length > 512) return null;
  const match = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match?.[1] || !match[2]) return null;
  const userId = Buffer.from(match[1], "base64url").toString("utf8");
  if (userId.length === 0 || Buffer.from(userId, "utf8").toString("base64url") !== match[1]) return null;
  const expected = Buffer.from(macOf(secret, userId));
  const given = Buffer.from(match[2]);
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
}
