// Migration 0011 (docs/decisions/0053-mail-only-to-verified-addresses.md) on a database an earlier release left, on
// both dialects: an account keeps working, and its address counts as verified only if it was.
import { describe, expect, it } from "vitest";
import type { ReminderSettings } from "../../core/contract-schema";
import { testDialects } from "../../../test/support/databases";
import { buildOldDatabase } from "../../../test/support/old-database";
import { pinnedClock, startTestServer } from "../../../test/support/test-server";
import { isPostgres } from "./database";

describe.each(testDialects())("migration 0011 (e-mail consent) on $dialect", (dialect) => {
  it("mails reminders to an account verified before the upgrade, and not to one that was not", async () => {
    const database = await dialect.create();
    try {
      const { accounts, filled } = await buildOldDatabase(
        database.url,
        "0010_api_tokens",
        async (db, users) => {
          const [verified, unverified] = users.map((u) => u.id);
          await db
            .updateTable("user")
            .set({ emailVerified: isPostgres(db) ? true : 1 })
            .where("id", "=", verified!)
            .execute();
          // Both had the digest on (the old default was a row with email_enabled 1, or none)
          await db
            .insertInto("reminder_settings")
            .values({ user_id: unverified!, time_zone: "UTC" })
            .execute();
          return users.map((u) => u.id);
        },
        2,
      );
      const t = await startTestServer({ databaseUrl: database.url, clock: pinnedClock(), mailbox: true });
      try {
        const expected = [
          { verified: true, email: true },
          { verified: false, email: false },
        ];
        for (const [i, account] of accounts.entries()) {
          const signedIn = await t.post("/sign-in/email", {
            email: account.email,
            password: account.password,
          });
          expect(signedIn.status).toBe(200);
          const user = { cookie: signedIn.cookie };
          const settings = await t.call<ReminderSettings>(user, "GET", "/api/reminders");
          expect(settings.body.email).toEqual({
            enabled: expected[i]!.verified,
            available: true,
            verified: expected[i]!.verified,
          });
          const test = await t.call<{ email: boolean }>(user, "POST", "/api/reminders/test");
          expect(test.body.email, account.email).toBe(expected[i]!.email);
        }
        expect(filled).toHaveLength(2);
        expect(t.mailbox.mails.map((m) => m.to)).toEqual([[accounts[0]!.email.toLowerCase()]]);
      } finally {
        await t.close();
      }
    } finally {
      await database.drop();
    }
  });
});
