// The API tokens' rows (tokens-migration.ts). A revoked token's row is deleted: nothing is left to match.
import type { Selectable } from "kysely";
import { locksRows, type Db } from "../db/database";
import type { ApiTokenInfo, ApiTokenScope } from "../../core/contract-schema";
import type { AuthUserTable } from "../db/schema";
import { onWriter } from "../db/writer";

export type ApiTokenTable = {
  id: string;
  user_id: string;
  name: string;
  token_hash: string;
  scope: ApiTokenScope;
  created_at: string;
  expires_at: string | null;
  last_used_at: string | null;
};

const withTokens = (db: Db) => db.withTables<{ api_tokens: ApiTokenTable }>();

const toInfo = (row: Selectable<ApiTokenTable>): ApiTokenInfo => ({
  id: row.id,
  name: row.name,
  scope: row.scope,
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
  expiresAt: row.expires_at,
});

/** The user's tokens, newest first. */
export async function listTokens(db: Db, userId: string): Promise<ApiTokenInfo[]> {
  const rows = await withTokens(db)
    .selectFrom("api_tokens")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id")
    .execute();
  return rows.map(toInfo);
}

/**
 * Inserts the token unless the user holds `max` already (null then): the count and the insert are one transaction,
 * which on PostgreSQL first locks the user's row, so that requests in parallel are counted one at a time; on
 * SQLite every transaction takes the one write lock (BEGIN IMMEDIATE) already.
 */
export const insertTokenWithin = onWriter(
  "insertTokenWithin",
  async function insertTokenWithin(db: Db, row: ApiTokenTable, max: number): Promise<ApiTokenInfo | null> {
    return db.transaction().execute(async (trx) => {
      if (locksRows(trx))
        await trx.selectFrom("user").select("id").where("id", "=", row.user_id).forUpdate().execute();
      const held = await withTokens(trx)
        .selectFrom("api_tokens")
        .select((eb) => eb.fn.countAll().as("n"))
        .where("user_id", "=", row.user_id)
        .executeTakeFirstOrThrow();
      if (Number(held.n) >= max) return null; // PostgreSQL answers count(*) as a string
      await withTokens(trx).insertInto("api_tokens").values(row).execute();
      return toInfo(row);
    });
  },
);

/** Deletes the user's token; false when there is no such token of theirs. */
export async function deleteToken(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await withTokens(db)
    .deleteFrom("api_tokens")
    .where("user_id", "=", userId)
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export type TokenOwner = Pick<ApiTokenTable, "id" | "scope" | "expires_at" | "last_used_at"> &
  Pick<AuthUserTable, "email" | "name" | "banned" | "banExpires"> & { userId: string };

/** The token with this hash and its owner, in one indexed read. */
export async function findToken(db: Db, tokenHash: string): Promise<TokenOwner | undefined> {
  return withTokens(db)
    .selectFrom("api_tokens")
    .innerJoin("user", "user.id", "api_tokens.user_id")
    .select([
      "api_tokens.id",
      "api_tokens.scope",
      "api_tokens.expires_at",
      "api_tokens.last_used_at",
      "user.id as userId",
      "user.email",
      "user.name",
      "user.banned",
      "user.banExpires",
    ])
    .where("api_tokens.token_hash", "=", tokenHash)
    .executeTakeFirst();
}

/** Revokes every token of the user: their password was reset or changed. */
export async function revokeUserTokens(db: Db, userId: string): Promise<void> {
  await withTokens(db).deleteFrom("api_tokens").where("user_id", "=", userId).execute();
}

export async function markUsed(db: Db, id: string, at: string): Promise<void> {
  await withTokens(db).updateTable("api_tokens").set({ last_used_at: at }).where("id", "=", id).execute();
}
