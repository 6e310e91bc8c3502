// History in Settings: the day start, vacation mode and the import confirmation, with screenshots of Settings at 375
// and 1280 px in both themes and an axe scan.
import { mkdirSync } from "node:fs";
import { test, expect, api, type TestServer, type TestUser } from "./support/fixtures";
import type { Page } from "@playwright/test";
import { addDays, type LocalDate } from "../src/core/local-date";
import { messages } from "../src/core/messages";
import type { SyncPull } from "../src/core/sync";
import { backupCopy } from "../src/web/features/backup/backup-copy";
import { settingsCopy } from "../src/web/features/settings/settings-copy";
import { fullDate } from "../src/web/ui/day-names";
import { openToday, row, seedHabits, serverHabits, todayIn, toggleOf } from "./support/habits";
import { OFFLINE_ERRORS } from "./support/offline";
import { expectNoSeriousA11yViolations, settle, THEMES, useTheme, VIEWPORTS } from "./support/page-checks";
import { gotoApp, reloadApp } from "./support/page-clock";

const t = messages.settingsDays;
const ask = messages.importConfirm;
const SHOTS = "/tmp/shots-K";

// UTC, so that the page's wall clock is the server's: a day start shifts today back by at most six hours, which
// keeps the user's today within one day of the server's UTC date (decision 0003).
test.use({ timezoneId: "UTC" });

const streak = (page: Page, name: string) => row(page, name).getByTestId("streak-line");
const syncStatus = (page: Page) => page.getByTestId("settings-sync").getByRole("status");
const dayStartSelect = (page: Page) => page.getByRole("combobox", { name: t.dayStartLabel });
const vacationState = (page: Page) => page.getByTestId("vacation-state");

async function openSettings(page: Page) {
  await gotoApp(page, "/settings");
  await expect(page.getByRole("heading", { name: settingsCopy.title, level: 1 })).toBeVisible();
}

/** The user's settings as the server holds them (a pull from the beginning always carries them). */
async function serverSettings(server: TestServer, user: TestUser): Promise<SyncPull["settings"]> {
  const res = await api(server, user, "/api/sync");
  if (!res.ok) throw new Error(`pull failed: ${res.status}`);
  return ((await res.json()) as SyncPull).settings;
}

async function goTo(page: Page, link: "Today" | "Settings") {
  await page.getByRole("link", { name: link }).first().click();
}

test.describe("day start", () => {
  test("at 03:00 with the page clock at 01:30, Today shows the previous date and a tick counts for it", async ({
    signedInPage: page,
    server,
    user,
  }) => {
    const day = todayIn("UTC"); // the server's UTC date
    const yesterday = addDays(day, -1);
    await seedHabits(server, user, [{ name: "Read" }]);
    await page.clock.install({ time: new Date(`${day}T01:30:00Z`) });

    await openSettings(page);
    await expect(dayStartSelect(page)).toHaveValue("0");
    await expect(page.getByText(t.dayStartHelp)).toBeVisible();
    await expect(page.getByTestId("settings-today")).toHaveText(t.todayIs(fullDate(day)));
    await dayStartSelect(page).selectOption({ label: "03:00" });
    await expect(page.getByTestId("settings-today")).toHaveText(t.todayIs(fullDate(yesterday)));
    await expect.poll(async () => (await serverSettings(server, user))?.dayStart).toBe(180);

    await goTo(page, "Today");
    await expect(page.getByTestId("today-date")).toHaveAttribute("data-date", yesterday);
    await toggleOf(page, "Read").click();
    await expect(streak(page, "Read")).toHaveText("1-day streak");
    await expect.poll(async () => (await serverHabits(server, user))[0]?.completedDates).toEqual([yesterday]);

    // A reload keeps the day start, and at 03:00 the open page turns to the next day without one.
    await reloadApp(page);
    await expect(page.getByTestId("today-date")).toHaveAttribute("data-date", yesterday);
    await expect(toggleOf(page, "Read")).toHaveAttribute("aria-pressed", "true");
    await page.clock.fastForward("01:31:00");
    await expect(page.getByTestId("today-date")).toHaveAttribute("data-date", day);
    await expect(toggleOf(page, "Read")).toHaveAttribute("aria-pressed", "false");
    await expect(streak(page, "Read")).toHaveText("1-day streak");
  });
});

