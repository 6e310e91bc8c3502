// How an event stream signed in, and whether that still holds (sync/stream-registry.ts re-checks it).
import type { Context } from "hono";
import type { Db } from "../db/database";
import type { AppEnv } from "../http/env";
import type { SessionLookup } from "../auth/session-lookup";
import { bearerOf, validToken } from "../tokens/bearer";
import { ApiError, errorText } from "../http/errors";
import type {
  StillValid,
  StreamCredential,
  StreamPlace,
  StreamRefusal,
  StreamRegistry,
} from "./stream-registry";

/** A place for the request's event stream, or why there is none. */
export type AdmitStream = (c: Context<AppEnv>) => StreamPlace | StreamRefusal;

/** The session cookie or API token the request signed in with (after requireUser, which checked it). */
export function streamCredential(c: Context<AppEnv>, sessions: SessionLookup): StreamCredential | null {
  const token = c.get("apiToken") ? bearerOf(c.req.header("authorization")) : undefined;
  if (token) return { kind: "token", token };
  const value = sessions.sessionOf(c.req.raw.headers);
  return value ? { kind: "session", value } : null;
}

/** The same checks as requireUser (http/frame.ts, tokens/bearer.ts): the session or token, its expiry, bans. */
export const streamStillValid =
  (db: Db, sessions: SessionLookup): StillValid =>
  async (userId, credential, now) => {
    if (credential.kind === "session") return (await sessions.byValue(credential.value, now))?.id === userId;
    return (await validToken(db, credential.token, now))?.userId === userId;
  };

/** Admits a signed-in request's stream under its session or token (after requireUser). */
export const streamAdmission =
  (streams: StreamRegistry, sessions: SessionLookup): AdmitStream =>
  (c) => {
    const credential = streamCredential(c, sessions);
    if (!credential) throw new ApiError(401, "UNAUTHENTICATED", errorText("signIn"));
    return streams.admit(c.get("user").id, credential);
  };
