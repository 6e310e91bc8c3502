import type { Db } from "../db/database";
import type { LocalDate } from "../../core/local-date";
import type { ApiTokenScope } from "../../core/contract-schema";

export type SessionUser = { id: string; email: string; name: string };
/** The API token a request signed in with (tokens/bearer.ts). */
export type ApiTokenAuth = { id: string; scope: ApiTokenScope };

/** What every request handler can read from the context. */
export type AppEnv = {
  Variables: {
    /** The client's X-Request-Id when plain, else one made for this request (http/frame.ts). */
    requestId: string;
    /** The security headers of every answer (http/security.ts), for framedResponse (http/frame.ts). */
    securityHeaders: Readonly<Record<string, string>>;
    /** An answer made whole by its route (http/frame.ts: framedResponse). */
    framed: Response | undefined;
    db: Db;
    now: Date;
    user: SessionUser;
    /** When the request's session signed in (ms since the epoch); undefined for an API token's request. */
    signedInAt: number | undefined;
    /** Set when the request signed in with an API token (tokens/bearer.ts), not a session cookie. */
    apiToken: ApiTokenAuth | undefined;
    /** The user's local day: X-Local-Date when plausible, else the server's UTC date. */
    today: LocalDate;
  };
};
