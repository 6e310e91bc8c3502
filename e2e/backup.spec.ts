// The backup file, import with its alerts and 'Failed to import habits', and export (docs/product.md, "Backup,
// import and export"); an import never loses data.
import { test, expect } from "./support/fixtures";
import type { Page, Route } from "@playwright/test";
import { readFileSync } from "node:fs";
import { backupFileName } from "../src/core/backup";
import { addDays, type LocalDate } from "../src/core/local-date";
import { messages } from "../src/core/messages";
import { backupCopy } from "../src/web/features/backup/backup-copy";
import { settingsCopy } from "../src/web/features/settings/settings-copy";
import {
  daysEnding,
  notice,
  openToday,
  seedHabits,
  serverError,
  serverHabits,
  todayIn,
  toggleOf,
} from "./support/habits";
import { gotoApp, reloadApp } from "./support/page-clock";

const T: LocalDate = todayIn("UTC");
test.use({ timezoneId: "UTC" });
test.beforeEach(async ({ page }) => page.clock.setFixedTime(new Date(`${T}T12:00:00Z`)));

const HISTORY = [
  { name: "Read", completedDates: daysEnding(T, 4) }, // streak 4
  { name: "Walk", completedDates: [...daysEnding(addDays(T, -10), 7), addDays(T, -1)] }, // streak 1, best 7
  { name: "Journal", completedDates: [] },
];

type File = { name: string; mimeType: string; buffer: Buffer };
const jsonFile = (text: string, name = "backup.json"): File => ({
  name,
  mimeType: "application/json",
  buffer: Buffer.from(text),
});
const valid = (extra: Record<string, unknown> = {}) => ({ name: "Imported", completedDates: [T], ...extra });

const syncStatus = (page: Page) => page.getByTestId("settings-sync").getByRole("status");

async function openSettings(page: Page) {
  await gotoApp(page, "/settings");
  await expect(syncStatus(page)).not.toContainText(settingsCopy.sync.states.pending.label);
}

async function chooseFile(page: Page, file: File) {
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: backupCopy.importButton }).click();
  await (await chooser).setFiles(file);
}

/** A valid file replacing the habits there are: the import asks first, and is told yes. */
async function importFile(page: Page, file: File) {
  await chooseFile(page, file);
  await page.getByRole("dialog").getByRole("button", { name: messages.importConfirm.replace }).click();
}

/** Accepts every alert and remembers its text. */
function recordAlerts(page: Page): string[] {
  const alerts: string[] = [];
  page.on("dialog", (dialog) => {
    alerts.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.accept();
  });
  return alerts;
}

/** Only the facts: names with their dates, in name order. */
const facts = (habits: { name: string; completedDates: string[] }[]) =>
  habits
    .map(({ name, completedDates }) => ({ name, completedDates }))
    .sort((a, b) => a.name.localeCompare(b.name));

test.describe("export", () => {
  test("downloads the habits as the dated backup file", async ({ signedInPage: page, server, user }) => {
    await seedHabits(server, user, HISTORY);
    await openSettings(page);
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: backupCopy.exportButton }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(backupFileName(T));
    expect(file.suggestedFilename()).toMatch(/^habit-streaks-backup-\d{4}-\d{2}-\d{2}\.json$/);
    const backup = JSON.parse(readFileSync(await file.path(), "utf8"));
    expect(backup.version).toBe(2);
    const rows = backup.habits;
    const saved = await serverHabits(server, user);
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      // The backup's first fields, then the history ones (written for every habit, here with their defaults).
      expect(Object.keys(row).sort()).toEqual([
        "archived",
        "completedDates",
        "createdAt",
        "emoji",
        "group",
        "id",
        "kind",
        "lastCompletedDate",
        "name",
        "notes",
        "position",
        "rules",
        "schedule",
        "skippedDates",
        "step",
        "streakCount",
        "updatedAt",
        "values",
      ]);
      expect(row).toMatchObject({
        skippedDates: [],
        schedule: null,
        archived: false,
        emoji: null,
        group: null,
      });
      expect(row.position).toEqual(expect.any(Number));
      expect(row.id).toBe(saved.find((h) => h.name === row.name)?.id);
    }
    expect(facts(rows)).toEqual(facts(HISTORY));
    const byName = Object.fromEntries(rows.map((r: { name: string }) => [r.name, r]));
    expect(byName.Read).toMatchObject({ streakCount: 4, lastCompletedDate: T });
    expect(byName.Walk).toMatchObject({ streakCount: 1, lastCompletedDate: addDays(T, -1) });
    expect(byName.Journal).toMatchObject({ streakCount: 0, lastCompletedDate: null });
    await expect(page.getByTestId("backup-status")).toHaveText(backupCopy.exported(backupFileName(T)));
  });

  test("is unavailable with no habits to export", async ({ signedInPage: page }) => {
    await openSettings(page);
    await expect(page.getByRole("button", { name: backupCopy.exportButton })).toBeDisabled();
    await expect(page.getByText(backupCopy.exportEmpty)).toBeVisible();
  });
});

