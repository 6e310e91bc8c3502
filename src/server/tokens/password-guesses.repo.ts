// Password guesses when making an API token, counted per account in Better Auth's rate-limit table (its
// migrations own it), so that the count holds across restarts and server processes as the sign-in limits do.
import { sql } from "kysely";
import { randomUUID } from "node:crypto";
import type { Db } from "../db/database";

type RateLimitTable = { id: string; key: string; count: number; lastRequest: number };

export type Guesses = { count: number; windowStart: number };

/**
 * Counts one guess of the user's, in one statement: a window starts at its first guess and lasts `windowMs`;
 * the count starts again at 1 after it. Answers the window's count and start.
 */
export async function countGuess(db: Db, userId: string, now: number, windowMs: number): Promise<Guesses> {
  const row = await db
    .withTables<{ rateLimit: RateLimitTable }>()
    .insertInto("rateLimit")
    .values({ id: randomUUID(), key: `api-token-password:${userId}`, count: 1, lastRequest: now })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({
        count: sql`case when excluded."lastRequest" - "rateLimit"."lastRequest" >= ${windowMs} then 1
          else "rateLimit"."count" + 1 end`,
        lastRequest: sql`case when excluded."lastRequest" - "rateLimit"."lastRequest" >= ${windowMs}
          then excluded."lastRequest" else "rateLimit"."lastRequest" end`,
      }),
    )
    .returning(["count", "lastRequest"])
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), windowStart: Number(row.lastRequest) };
}
