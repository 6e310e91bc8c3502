// "Export for Loop Habit Tracker" in Settings at phone width (docs/decisions/0071): the download is named by the day
// and opens as Loop's version 25 database with the user's habits, their uuids, days, numbers, notes and reminder;
// axe finds nothing on Settings.
import AxeBuilder from "@axe-core/playwright";
import Database from "better-sqlite3";
import { readFileSync } from "node:fs";
import { api, test, expect } from "./support/fixtures";
import { messages } from "../src/core/messages";
import { loopExportFileName } from "../src/core/loop-import/loop-export";
import { settingsCopy } from "../src/web/features/settings/settings-copy";
import { serverHabits, todayIn } from "./support/habits";
import { gotoApp } from "./support/page-clock";
import { settle, VIEWPORTS } from "./support/page-checks";

const t = messages.loopExport;
const T = todayIn("UTC");
test.use({ timezoneId: "UTC", viewport: VIEWPORTS.phone });

const LOOP_UUID = "0123456789abcdef0123456789abcdef";
// A backup (PUT /api/habits) of a Loop habit with its uuid and reminder, and a measurable one made here.
const ITEMS = [
  {
    name: "Meditate",
    completedDates: ["2024-01-01", "2024-01-02"],
    skippedDates: ["2024-01-03"],
    notes: [["2024-01-02", "Calm"]],
    uuid: LOOP_UUID,
    reminder: { time: "07:30", weekdays: [1, 2, 3, 4, 5] },
  },
  {
    name: "Water",
    completedDates: [],
    kind: "measurable",
    rules: [
      { from: "2024-03-01", frequency: null, target: { atMost: false, amount: 2.5, per: "day", unit: "L" } },
    ],
    values: [
      ["2024-03-01", 3],
      ["2024-03-02", 0.25],
    ],
  },
];

test("writes the user's habits as a Loop backup of version 25, and Settings has no axe violation", async ({
  signedInPage: page,
  server,
  user,
}) => {
  const seeded = await api(server, user, "/api/habits", { method: "PUT", body: JSON.stringify(ITEMS) });
  expect(seeded.ok, await seeded.text()).toBe(true);
  const water = (await serverHabits(server, user)).find((h) => h.name === "Water") as { id: string };

  await gotoApp(page, "/settings");
  await expect(page.getByTestId("settings-sync").getByRole("status")).not.toContainText(
    settingsCopy.sync.states.pending.label,
  );
  const card = page.getByTestId("settings-loop-export");
  await expect(card.getByRole("heading", { name: t.title })).toBeVisible();
  const download = page.waitForEvent("download");
  await card.getByRole("button", { name: t.button }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(loopExportFileName(T));
  await expect(card.getByTestId("loop-export-status")).toHaveText(t.done(loopExportFileName(T)));

  const db = new Database(readFileSync(await file.path()), { readonly: true });
  try {
    expect(db.pragma("user_version", { simple: true })).toBe(25);
    const habits = db
      .prepare(
        "select id, name, uuid, type, target_value, unit, reminder_hour, reminder_min, reminder_days from Habits order by position",
      )
      .all() as Record<string, string | number | null>[];
    expect(habits.map(({ id: _id, ...habit }) => habit)).toEqual([
      {
        name: "Meditate",
        uuid: LOOP_UUID,
        type: 0,
        target_value: 0,
        unit: "",
        reminder_hour: 7,
        reminder_min: 30,
        reminder_days: 0b1111100,
      },
      {
        name: "Water",
        uuid: water.id.replaceAll("-", ""),
        type: 1,
        target_value: 2.5,
        unit: "L",
        reminder_hour: null,
        reminder_min: null,
        reminder_days: 0,
      },
    ]);
    const days = db
      .prepare(
        "select h.name, r.timestamp, r.value, r.notes from Repetitions r join Habits h on h.id = r.habit order by h.position, r.timestamp",
      )
      .all() as { name: string; timestamp: number; value: number; notes: string }[];
    expect(
      days.map((d) => [d.name, new Date(d.timestamp).toISOString().slice(0, 10), d.value, d.notes]),
    ).toEqual([
      ["Meditate", "2024-01-01", 2, ""],
      ["Meditate", "2024-01-02", 2, "Calm"],
      ["Meditate", "2024-01-03", 3, ""],
      ["Water", "2024-03-01", 3000, ""],
      ["Water", "2024-03-02", 250, ""],
    ]);
  } finally {
    db.close();
  }

  await settle(page);
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});
