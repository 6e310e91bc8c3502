import type { Db } from "../db/database";
import type { LocalDate } from "../../core/local-date";

export type SessionUser = { id: string; email: string; name: string };

/** What every request handler can read from the context. */
export type AppEnv = {
  Variables: {
    db: Db;
    now: Date;
    user: SessionUser;
    /** The user's local day: X-Local-Date when plausible, else the server's UTC date. */
    today: LocalDate;
  };
};