test.describe("vacation", () => {
  test("keeps a streak across the vacation days, and can be ended early", async ({
    signedInPage: page,
    server,
    user,
  }) => {
    const T: LocalDate = todayIn("UTC");
    await page.clock.setFixedTime(new Date(`${T}T12:00:00Z`));
    // Done three days, then nothing for three days: without a vacation the streak is broken.
    const done = [addDays(T, -6), addDays(T, -5), addDays(T, -4)];
    await seedHabits(server, user, [{ name: "Read", completedDates: done }]);
    await openToday(page);
    await expect(streak(page, "Read")).toHaveText(`${messages.today.startStreak} · best 3 days`);

    // Taken afterwards for the three days missed, and on until the day after tomorrow.
    await goTo(page, "Settings");
    await expect(vacationState(page)).toHaveText(t.noVacation);
    await page.getByLabel(t.firstDay).fill(addDays(T, -3));
    await page.getByLabel(t.lastDay).fill(addDays(T, 2));
    await page.getByRole("button", { name: t.startVacation }).click();
    await expect(vacationState(page)).toHaveText(t.onVacationUntil(fullDate(addDays(T, 2))));
    await expect
      .poll(async () => (await serverSettings(server, user))?.vacations)
      .toEqual([{ from: addDays(T, -3), to: addDays(T, 2) }]);

    await goTo(page, "Today");
    await expect(streak(page, "Read")).toHaveText("3-day streak");
    await toggleOf(page, "Read").click(); // done wins over the vacation
    await expect(streak(page, "Read")).toHaveText("4-day streak");

    // Ended today: today and later are ordinary days again, the days before stay vacation days.
    await goTo(page, "Settings");
    const end = page.getByRole("button", { name: t.endVacation });
    await end.click();
    await expect(vacationState(page)).toHaveText(t.noVacation);
    await expect(vacationState(page)).toBeFocused();
    await expect(end).toHaveCount(0);
    await expect(page.getByRole("list", { name: t.pastVacations })).toHaveText(
      t.range(fullDate(addDays(T, -3)), fullDate(addDays(T, -1))),
    );
    await expect
      .poll(async () => (await serverSettings(server, user))?.vacations)
      .toEqual([{ from: addDays(T, -3), to: addDays(T, -1) }]);
    await goTo(page, "Today");
    await expect(streak(page, "Read")).toHaveText("4-day streak");
    await reloadApp(page);
    await expect(streak(page, "Read")).toHaveText("4-day streak");
  });

  test("a last day before the first is refused with a reason, and nothing is saved", async ({
    signedInPage: page,
    server,
    user,
  }) => {
    const T = todayIn("UTC");
    await openSettings(page);
    await page.getByLabel(t.firstDay).fill(addDays(T, 3));
    await page.getByLabel(t.lastDay).fill(addDays(T, 1));
    await page.getByRole("button", { name: t.startVacation }).click();
    await expect(page.getByRole("alert").filter({ hasText: t.lastBeforeFirst })).toBeVisible();
    await expect(page.getByLabel(t.lastDay)).toHaveAttribute("aria-invalid", "true");
    await expect(vacationState(page)).toHaveText(t.noVacation);
    expect((await serverSettings(server, user))?.vacations ?? []).toEqual([]);
  });
});

test("offline, the day start and a vacation are kept on the device and reach the server once it is back", async ({
  signedInPage: page,
  server,
  user,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(OFFLINE_ERRORS);
  const T = todayIn("UTC");
  await page.clock.setFixedTime(new Date(`${T}T12:00:00Z`));
  await openSettings(page);
  await expect(syncStatus(page)).toHaveAttribute("data-sync-state", "synced");
  await page.context().setOffline(true);
  await dayStartSelect(page).selectOption({ label: "02:00" });
  await page.getByLabel(t.firstDay).fill(addDays(T, 1));
  await page.getByLabel(t.lastDay).fill(addDays(T, 3));
  await page.getByRole("button", { name: t.startVacation }).click();
  await expect(vacationState(page)).toHaveText(
    t.vacationPlanned(fullDate(addDays(T, 1)), fullDate(addDays(T, 3))),
  );
  await expect(syncStatus(page)).toContainText(/waiting to be sent/);
  expect(await serverSettings(server, user)).toEqual({
    dayStart: 0,
    vacations: [],
    weekStart: null,
    groups: [],
  });

  await page.context().setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event("online")));
  await expect(syncStatus(page)).toHaveAttribute("data-sync-state", "synced");
  expect(await serverSettings(server, user)).toEqual({
    dayStart: 120,
    vacations: [{ from: addDays(T, 1), to: addDays(T, 3) }],
    weekStart: null,
    groups: [],
  });
  await reloadApp(page);
  await expect(dayStartSelect(page)).toHaveValue("120");
  // Not begun yet: cancelling drops it.
  await page.getByRole("button", { name: t.cancelVacation }).click();
  await expect(vacationState(page)).toHaveText(t.noVacation);
  await expect.poll(async () => (await serverSettings(server, user))?.vacations).toEqual([]);
});