test("export then import gives back the same habits, dates and streaks", async ({
  signedInPage: page,
  server,
  user,
}) => {
  await seedHabits(server, user, HISTORY);
  await openSettings(page);
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: backupCopy.exportButton }).click();
  const exported = readFileSync(await (await download).path(), "utf8");
  const before = await serverHabits(server, user);

  await seedHabits(server, user, [{ name: "Something else", completedDates: [T] }]);
  await reloadApp(page);
  const alerts = recordAlerts(page);
  await importFile(page, jsonFile(exported, backupFileName(T)));
  await expect(page.getByTestId("backup-status")).toHaveText(backupCopy.imported(3));
  expect(alerts).toEqual([]);
  const after = await serverHabits(server, user);
  expect(facts(after)).toEqual(facts(before));
  const streaks = (hs: typeof before) =>
    Object.fromEntries(hs.map((h) => [h.name, (h as unknown as { streakCount: number }).streakCount]));
  expect(streaks(after)).toEqual(streaks(before));
  await page.getByRole("link", { name: "Stats" }).first().click();
  const read = page.getByTestId("stats-habit").filter({ hasText: "Read" });
  await expect(read.locator('[data-metric="streak"]')).toHaveText("4 days");
  await expect(
    page.getByTestId("stats-habit").filter({ hasText: "Walk" }).locator('[data-metric="best"]'),
  ).toHaveText("7 days");
});

const SIX_MB = 6 * 1024 * 1024;
const BAD_FILES: [string, File, string, RegExp][] = [
  [
    "a file that is not .json",
    { name: "backup.txt", mimeType: "text/plain", buffer: Buffer.from(JSON.stringify([valid()])) },
    messages.validation.importInvalidFormat,
    /\.json/,
  ],
  [
    "JSON that is not an array",
    jsonFile(JSON.stringify({ habits: [valid()] })),
    messages.validation.importInvalidFormat,
    /array/,
  ],
  ["broken JSON", jsonFile('[{"name": "Read", '), messages.validation.importParseError, /JSON/],
  [
    "an item that is not a habit",
    jsonFile(JSON.stringify([valid(), { title: "Read" }])),
    messages.validation.importInvalidFormat,
    /item 2/,
  ],
  [
    "duplicate dates",
    jsonFile(JSON.stringify([valid({ completedDates: [T, T] })])),
    messages.validation.importInvalidFormat,
    /duplicate date/,
  ],
  [
    "an impossible date",
    jsonFile(JSON.stringify([valid({ completedDates: ["2026-02-30"] })])),
    messages.validation.importInvalidFormat,
    /completedDates/,
  ],
  [
    "an unknown field",
    jsonFile(JSON.stringify([valid({ colour: "red" })])),
    messages.validation.importInvalidFormat,
    /unknown field "colour"/,
  ],
  [
    "a 10,000-character name",
    jsonFile(JSON.stringify([valid({ name: "x".repeat(10_000) })])),
    messages.validation.importInvalidFormat,
    /at most 100/,
  ],
  [
    "a file of several megabytes",
    jsonFile(JSON.stringify([valid()]) + " ".repeat(SIX_MB)),
    messages.validation.importInvalidFormat,
    /larger than 5 MB/,
  ],
  ["an empty list", jsonFile("[]"), messages.validation.importInvalidFormat, /no habits/],
];

