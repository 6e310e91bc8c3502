import type { Db } from "../db/database";

// Better Auth's verification table (its migrations own it): a reset link is `reset-password:<token>`, value = user id.
type VerificationTable = { identifier: string; value: string };
export const RESET_LINK_PREFIX = "reset-password:";

/** Deletes every reset link of the user, except `keep` (the identifier of a link just issued). */
export async function revokeResetLinks(db: Db, userId: string, keep?: string): Promise<void> {
  let query = db
    .withTables<{ verification: VerificationTable }>()
    .deleteFrom("verification")
    .where("value", "=", userId)
    .where("identifier", "like", `${RESET_LINK_PREFIX}%`);
  if (keep !== undefined) query = query.where("identifier", "!=", keep);
  await query.execute();
}
