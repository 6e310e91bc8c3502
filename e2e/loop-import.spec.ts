// A Loop Habit Tracker backup imported through Settings in Chromium: each format and version of test/fixtures/loop
// (scripts/make-loop-fixtures.ts), the preview's exact counts, "Add to my habits" and "Replace my habits" (with the
// backup import's question), skips kept, and every broken file refused with nothing changed.
import { test, expect } from "./support/fixtures";
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

type Saved = { name: string; completedDates: string[]; skippedDates?: string[]; archived?: boolean };
const LONG = `Practise the piano scales ${"and arpeggios ".repeat(8)}slowly`.slice(0, 100).trim();

/** [name, done, skipped, first, last, archived], in Loop's order. */
type Row = [string, number, number, string, string, boolean];
const FULL: Row[] = [
  ['Read "Dune", 📚', 3, 0, "2024-02-01", "2024-02-03", false],
  ["Water", 2, 1, "2024-03-01", "2024-03-06", false],
  ["Meditate, 10 min", 10, 2, "2024-01-01", "2024-01-12", false],
  ["Sugar", 2, 0, "2024-04-01", "2024-04-02", false],
  ["Old habit", 5, 1, "2023-05-01", "2023-05-06", true],
  [LONG, 1, 0, "2024-06-01", "2024-06-01", false],
];
const V12: Row[] = [
  ['Read "Dune", 📚', 3, 0, "2024-02-01", "2024-02-03", false],
  ["Meditate, 10 min", 10, 0, "2024-01-01", "2024-01-10", false],
  ["Old habit", 5, 0, "2023-05-01", "2023-05-05", true],
  [LONG, 1, 0, "2024-06-01", "2024-06-01", false],
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
  for (const [i, [name, done, skipped, first, last, archived]] of rows.entries()) {
    const item = items.nth(i);
    await expect(item.getByText(name, { exact: true })).toBeVisible();
    await expect(item.getByTestId("loop-habit-counts")).toHaveText(t.counts(done, skipped));
    await expect(item.getByTestId("loop-habit-range")).toHaveText(t.range(first, last));
    await expect(item.getByText(t.archived, { exact: true })).toHaveCount(archived ? 1 : 0);
  }
}

/** The server's habits as [name, done, skipped, first, last, archived], in list order. */
const facts = (habits: Saved[]): Row[] =>
  habits.map((h) => {
    const all = [...h.completedDates, ...(h.skippedDates ?? [])].sort();
    return [
      h.name,
      h.completedDates.length,
      h.skippedDates?.length ?? 0,
      all[0] ?? "",
      all.at(-1) ?? "",
      !!h.archived,
    ];
  });
const walkRow: Row = ["Walk", 1, 0, T, T, false];

for (const [file, rows, format, action] of [
  ["loop-v12.db", V12, t.formatDb(12), "add"],
  ["loop-v22.db", FULL, t.formatDb(22), "add"],
  ["loop-v25.db", FULL, t.formatDb(25), "replace"],
  ["Loop Habits CSV 2024-07-01.zip", FULL, t.formatCsv, "replace"],
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
    const done = rows.reduce((n, r) => n + r[1], 0);
    const skipped = rows.reduce((n, r) => n + r[2], 0);
    await expect(page.getByTestId("loop-preview")).toContainText(`${format}. ${t.totals(done, skipped)}`);
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
    expect(facts(saved)).toEqual(action === "add" ? [walkRow, ...rows] : rows);
    // Skips kept as skips, on their days.
    const meditate = saved.find((h) => h.name === "Meditate, 10 min");
    expect(meditate?.skippedDates).toEqual(rows === V12 ? [] : ["2024-01-11", "2024-01-12"]);
    // This device's store has them too, without a reload: Today lists the habits that are not archived.
    await page.getByRole("link", { name: "Today" }).first().click();
    await expect(page.getByRole("heading", { name: "Today", level: 1 })).toBeVisible();
    for (const [name, , , , , archived] of rows) if (!archived) await expect(row(page, name)).toBeVisible();
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
  await expect(page.getByTestId("loop-preview-habit")).toHaveCount(6);
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