test.describe("rejected files change nothing", () => {
  for (const [label, file, alert, reason] of BAD_FILES) {
    test(`${label}: the import alert and a reason`, async ({ signedInPage: page, server, user }) => {
      await seedHabits(server, user, HISTORY);
      const before = await serverHabits(server, user);
      await openSettings(page);
      let writes = 0;
      page.on("request", (r) => {
        if (r.method() !== "GET" && new URL(r.url()).pathname.startsWith("/api/habits")) writes++;
      });
      const alerts = recordAlerts(page);
      await chooseFile(page, file);
      await expect(page.getByTestId("backup-status")).toContainText("Nothing was changed: ");
      await expect(page.getByTestId("backup-status")).toContainText(reason);
      await expect(page.getByRole("dialog")).toHaveCount(0); // nothing to confirm
      expect(alerts).toEqual([`alert: ${alert}`]);
      expect(writes).toBe(0);
      expect(await serverHabits(server, user)).toEqual(before);
      await expect(syncStatus(page)).toContainText(settingsCopy.sync.states.synced.label);
    });
  }
});

test("a failed import keeps the server's habits and loads the imported list locally", async ({
  signedInPage: page,
  server,
  user,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/status of 500/);
  await seedHabits(server, user, HISTORY);
  const before = await serverHabits(server, user);
  await openSettings(page);
  await page.route("**/api/habits", (route) =>
    route.request().method() === "PUT" ? route.fulfill(serverError) : route.fallback(),
  );
  const alerts = recordAlerts(page);
  await importFile(page, jsonFile(JSON.stringify([valid({ name: "From file" })])));
  await expect(notice(page, messages.habits.importFailed)).toBeVisible();
  await expect(page.getByTestId("backup-status")).toHaveText(backupCopy.failedDetail);
  expect(alerts).toEqual([]);
  expect(await serverHabits(server, user)).toEqual(before);
  await expect(syncStatus(page)).toContainText(settingsCopy.sync.states.local.label);
  await expect(syncStatus(page)).toContainText("1 change waiting to be sent."); // the import, queued
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({
    path: "test-results/screenshots/settings-import-failed-light-phone-375.png",
    fullPage: true,
  });
  await page.getByRole("link", { name: "Today" }).first().click();
  await expect(page.getByTestId("habit-row")).toHaveCount(1);
  await expect(page.getByTestId("habit-row")).toContainText("From file");
  await expect(toggleOf(page, "From file")).toHaveAttribute("aria-pressed", "true");
  expect(await serverHabits(server, user)).toEqual(before);
});

test("a failed import waits in the outbox and reaches the server once it can; importing again replaces it", async ({
  signedInPage: page,
  server,
  user,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/status of 500/);
  await seedHabits(server, user, HISTORY);
  await openSettings(page);
  let failing = true;
  await page.route("**/api/habits", (route) =>
    route.request().method() === "PUT" && failing ? route.fulfill(serverError) : route.fallback(),
  );
  const alerts = recordAlerts(page);
  const file = jsonFile(
    JSON.stringify([valid({ name: "From file" }), valid({ name: "Second", completedDates: [] })]),
  );
  const imported = [
    { name: "From file", completedDates: [T] },
    { name: "Second", completedDates: [] },
  ];

  await importFile(page, file);
  await expect(notice(page, messages.habits.importFailed)).toBeVisible();
  await expect(page.getByTestId("backup-status")).toHaveText(backupCopy.failedDetail);
  await expect(syncStatus(page)).toHaveAttribute("data-sync-state", "local");
  expect(facts(await serverHabits(server, user))).toEqual(facts(HISTORY));

  // The server takes writes again: the queued import reaches it as one replacement, then the copy is in sync.
  failing = false;
  await page.getByRole("button", { name: settingsCopy.sync.retry }).click();
  await expect(syncStatus(page)).toHaveAttribute("data-sync-state", "synced");
  expect(facts(await serverHabits(server, user))).toEqual(imported);

  // The same file again replaces the list again: still exactly the file's habits.
  await importFile(page, file);
  await expect(page.getByTestId("backup-status")).toHaveText(backupCopy.imported(2));
  await expect(syncStatus(page)).toHaveAttribute("data-sync-state", "synced");
  await expect(syncStatus(page)).toContainText(settingsCopy.sync.states.synced.label);
  expect(alerts).toEqual([]);
  expect(facts(await serverHabits(server, user))).toEqual(imported);

  await page.getByRole("link", { name: "Today" }).first().click();
  await expect(page.getByTestId("habit-row")).toHaveText([/From file/, /Second/]);
  await reloadApp(page);
  await expect(page.getByTestId("habit-row")).toHaveText([/From file/, /Second/]);
  await gotoApp(page, "/settings");
  await expect(syncStatus(page)).toHaveAttribute("data-sync-state", "synced");
});

