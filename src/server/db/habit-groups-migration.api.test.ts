// Migration 0015 (docs/decisions/0070-habit-groups.md) on a database the previous release left, on both dialects:
// the user's settings and habits read as before, with no groups and every habit ungrouped, and groups then work.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { SyncPull, SyncPushResult } from "../../core/sync";
import { testDialects } from "../../../test/support/databases";
import { buildOldDatabase } from "../../../test/support/old-database";
import { pinnedClock, startTestServer } from "../../../test/support/test-server";

describe.each(testDialects())("migration 0015 (habit groups) on $dialect", (dialect) => {
  it("keeps the settings and habits, with no groups, and lets the user group a habit", async () => {
    const database = await dialect.create();
    const habitId = randomUUID();
    try {
      const { accounts } = await buildOldDatabase(database.url, "0014_habit_kinds", async (db, [user]) => {
        const at = "2026-11-01T00:00:00.000Z";
        await db
          .insertInto("habits")
          .values({
            id: habitId,
            user_id: user!.id,
            name: "Read",
            created_at: at,
            updated_at: at,
            version: 1,
            rules: '[{"from":"2026-11-01","frequency":null,"target":null}]',
          })
          .execute();
        await db
          .insertInto("user_settings")
          .values({
            user_id: user!.id,
            day_start: 120,
            vacations: '[{"from":"2026-11-10","to":"2026-11-12"}]',
            version: 2,
          })
          .execute();
        await db.insertInto("sync_state").values({ user_id: user!.id, version: 2 }).execute();
      });
      const t = await startTestServer({ databaseUrl: database.url, clock: pinnedClock() });
      try {
        const account = accounts[0]!;
        const signedIn = await t.post("/sign-in/email", { email: account.email, password: account.password });
        expect(signedIn.status).toBe(200);
        const user = { cookie: signedIn.cookie };
        const pull = await t.call<SyncPull>(user, "GET", "/api/sync");
        expect(pull.body.settings).toEqual({
          dayStart: 120,
          vacations: [{ from: "2026-11-10", to: "2026-11-12" }],
          weekStart: null,
          groups: [],
        });
        expect(pull.body.habits).toMatchObject([{ id: habitId, name: "Read", groupId: null }]);

        const groupId = randomUUID();
        const ops = [
          { opId: randomUUID(), type: "createGroup", groupId, name: "Evening" },
          { opId: randomUUID(), type: "updateHabit", habitId, groupId },
        ];
        const push = await t.call<SyncPushResult>(user, "POST", "/api/sync/push", { json: { ops } });
        expect(push.body.results.map((r) => r.status)).toEqual(["applied", "applied"]);
        const next = await t.call<SyncPull>(user, "GET", `/api/sync?cursor=${pull.body.cursor}`);
        expect(next.body.settings?.groups).toEqual([
          { id: groupId, name: "Evening", position: 0, folded: false },
        ]);
        expect(next.body.settings?.dayStart).toBe(120);
        expect(next.body.habits).toMatchObject([{ id: habitId, groupId }]);
      } finally {
        await t.close();
      }
    } finally {
      await database.drop();
    }
  });
});
