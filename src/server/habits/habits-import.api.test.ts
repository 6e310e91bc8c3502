import { beforeAll, describe, expect, it } from "vitest";
import { buildBackup } from "../../core/backup";
import { parseBackup, type BackupHabit } from "../../core/backup-schema";
import type { Habit } from "../../core/habit";
import { addDays } from "../../core/local-date";
import type { SyncPull } from "../../core/sync";
import { testDialects } from "../../../test/support/databases";
import { expectError, TEST_DAY, useTestServer, type TestUser } from "../../../test/support/api-server";

const days = (...offsets: number[]) => offsets.map((n) => addDays(TEST_DAY, n));
const backup: BackupHabit[] = [
  { name: "Read", completedDates: days(-2, -1, 0), streakCount: 99, lastCompletedDate: TEST_DAY },
  { id: "firestore-id-1", userId: "someone-else", name: "Run", completedDates: days(-10) },
  { name: "Stretch", completedDates: [] },
];
type Migration = { migrated: number; failed: number; skipped: boolean; habits: Habit[] };

describe.each(testDialects())("import and migration API on $dialect", (dialect) => {
  const t = useTestServer(dialect);
  const list = async (user: TestUser) => (await t.call<Habit[]>(user, "GET", "/api/habits")).body;
  const importAll = (user: TestUser, json: unknown) => t.call<Habit[]>(user, "PUT", "/api/habits", { json });
  const migrate = (user: TestUser, json: unknown) =>
    t.call<Migration>(user, "POST", "/api/habits/migrate", { json });
  const withHabits = async (user: TestUser, ...names: string[]) => {
    for (const name of names) await t.call(user, "POST", "/api/habits", { json: { name } });
    const habits = await list(user);
    await t.call(user, "PUT", `/api/habits/${habits[0]?.id}/completions/${TEST_DAY}`);
    return list(user);
  };
  // Signing up hashes a password at OWASP cost, so the users are made once, in parallel.
  let users: TestUser[] = [];
  beforeAll(async () => {
    users = await Promise.all(Array.from({ length: 9 }, () => t.signUp()));
  });
  const user = (i: number) => users[i]!;

  describe("PUT /api/habits (import)", () => {
    it("replaces every habit, keeping the file's order and dates and deriving the rest", async () => {
      const alice = user(0);
      const old = await withHabits(alice, "Old one", "Old two");
      const res = await importAll(alice, backup);
      expect(res.status).toBe(200);
      expect(res.body.map((h) => h.name)).toEqual(["Read", "Run", "Stretch"]);
      expect(res.body.map((h) => h.completedDates)).toEqual([days(-2, -1, 0), days(-10), []]);
      expect(res.body[0]).toMatchObject({
        streakCount: 3,
        bestStreak: 3,
        completedToday: true,
        userId: alice.id,
      });
      expect(res.body[1]).toMatchObject({ streakCount: 0, lastCompletedDate: days(-10)[0] });
      expect(res.body[1]?.id).not.toBe("firestore-id-1");
      expect(await list(alice)).toEqual(res.body);
      const ids = res.body.map((h) => h.id);
      for (const habit of old) expect(ids).not.toContain(habit.id);
    });

    it("re-imports its own export unchanged", async () => {
      const alice = user(1);
      const exported = await importAll(alice, backup);
      const again = await importAll(alice, exported.body);
      expect(again.status).toBe(200);
      const strip = (habits: Habit[]) => habits.map(({ name, completedDates }) => ({ name, completedDates }));
      expect(strip(again.body)).toEqual(strip(exported.body));
    });

    it("round-trips skipped days, schedule, archive flag, position and emoji through export and import", async () => {
      const alice = await t.signUp();
      const file = [
        {
          name: "Swim",
          completedDates: days(-3, 0),
          skippedDates: days(-2, -1, 0),
          schedule: { weekdays: [5, 1, 3] },
          archived: true,
          position: 2.5,
          emoji: "🏊",
        },
        { name: "Read", completedDates: days(-1), position: -1 },
        { name: "Walk", completedDates: [], schedule: null, emoji: null },
      ];
      const imported = await importAll(alice, file);
      expect(imported.status).toBe(200);
      // The list's order is the positions': Read (-1), Walk (its place in the file, 2), Swim (2.5).
      expect(imported.body.map((h) => [h.name, h.position])).toEqual([
        ["Read", -1],
        ["Walk", 2],
        ["Swim", 2.5],
      ]);
      const swim = imported.body[2]!;
      expect(swim).toMatchObject({
        completedDates: days(-3, 0),
        // A day both done and skipped is done.
        skippedDates: days(-2, -1),
        schedule: { weekdays: [1, 3, 5] },
        archived: true,
        emoji: "🏊",
        streakCount: 2,
      });
      expect(imported.body[1]).not.toHaveProperty("emoji");
      const pulled = (await t.call<SyncPull>(alice, "GET", "/api/sync")).body;
      expect(pulled.completions.find((d) => d.habitId === swim.id)).toEqual({
        habitId: swim.id,
        done: days(-3, 0),
        skipped: [`${days(-2)[0]}/${days(-1)[0]}`],
        undone: [],
        values: [],
        notes: [],
      });
      // The web's export of these habits imports to the same habits.
      const exported = (JSON.parse(buildBackup(imported.body)) as { habits: unknown[] }).habits;
      const again = await importAll(alice, exported);
      const facts = (habits: Habit[]) =>
        habits.map(({ name, completedDates, skippedDates, schedule, archived, position, emoji }) => ({
          ...{ name, completedDates, skippedDates, schedule, archived, position, emoji },
        }));
      expect(facts(again.body)).toEqual(facts(imported.body));
    });

    it("round-trips a version 2 file: kinds, rules, steps, numbers, notes, and a habit's reminder", async () => {
      const alice = await t.signUp();
      const target = { atMost: false, amount: 8, per: "day", unit: "glasses" } as const;
      const file = parseBackup(
        JSON.stringify({
          version: 2,
          habits: [
            {
              name: "Water",
              completedDates: [],
              skippedDates: days(-2),
              kind: "measurable",
              rules: [
                { from: days(-30)[0], frequency: null, target },
                { from: days(-5)[0], frequency: { weekdays: [1, 2] }, target: { ...target, amount: 6 } },
              ],
              step: 0.5,
              values: [
                [days(-1)[0], 7.25],
                [days(-2)[0], 3],
              ],
              notes: [[days(-1)[0], 'Tea, "green"']],
              reminder: { time: "09:30", weekdays: [1, 2] },
            },
            { name: "Read", completedDates: days(-1), notes: [[days(0)[0], "Chapter 2"]] },
          ],
        }),
      );
      if (!file.ok) throw new Error(file.reason);
      const imported = await importAll(alice, file.habits);
      expect(imported.status, JSON.stringify(imported.body)).toBe(200);
      const [water, read] = imported.body;
      expect(water).toMatchObject({
        kind: "measurable",
        step: 0.5,
        rules: file.habits[0]!.rules,
        // The schedule a previous release's app sees: the last rule's weekdays.
        schedule: { weekdays: [1, 2] },
        values: [
          [days(-2)[0], 3],
          [days(-1)[0], 7.25],
        ],
        notes: [[days(-1)[0], 'Tea, "green"']],
        skippedDates: days(-2),
      });
      expect(read).toMatchObject({
        kind: "yesNo",
        step: 1,
        completedDates: days(-1),
        notes: [[TEST_DAY, "Chapter 2"]],
      });
      const reminders = (
        await t.call<{ reminders: { habitId: string | null; time: string }[] }>(
          alice,
          "GET",
          "/api/reminders",
        )
      ).body;
      // With its weekdays, which the Loop export writes back (docs/decisions/0071).
      expect(reminders.reminders).toEqual([
        expect.objectContaining({ habitId: water!.id, time: "09:30", weekdays: [1, 2] }),
      ]);
      // The day with only a number is one stored day, pulled with its number.
      const pulled = (await t.call<SyncPull>(alice, "GET", "/api/sync")).body;
      expect(pulled.completions.find((d) => d.habitId === water!.id)).toMatchObject({
        values: [
          [days(-2)[0], 3],
          [days(-1)[0], 7.25],
        ],
        undone: days(-1),
        skipped: days(-2),
      });
      // Its export, read back by the app's parser, imports to the same habits.
      const exported = parseBackup(buildBackup(imported.body));
      if (!exported.ok) throw new Error(exported.reason);
      const again = await importAll(alice, exported.habits);
      const facts = (habits: Habit[]) =>
        habits.map(({ name, completedDates, skippedDates, schedule, kind, rules, step, values, notes }) => ({
          ...{ name, completedDates, skippedDates, schedule, kind, rules, step, values, notes },
        }));
      expect(facts(again.body)).toEqual(facts(imported.body));
    });

    it("takes the backup file itself, { version: 2, habits }, as the body", async () => {
      const alice = await t.signUp();
      const file = JSON.parse(buildBackup(await importAll(alice, backup).then((r) => r.body))) as unknown;
      expect(file).toMatchObject({ version: 2 });
      const again = await importAll(alice, file);
      expect(again.status, JSON.stringify(again.body)).toBe(200);
      expect(again.body.map((h) => [h.name, h.completedDates])).toEqual(
        backup.map((h) => [h.name, h.completedDates]),
      );
    });

    it("imports a file of the previous release exactly as before: defaults, and the file's order as positions", async () => {
      const alice = await t.signUp();
      const res = await importAll(alice, backup);
      expect(res.body.map((h) => [h.name, h.position, h.archived, h.schedule, h.skippedDates])).toEqual([
        ["Read", 0, false, null, []],
        ["Run", 1, false, null, []],
        ["Stretch", 2, false, null, []],
      ]);
      for (const habit of res.body) expect(habit).not.toHaveProperty("emoji");
    });

    it("empties the list when the file is an empty array", async () => {
      const alice = user(2);
      await withHabits(alice, "Gone");
      expect((await importAll(alice, [])).body).toEqual([]);
      expect(await list(alice)).toEqual([]);
    });

    it.each([
      ["an object instead of an array", { habits: backup }, /JSON array of habits/],
      ["a backup of a later version", { version: 3, habits: backup }, /version 3 needs a newer app/],
      [
        "a bad item last",
        [...backup, { name: "", completedDates: [] }],
        /\[3\]\.name: Habit name cannot be empty/,
      ],
      [
        "an impossible date",
        [{ name: "A", completedDates: ["2026-02-30"] }],
        /\[0\]\.completedDates\[0\]: must be a real/,
      ],
      ["a duplicate date", [{ name: "A", completedDates: [TEST_DAY, TEST_DAY] }], /duplicate date/],
      ["an unknown field", [{ name: "A", completedDates: [], colour: "red" }], /colour/],
      ["missing dates", [{ name: "A" }], /completedDates/],
      ["an oversized name", [{ name: "x".repeat(101), completedDates: [] }], /at most 100/],
      [
        "too many habits",
        Array.from({ length: 1001 }, () => ({ name: "A", completedDates: [] })),
        /at most 1000/,
      ],
    ])("rejects %s with 400 and changes nothing", async (_label, json, message) => {
      const alice = user(3);
      const before = await list(alice);
      expectError(await importAll(alice, json), 400, "VALIDATION_FAILED", message);
      expect(await list(alice)).toEqual(before);
    });

    it("accepts a backup far larger than an ordinary request body", async () => {
      const alice = user(3);
      const history = Array.from({ length: 3000 }, (_, i) => addDays(TEST_DAY, -i)).reverse();
      const big = Array.from({ length: 30 }, (_, i) => ({ name: `Habit ${i}`, completedDates: history }));
      expect(JSON.stringify(big).length).toBeGreaterThan(1024 * 1024);
      const res = await importAll(alice, big);
      expect(res.status).toBe(200);
      expect(res.body).toHaveLength(30);
      expect(res.body[0]).toMatchObject({ name: "Habit 0", streakCount: 3000, completionRate: 100 });
    });

    it("applies concurrent imports one after the other, never mixing two files", async () => {
      const alice = user(4);
      const files = Array.from({ length: 5 }, (_, i) => [
        { name: `File ${i} first`, completedDates: [] },
        { name: `File ${i} second`, completedDates: [TEST_DAY] },
      ]);
      const results = await Promise.all(files.map((file) => importAll(alice, file)));
      expect(results.map((r) => r.status)).toEqual(Array(5).fill(200));
      const names = (await list(alice)).map((h) => h.name);
      expect(files.map((file) => file.map((h) => h.name))).toContainEqual(names);
    });

    it("leaves other users' habits alone", async () => {
      const [alice, bob] = [user(4), user(5)];
      const bobs = await withHabits(bob, "Bob's");
      await importAll(alice, backup);
      expect(await list(bob)).toEqual(bobs);
    });
  });

  describe("POST /api/habits/migrate", () => {
    it("copies the local habits when the user has none, then skips every rerun", async () => {
      const alice = user(6);
      const first = await migrate(alice, backup);
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ migrated: 3, failed: 0, skipped: false });
      expect(first.body.habits.map((h) => h.name)).toEqual(["Read", "Run", "Stretch"]);
      const second = await migrate(alice, backup);
      expect(second.body).toEqual({ migrated: 0, failed: 0, skipped: true, habits: first.body.habits });
      expect(await list(alice)).toEqual(first.body.habits);
    });

    it("creates nothing twice when ten migrations race", async () => {
      const alice = user(7);
      const results = await Promise.all(Array.from({ length: 10 }, () => migrate(alice, backup)));
      expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
      expect(results.filter((r) => !r.body.skipped)).toHaveLength(1);
      expect(results.reduce((sum, r) => sum + r.body.migrated, 0)).toBe(3);
      expect((await list(alice)).map((h) => h.name)).toEqual(["Read", "Run", "Stretch"]);
    });

    it("skips when the user already has habits", async () => {
      const alice = user(8);
      const existing = await withHabits(alice, "Cloud habit");
      const res = await migrate(alice, backup);
      expect(res.body).toEqual({ migrated: 0, failed: 0, skipped: true, habits: existing });
    });

    it("counts the habits it cannot read as failed and copies the rest", async () => {
      const alice = await t.signUp();
      const local = [
        backup[0],
        { name: "   ", completedDates: [] },
        "not a habit",
        { name: "Run", completedDates: ["x"] },
      ];
      const res = await migrate(alice, local);
      expect(res.body).toMatchObject({ migrated: 1, failed: 3, skipped: false });
      expect((await list(alice)).map((h) => h.name)).toEqual(["Read"]);
    });

    it.each([
      ["an object", { habits: backup }, /must be a JSON array/],
      [
        "too many habits",
        Array.from({ length: 1001 }, () => ({ name: "A", completedDates: [] })),
        /at most 1000/,
      ],
    ])("rejects %s with 400", async (_label, json, message) => {
      const alice = user(2);
      expectError(await migrate(alice, json), 400, "VALIDATION_FAILED", message);
    });
  });
});