/** The store holds the server's copy, and from now on the pull fails: the app works on the stored copy. */
async function onLocalData(
  page: Page,
  failPull: (route: Route) => Promise<void>,
  state: "local" | "offline" = "local",
) {
  await openToday(page);
  await expect(page.getByTestId("habit-row").first()).toBeVisible();
  await page.route((url) => url.pathname === "/api/sync", failPull);
  await openSettings(page);
  await expect(syncStatus(page)).toContainText(settingsCopy.sync.states[state].label);
}

test("working on local data, an import still goes to the server and brings back server data", async ({
  signedInPage: page,
  server,
  user,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/status of 500/);
  await seedHabits(server, user, HISTORY);
  let putSent = false;
  // The import's PUT only: the visit's PUT /api/reminders/time-zone (1.5 s after the app opens) is not it.
  page.on(
    "request",
    (r) => void (r.method() === "PUT" && new URL(r.url()).pathname === "/api/habits" && (putSent = true)),
  );
  // The pull fails until the import is sent, as a server that comes back for it would.
  await onLocalData(page, (route) => (putSent ? route.fallback() : route.fulfill(serverError)));
  await importFile(
    page,
    jsonFile(
      JSON.stringify([valid({ name: "Imported A" }), valid({ name: "Imported B", completedDates: [] })]),
    ),
  );
  await expect(page.getByTestId("backup-status")).toHaveText(backupCopy.imported(2));
  await expect(syncStatus(page)).toHaveAttribute("data-sync-state", "synced");
  expect(facts(await serverHabits(server, user))).toEqual([
    { name: "Imported A", completedDates: [T] },
    { name: "Imported B", completedDates: [] },
  ]);
});

test("working on local data with the server unreachable, an import says it failed and loads the file locally", async ({
  signedInPage: page,
  server,
  user,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/ERR_FAILED/);
  await seedHabits(server, user, HISTORY);
  const before = await serverHabits(server, user);
  const unreachable = (route: Route) => route.abort("failed");
  await page.route("**/api/habits**", unreachable);
  await onLocalData(page, unreachable, "offline"); // no answer at all: offline, on the stored copy
  await importFile(page, jsonFile(JSON.stringify([valid({ name: "Imported A" })])));
  await expect(notice(page, messages.habits.importFailed)).toBeVisible();
  await expect(page.getByTestId("backup-status")).toHaveText(backupCopy.failedDetail);
  await expect(syncStatus(page)).toHaveAttribute("data-sync-state", "offline");
  await page.getByRole("link", { name: "Today" }).first().click();
  await expect(page.getByTestId("habit-row")).toHaveText([/Imported A/]);
  await reloadApp(page); // still unreachable: the imported list is kept on this device
  await expect(page.getByTestId("habit-row")).toHaveText([/Imported A/]);
  expect(await serverHabits(server, user)).toEqual(before);

  // Reachable again: the import reaches the server, once.
  await page.unrouteAll();
  await page.evaluate(() => window.dispatchEvent(new Event("online")));
  await expect
    .poll(async () => facts(await serverHabits(server, user)))
    .toEqual([{ name: "Imported A", completedDates: [T] }]);
});
