// A Loop Habit Tracker backup imported through Settings in Chromium: each format and version of test/fixtures/loop
// (scripts/make-loop-fixtures.ts), the preview's exact counts, "Add to my habits" and "Replace my habits" (with the
// backup import's question), skips kept, and every broken file refused with nothing changed.
import { api, test, expect } from "./support/fixtures";
import type { Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { messages } from "../src/core/messages";
import { settingsCopy } from "../src/web/features/settings/settings-copy";
import { row, seedHabits, serverHabits, todayIn } from "./support/habits";
import { gotoApp } from "./support/page-clock";
import { expectNoSeriousA11yViolations, settle, THEMES, useTheme, VIEWPORTS } from "./support/page-checks";

const t = messages.loopImport;
const DIR = join(import.meta.dirname, "..", "test", "fixtures", "loop");
const T = todayIn("UTC");
test.use({ timezoneId: "UTC" });

type Saved = {
  id: string;
  name: string;
  completedDates: string[];
  skippedDates?: string[];
  archived?: boolean;
  kind?: string;
  values?: [string, number][];
  notes?: [string, string][];
};
const LONG = `Practise the piano scales ${"and arpeggios ".repeat(8)}slowly`.slice(0, 100).trim();

/** A habit in Loop's order: its counts (for a measured one, its days with a number and their total), range, archive. */
type Row = {
  name: string;
  done: number;
  skipped: number;
  first: string;
  last: string;
  archived: boolean;
  amounts?: { days: number; total: string; unit: string };
};
const yesNo = (
  name: string,
  done: number,
  skipped: number,
  first: string,
  last: string,
  archived = false,
): Row => ({
  name,
  done,
  skipped,
  first,
  last,
  archived,
});
const measured = (
  name: string,
  [days, total, unit]: [number, string, string],
  skipped: number,
  first: string,
  last: string,
): Row => ({ name, done: 0, skipped, first, last, archived: false, amounts: { days, total, unit } });
const countsOf = ({ done, skipped, amounts }: Row) =>
  amounts ? t.measuredCounts(amounts.days, amounts.total, amounts.unit, skipped) : t.counts(done, skipped);
const full = (notes: boolean): Row[] => [
  yesNo('Read "Dune", 📚', 3, 0, "2024-02-01", "2024-02-03"),
  measured("Water", [7, "7.133", "L"], 1, "2024-03-01", "2024-03-09"),
  yesNo("Meditate, 10 min", 10, 2, "2024-01-01", notes ? "2024-01-14" : "2024-01-12"),
  measured("Sugar", [3, "4", "cookies"], 0, "2024-04-01", "2024-04-03"),
  yesNo("Old habit", 5, 1, "2023-05-01", "2023-05-06", true),
  yesNo(LONG, 1, 0, "2024-06-01", "2024-06-01"),
  yesNo("Gym", 3, 0, "2024-05-01", "2024-05-07"),
  measured("Run", [3, "20.5", "km"], 0, "2024-05-06", "2024-05-11"),
  measured("Pages", [2, "215.5", "pages"], 0, "2024-05-02", "2024-05-20"),
  yesNo("Swim", 2, 0, "2024-05-03", "2024-05-17"),
];
const V12: Row[] = [
  yesNo('Read "Dune", 📚', 3, 0, "2024-02-01", "2024-02-03"),
  yesNo("Meditate, 10 min", 10, 0, "2024-01-01", "2024-01-10"),
  yesNo("Old habit", 5, 0, "2023-05-01", "2023-05-05", true),
  yesNo(LONG, 1, 0, "2024-06-01", "2024-06-01"),
  yesNo("Gym", 3, 0, "2024-05-01", "2024-05-07"),
  yesNo("Swim", 2, 0, "2024-05-03", "2024-05-17"),
];
/** A file's totals: [done, skipped, days with a number]. */
const totals = (rows: Row[]) => [
  rows.reduce((n, r) => n + r.done, 0),
  rows.reduce((n, r) => n + r.skipped, 0),
  rows.reduce((n, r) => n + (r.amounts?.days ?? 0), 0),
];

const WALK = { name: "Walk", completedDates: [T] };
const syncStatus = (page: Page) => page.getByTestId("settings-sync").getByRole("status");
const card = (page: Page) => page.getByTestId("settings-loop-import");
const status = (page: Page) => page.getByTestId("loop-import-status");

async function openSettings(page: Page) {
  await gotoApp(page, "/settings");
  await expect(syncStatus(page)).not.toContainText(settingsCopy.sync.states.pending.label);
}

async function choose(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent("filechooser");
  await card(page).getByRole("button", { name: t.choose }).click();
  await (await chooser).setFiles(file);
}
const fixture = (name: string) => ({
  name,
  mimeType: "application/octet-stream",
  buffer: readFileSync(join(DIR, name)),
});

async function expectPreview(page: Page, rows: Row[]) {
  const preview = page.getByTestId("loop-preview");
  await expect(preview.getByRole("heading", { level: 3 })).toHaveText(t.previewTitle(rows.length));
  const items = preview.getByTestId("loop-preview-habit");
  await expect(items).toHaveCount(rows.length);
  for (const [i, row] of rows.entries()) {
    const { name, first, last, archived } = row;
    const item = items.nth(i);
    await expect(item.getByText(name, { exact: true })).toBeVisible();
    await expect(item.getByTestId("loop-habit-counts")).toHaveText(countsOf(row));
    await expect(item.getByTestId("loop-habit-range")).toHaveText(t.range(first, last));
    await expect(item.getByText(t.archived, { exact: true })).toHaveCount(archived ? 1 : 0);
  }
  // Kinds and rules as they come in, and the one approximation, named.
  const item = (name: string) => items.filter({ has: page.getByText(name, { exact: true }) });
  await expect(item('Read "Dune", 📚').getByTestId("loop-habit-rule")).toHaveText(
    t.due(t.howOften(3, "week")),
  );
  await expect(item("Gym").getByTestId("loop-habit-note")).toHaveText(
    t.notes.approximated("Gym", t.loopHowOften(1, 3), t.howOften(2, "week")),
  );
  if (rows !== V12)
    await expect(item("Run").getByTestId("loop-habit-rule")).toHaveText(t.target(false, 20, "km", "week"));
}

/** The server's habits as [name, done, skipped, days with a number, archived], in list order. */
const facts = (habits: Saved[]) =>
  habits.map((h) => [
    h.name,
    h.completedDates.length,
    h.skippedDates?.length ?? 0,
    h.values?.length ?? 0,
    !!h.archived,
  ]);
const rowFacts = (rows: Row[]) =>
  rows.map((r) => [r.name, r.done, r.skipped, r.amounts?.days ?? 0, r.archived]);
const walkRow = ["Walk", 1, 0, 0, false];

for (const [file, rows, notes, format, action] of [
  ["loop-v12.db", V12, 0, t.formatDb(12), "add"],
  ["loop-v22.db", full(false), 0, t.formatDb(22), "add"],
  ["loop-v25.db", full(true), 4, t.formatDb(25), "replace"],
  ["Loop Habits CSV 2024-07-01.zip", full(true), 4, t.formatCsv, "replace"],
] as const) {
  test(`${file}: the preview's counts, then ${action === "add" ? "added to" : "replacing"} the user's habits`, async ({
    signedInPage: page,
    server,
    user,
  }) => {
    await seedHabits(server, user, [WALK]);
    await openSettings(page);
    await choose(page, fixture(file));
    await expectPreview(page, rows);
    const [done = 0, skipped = 0, valueDays = 0] = totals(rows);
    const more = valueDays + notes > 0 ? ` ${t.moreTotals(valueDays, notes)}` : "";
    await expect(page.getByTestId("loop-preview")).toContainText(
      `${format}. ${t.totals(done, skipped)}${more}`,
    );
    if (action === "add") {
      await card(page).getByRole("button", { name: t.add }).click();
      await expect(status(page)).toHaveText(t.added(rows.length));
    } else {
      await card(page).getByRole("button", { name: t.replace }).click();
      const dialog = page.getByRole("dialog");
      await expect(dialog.getByRole("heading")).toHaveText(messages.importConfirm.question(1, rows.length));
      await dialog.getByRole("button", { name: messages.importConfirm.replace }).click();
      await expect(status(page)).toHaveText(t.replaced(rows.length));
    }
    await expect(page.getByTestId("loop-preview")).toHaveCount(0);
    const saved = (await serverHabits(server, user)) as Saved[];
    expect(facts(saved)).toEqual(action === "add" ? [walkRow, ...rowFacts(rows)] : rowFacts(rows));
    // Skips kept as skips, on their days; amounts and notes as they were.
    const meditate = saved.find((h) => h.name === "Meditate, 10 min");
    expect(meditate?.skippedDates).toEqual(rows === V12 ? [] : ["2024-01-11", "2024-01-12"]);
    if (rows !== V12) {
      const water = saved.find((h) => h.name === "Water");
      expect(water?.kind).toBe("measurable");
      expect(water?.values?.map(([, value]) => value)).toEqual([3, 2.5, 1, 0, 0.1, 0.2, 0.333]);
      expect(meditate?.notes?.length ?? 0).toBe(notes > 0 ? 3 : 0);
    }
    // Loop's reminders (the .db holds them, the CSV export does not) became the habits' own.
    const reminders = (await (await api(server, user, "/api/reminders")).json()) as {
      reminders: { time: string; habitId: string | null }[];
    };
    const nameOf = (id: string | null) => saved.find((h) => h.id === id)?.name;
    expect(reminders.reminders.map((r) => [nameOf(r.habitId), r.time]).sort()).toEqual(
      format === t.formatCsv
        ? []
        : [
            ["Gym", "18:15"],
            ["Meditate, 10 min", "07:30"],
            ['Read "Dune", 📚', "21:00"],
          ],
    );
    // This device's store has them too, without a reload: Today lists the habits that are not archived.
    await page.getByRole("link", { name: "Today" }).first().click();
    await expect(page.getByRole("heading", { name: "Today", level: 1 })).toBeVisible();
    for (const { name, archived } of rows) if (!archived) await expect(row(page, name)).toBeVisible();
    if (action === "add") await expect(row(page, "Walk")).toBeVisible();
    else await expect(row(page, "Walk")).toHaveCount(0);
  });
}

test("a replace the user cancels changes nothing; Cancel drops the preview", async ({
  signedInPage: page,
  server,
  user,
}) => {
  await seedHabits(server, user, [WALK]);
  await openSettings(page);
  await choose(page, fixture("loop-v22.db"));
  await card(page).getByRole("button", { name: t.replace }).click();
  await page.getByRole("dialog").getByRole("button", { name: messages.importConfirm.cancel }).click();
  await expect(status(page)).toHaveText(t.rejected(t.cancelled));
  await expect(page.getByTestId("loop-preview")).toBeVisible();
  await card(page).getByRole("button", { name: t.cancel, exact: true }).click();
  await expect(page.getByTestId("loop-preview")).toHaveCount(0);
  expect(facts((await serverHabits(server, user)) as Saved[])).toEqual([walkRow]);
});

const p = t.problems;
const BROKEN: [string, () => { name: string; mimeType: string; buffer: Buffer }, RegExp | string][] = [
  [
    "a truncated .db",
    () => fixture("truncated.db"),
    new RegExp(`^${escape(t.rejected(p.damaged("")).slice(0, -3))}`),
  ],
  ["a .db of version 30", () => fixture("version-30.db"), t.rejected(p.version(30, 12, 25))],
  [
    "a SQLite file that is not Loop's",
    () => fixture("not-loop.db"),
    t.rejected(p.notLoopDatabase("Habits and Repetitions")),
  ],
  ["a zip without Habits.csv", () => fixture("no-habits-csv.zip"), t.rejected(p.noHabitsCsv)],
  [
    "a damaged zip",
    () => fixture("damaged.zip"),
    new RegExp(`^${escape(t.rejected(p.damaged("")).slice(0, -3))}`),
  ],
  [
    "a bad CSV row",
    () => fixture("bad-row.zip"),
    t.rejected(p.badRow("003 Sugar/Checkmarks.csv", 3, '"lots" is not a checkmark value')),
  ],
  ["a file that is neither SQLite nor zip", () => fixture("notes.txt"), t.rejected(p.notLoop)],
  [
    "a file over 20 MB",
    () => ({
      name: "huge.db",
      mimeType: "application/octet-stream",
      buffer: Buffer.alloc(20 * 1024 * 1024 + 1),
    }),
    t.rejected(p.tooLarge(20)),
  ],
];

function escape(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

test("every broken file is refused with its reason, and nothing changes", async ({
  signedInPage: page,
  server,
  user,
}) => {
  await seedHabits(server, user, [WALK]);
  await openSettings(page);
  for (const [label, file, message] of BROKEN) {
    await test.step(label, async () => {
      await choose(page, file());
      await expect(status(page)).toHaveText(message);
      await expect(page.getByTestId("loop-preview")).toHaveCount(0);
    });
  }
  expect(facts((await serverHabits(server, user)) as Saved[])).toEqual([walkRow]);
});

test("the preview at 375 and 1280 px in both themes: no sideways scroll, 44 px targets, no serious axe violation", async ({
  signedInPage: page,
}) => {
  await openSettings(page);
  await choose(page, fixture("loop-v25.db"));
  await expect(page.getByTestId("loop-preview-habit")).toHaveCount(10);
  const buttons = [t.choose, t.add, t.replace, t.cancel].map((name) =>
    card(page).getByRole("button", { name, exact: true }),
  );
  for (const theme of THEMES) {
    for (const [label, size] of Object.entries(VIEWPORTS)) {
      await page.setViewportSize(size);
      await useTheme(page, theme);
      await settle(page);
      for (const button of buttons) expect((await button.boundingBox())?.height).toBeGreaterThanOrEqual(44);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
      await card(page).scrollIntoViewIfNeeded();
      await card(page).screenshot({
        path: `test-results/screenshots/loop-import-${theme}-${label}-${size.width}.png`,
      });
      await expectNoSeriousA11yViolations(page);
    }
  }
});