test.describe("import confirmation", () => {
  const file = (names: string[]) => ({
    name: "backup.json",
    mimeType: "application/json",
    buffer: Buffer.from(JSON.stringify(names.map((name) => ({ name, completedDates: [] })))),
  });

  async function choose(page: Page, names: string[]) {
    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: backupCopy.importButton }).click();
    await (await chooser).setFiles(file(names));
  }

  test("says how many habits are replaced by how many; Escape and Cancel change nothing, Replace replaces", async ({
    signedInPage: page,
    server,
    user,
  }) => {
    await seedHabits(server, user, [{ name: "Read" }, { name: "Walk" }, { name: "Journal" }]);
    const before = await serverHabits(server, user);
    await openSettings(page);
    await expect(syncStatus(page)).toHaveAttribute("data-sync-state", "synced");
    const importButton = page.getByRole("button", { name: backupCopy.importButton });
    const dialog = page.getByRole("dialog", { name: ask.question(3, 2) });

    await choose(page, ["Stretch", "Study"]);
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAccessibleName("Replace your 3 habits with the 2 in this file?");
    await expect(dialog).toHaveAccessibleDescription(ask.body);
    await expect(dialog.getByRole("button", { name: ask.cancel })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(importButton).toBeFocused();
    await expect(page.getByTestId("backup-status")).toHaveText(backupCopy.rejectedDetail(ask.cancelled));

    await choose(page, ["Stretch", "Study"]);
    await dialog.getByRole("button", { name: ask.cancel }).click();
    await expect(dialog).toBeHidden();
    await expect(importButton).toBeFocused();
    await expect(page.getByTestId("backup-status")).toHaveText(backupCopy.rejectedDetail(ask.cancelled));
    await expect(syncStatus(page)).toHaveAttribute("data-sync-state", "synced");
    expect(await serverHabits(server, user)).toEqual(before);

    await choose(page, ["Stretch", "Study"]);
    await dialog.getByRole("button", { name: ask.replace }).click();
    await expect(page.getByTestId("backup-status")).toHaveText(backupCopy.imported(2));
    await expect(importButton).toBeFocused();
    await expect(syncStatus(page)).toHaveAttribute("data-sync-state", "synced");
    expect((await serverHabits(server, user)).map((h) => h.name).sort()).toEqual(["Stretch", "Study"]);

    // One habit, one in the file: the question says so in words.
    await seedHabits(server, user, [{ name: "Read" }]);
    await reloadApp(page);
    await choose(page, ["Walk"]);
    await expect(page.getByRole("dialog")).toHaveAccessibleName(
      "Replace your 1 habit with the one in this file?",
    );
  });
});

test("screenshots of Settings at 375 and 1280 px in both themes, 44 px targets and no serious axe violation", async ({
  signedInPage: page,
  server,
  user,
}) => {
  const T = todayIn("UTC");
  await page.clock.setFixedTime(new Date(`${T}T12:00:00Z`));
  await seedHabits(server, user, [{ name: "Read" }, { name: "Walk" }]);
  await openSettings(page);
  await dayStartSelect(page).selectOption({ label: "04:30" });
  for (const [from, to] of [
    [addDays(T, -40), addDays(T, -33)],
    [addDays(T, 30), addDays(T, 34)],
    [addDays(T, -1), addDays(T, 5)],
  ] as const) {
    await page.getByLabel(t.firstDay).fill(from);
    await page.getByLabel(t.lastDay).fill(to);
    await page.getByRole("button", { name: t.startVacation }).click();
  }
  await expect(vacationState(page)).toHaveText(t.onVacationUntil(fullDate(addDays(T, 5))));
  await expect(page.getByRole("list", { name: t.plannedVacations })).toBeVisible();
  await expect(page.getByRole("list", { name: t.pastVacations })).toBeVisible();

  const targets = [
    dayStartSelect(page),
    page.getByLabel(t.firstDay),
    page.getByLabel(t.lastDay),
    page.getByRole("button", { name: t.startVacation }),
    page.getByRole("button", { name: t.endVacation }),
    page.getByRole("button", { name: backupCopy.importButton }),
    page.getByRole("button", { name: backupCopy.exportButton }),
  ];
  mkdirSync(SHOTS, { recursive: true });
  for (const theme of THEMES) {
    for (const [label, size] of Object.entries(VIEWPORTS)) {
      await page.setViewportSize(size);
      await useTheme(page, theme);
      await settle(page);
      for (const target of targets) expect((await target.boundingBox())?.height).toBeGreaterThanOrEqual(44);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(size.width);
      await page.screenshot({
        path: `${SHOTS}/settings-${theme}-${label}-${size.width}.png`,
        fullPage: true,
      });
      // The two new cards in view (an element screenshot would slide them under the sticky header).
      await page.getByTestId("settings-day-start").evaluate((el) => el.scrollIntoView({ block: "center" }));
      await page.screenshot({ path: `${SHOTS}/settings-days-${theme}-${label}-${size.width}.png` });
      await expectNoSeriousA11yViolations(page);
    }
  }

  // The import question, on a phone in both themes.
  await page.setViewportSize(VIEWPORTS.phone);
  for (const theme of THEMES) {
    await useTheme(page, theme);
    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: backupCopy.importButton }).click();
    await (
      await chooser
    ).setFiles({
      name: "b.json",
      mimeType: "application/json",
      buffer: Buffer.from('[{"name":"Stretch","completedDates":[]}]'),
    });
    const dialog = page.getByRole("dialog");
    await expect(dialog).toHaveAccessibleName(ask.question(2, 1));
    await settle(page);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: `${SHOTS}/import-confirm-${theme}-phone-375.png` });
    await dialog.getByRole("button", { name: ask.cancel }).click();
    await expect(dialog).toBeHidden();
  }
});
