// The habit page /habits/:id: backfilling and skipping days from the month calendar, archive, rename, delete with
// Undo, the streak explanation, future days, axe and the look in both themes at phone and desktop width.
import { mkdirSync } from "node:fs";
import type { Locator, Page } from "@playwright/test";
import { test, expect } from "./support/fixtures";
import { api, type TestServer, type TestUser } from "./support/fixtures";
import { addDays, type LocalDate } from "../src/core/local-date";
import { messages } from "../src/core/messages";
import { fullDate, monthAndYear } from "../src/web/ui/day-names";
import { contrastRatio, over, type Rgba } from "./support/contrast";
import { daysEnding, openToday, row, serverHabits, todayIn, toggleOf } from "./support/habits";
import { expectNoSeriousA11yViolations, settle, THEMES, useTheme, VIEWPORTS } from "./support/page-checks";
import { gotoApp, reloadApp } from "./support/page-clock";
import { UNDO_TOAST_MS } from "../src/web/ui/undo-toast";

const h = messages.history;
const SHOTS = process.env.SHOTS_DIR ?? "/tmp/shots-I";

// The browser's clock starts at noon UTC of the real UTC day (the server accepts that day, decision 0003) and runs
// on, so that the delete's 5 s hold and the toast can pass with page.clock.fastForward.
const T: LocalDate = todayIn("UTC");
test.use({ timezoneId: "UTC", locale: "en-US" });
test.beforeEach(async ({ page }) => {
  await page.clock.setSystemTime(new Date(`${T}T12:00:00Z`));
});

type Seed = {
  name: string;
  completedDates?: LocalDate[];
  skippedDates?: LocalDate[];
  archived?: boolean;
  emoji?: string;
};

/** Replaces the user's habits (the backup import takes history) and gives their ids by name. */
async function seed(server: TestServer, user: TestUser, habits: Seed[]): Promise<Record<string, string>> {
  const body = habits.map((habit) => ({ completedDates: [], ...habit }));
  const res = await api(server, user, "/api/habits", { method: "PUT", body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`seeding failed: ${res.status} ${await res.text()}`);
  return Object.fromEntries((await serverHabits(server, user)).map((habit) => [habit.name, habit.id]));
}

type ServerHabit = { name: string; completedDates: string[]; skippedDates?: string[]; archived?: boolean };
const onServer = async (server: TestServer, user: TestUser, name: string) =>
  ((await serverHabits(server, user)) as ServerHabit[]).find((habit) => habit.name === name);

async function openHabit(page: Page, id: string) {
  await gotoApp(page, `/habits/${id}`);
  await expect(page.getByTestId("habit-page")).toBeVisible();
}

const calendarMonth = (page: Page) => page.getByTestId("calendar-month");
const streakFigure = (page: Page) => page.getByRole("button", { name: new RegExp(h.currentStreak) });
const metric = (page: Page, name: string) => page.locator(`[data-metric="${name}"]`);

/** The day's button in the month calendar, after paging to its month; `state` is its expected state words. */
async function day(page: Page, date: LocalDate, state: string): Promise<Locator> {
  const month = `${date.slice(0, 8)}01`;
  for (let i = 0; i < 3; i++) {
    const shown = (await calendarMonth(page).getAttribute("data-month")) ?? month;
    if (shown === month) break;
    const button = month < shown ? h.previousMonth : h.nextMonth;
    await page.getByRole("button", { name: button, exact: true }).click();
    await expect(calendarMonth(page)).not.toHaveAttribute("data-month", shown);
  }
  await expect(calendarMonth(page)).toHaveText(monthAndYear(date));
  return page.getByRole("button", { name: `${fullDate(date)}: ${state}`, exact: true });
}

test("backfill yesterday from the calendar, then tick today: a streak of 2, saved", async ({
  signedInPage: page,
  server,
  user,
}) => {
  const yesterday = addDays(T, -1);
  const ids = await seed(server, user, [{ name: "Read" }]);
  // Reached from the habit's name on Stats.
  await gotoApp(page, "/stats");
  await page.getByRole("link", { name: "Read", exact: true }).click();
  await expect(page).toHaveURL(`/habits/${ids.Read}`);
  await expect(page.getByRole("heading", { level: 1, name: "Read" })).toBeVisible();
  await expect(metric(page, "streak")).toHaveText("0 days");

  await (await day(page, yesterday, h.notDone)).click();
  await expect(await day(page, yesterday, h.done)).toBeVisible();
  await expect(metric(page, "streak")).toHaveText("1 day");
  await (await day(page, T, h.notDone)).click();
  await expect(await day(page, T, h.done)).toBeVisible();
  await expect(metric(page, "streak")).toHaveText("2 days");
  await expect(metric(page, "total")).toHaveText("2");
  await expect
    .poll(async () => (await onServer(server, user, "Read"))?.completedDates)
    .toEqual([yesterday, T]);

  // Today agrees, and unticking it there leaves yesterday's backfill.
  await page.getByRole("link", { name: h.backToToday }).click();
  await expect(row(page, "Read").getByTestId("streak-line")).toHaveText(/^2-day streak/);
  await toggleOf(page, "Read").click();
  await expect(row(page, "Read").getByTestId("streak-line")).toHaveText(/^1-day streak/);
  await expect.poll(async () => (await onServer(server, user, "Read"))?.completedDates).toEqual([yesterday]);
  await openHabit(page, ids.Read!);
  await expect(metric(page, "streak")).toHaveText("1 day");
});

test("a skipped day keeps the streak; a third tap clears it", async ({
  signedInPage: page,
  server,
  user,
}) => {
  const [d3, d2, d1] = [addDays(T, -3), addDays(T, -2), addDays(T, -1)];
  const ids = await seed(server, user, [{ name: "Run", completedDates: [d3, d2] }]);
  await openHabit(page, ids.Run!);
  await expect(metric(page, "streak")).toHaveText("0 days"); // yesterday was missed

  const yesterday = await day(page, d1, h.notDone);
  await yesterday.click(); // done
  await (await day(page, d1, h.done)).click(); // skipped
  await expect(await day(page, d1, h.skipped)).toBeFocused();
  await expect(metric(page, "streak")).toHaveText("2 days");
  await expect(metric(page, "skipped")).toHaveText("1");
  await (await day(page, T, h.notDone)).click();
  await expect(metric(page, "streak")).toHaveText("3 days"); // skip, then today: the run goes on
  await expect
    .poll(async () => {
      const habit = await onServer(server, user, "Run");
      return [habit?.completedDates, habit?.skippedDates];
    })
    .toEqual([[d3, d2, T], [d1]]);

  await reloadApp(page);
  await (await day(page, d1, h.skipped)).click(); // back to not done
  await expect(await day(page, d1, h.notDone)).toBeVisible();
  await expect(metric(page, "streak")).toHaveText("1 day");
  await expect.poll(async () => (await onServer(server, user, "Run"))?.skippedDates ?? []).toEqual([]);
});

test("the streak explanation: the run, its skipped day, and the day a streak broke", async ({
  signedInPage: page,
  server,
  user,
}) => {
  const d = (n: number) => addDays(T, -n);
  const ids = await seed(server, user, [
    // Done 3 days ago, skipped 2 days ago, done yesterday and today: a streak of 3 that began 3 days ago.
    { name: "Going", completedDates: [d(3), d(1), T], skippedDates: [d(2)] },
    // Done 6 to 4 days ago, missed since: broke 3 days ago, the last missed day yesterday.
    { name: "Broken", completedDates: daysEnding(d(4), 3) },
  ]);
  await openHabit(page, ids.Going!);
  const explanation = page.getByTestId("streak-explanation");
  await expect(explanation).toBeHidden();
  await expect(streakFigure(page)).toHaveAttribute("aria-expanded", "false");
  await streakFigure(page).click();
  await expect(streakFigure(page)).toHaveAttribute("aria-expanded", "true");
  await expect(explanation).toBeVisible();
  await expect(explanation.locator("p")).toHaveText([
    h.streakBegan("3 days", fullDate(d(3))),
    h.skippedInRun(1, fullDate(d(2))),
    h.transparentRule,
  ]);
  await streakFigure(page).click();
  await expect(explanation).toBeHidden();

  await openHabit(page, ids.Broken!);
  await expect(metric(page, "streak")).toHaveText("0 days");
  await streakFigure(page).press("Enter");
  await expect(explanation.locator("p")).toHaveText([
    h.streakBroke(fullDate(d(3))),
    h.runLasted("3 days", fullDate(d(6)), fullDate(d(4))),
    h.lastMissed(fullDate(d(1))),
    h.todayOpenNone,
  ]);
  await expect(explanation).toContainText(`Your streak broke on ${fullDate(d(3))}.`);
});

test("days after today are disabled; the keyboard moves through the days", async ({
  signedInPage: page,
  server,
  user,
}) => {
  const ids = await seed(server, user, [{ name: "Read" }]);
  await openHabit(page, ids.Read!);
  const tomorrow = await day(page, addDays(T, 1), h.notDone);
  await expect(tomorrow).toBeDisabled();
  await expect(await day(page, addDays(T, 9), h.notDone)).toBeDisabled();
  const today = await day(page, T, h.notDone);
  await expect(today).toBeEnabled();
  await expect(today).toHaveAttribute("aria-current", "date");

  // One Tab stop on today; the arrows move by day and week, never onto a future day; Enter cycles.
  await page.getByRole("button", { name: h.nextMonth }).focus();
  await page.keyboard.press("Tab");
  await expect(today).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await expect(today).toBeFocused();
  await page.keyboard.press("ArrowUp");
  const weekAgo = page.getByRole("button", { name: `${fullDate(addDays(T, -7))}: ${h.notDone}` });
  await expect(weekAgo).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: `${fullDate(addDays(T, -7))}: ${h.done}` })).toBeFocused();
  await expect
    .poll(async () => (await onServer(server, user, "Read"))?.completedDates)
    .toEqual([addDays(T, -7)]);
});

test("archive and unarchive", async ({ signedInPage: page, server, user }) => {
  const ids = await seed(server, user, [{ name: "Read" }, { name: "Run" }]);
  await openHabit(page, ids.Read!);
  await page.getByRole("button", { name: h.archive, exact: true }).click();
  await expect(page.getByText(h.archivedNote)).toBeVisible();
  const unarchive = page.getByRole("button", { name: h.unarchive, exact: true });
  await expect(unarchive).toBeFocused(); // the same button, renamed
  await expect.poll(async () => (await onServer(server, user, "Read"))?.archived).toBe(true);

  await openToday(page);
  await expect(row(page, "Run")).toBeVisible();
  await expect(row(page, "Read")).toHaveCount(0); // archived: off Today, history kept
  await openHabit(page, ids.Read!);
  await unarchive.click();
  await expect(page.getByRole("button", { name: h.archive, exact: true })).toBeVisible();
  await expect(page.getByText(h.archivedNote)).toHaveCount(0);
  await expect.poll(async () => (await onServer(server, user, "Read"))?.archived).toBe(false);
  await openToday(page);
  await expect(row(page, "Read")).toBeVisible();
});

test("rename inline: Enter saves, Escape cancels, a refused name says why", async ({
  signedInPage: page,
  server,
  user,
}) => {
  const ids = await seed(server, user, [{ name: "Read", completedDates: [T] }]);
  await openHabit(page, ids.Read!);
  const rename = page.getByRole("button", { name: h.rename, exact: true });
  const field = page.getByRole("textbox", { name: h.nameLabel });

  await rename.click();
  await expect(field).toBeFocused();
  await expect(field).toHaveValue("Read");
  await field.fill("Never mind");
  await field.press("Escape");
  await expect(field).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Read");
  await expect(rename).toBeFocused();

  await rename.click();
  await field.fill("   ");
  await field.press("Enter");
  await expect(page.getByRole("alert").filter({ hasText: "Habit name cannot be empty" })).toBeVisible();
  await expect(field).toHaveAttribute("aria-invalid", "true");

  await field.fill("  Read 20 pages ");
  await field.press("Enter");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Read 20 pages");
  await expect(rename).toBeFocused();
  await expect
    .poll(async () => (await serverHabits(server, user)).map((habit) => habit.name))
    .toEqual(["Read 20 pages"]);
  await reloadApp(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Read 20 pages");
  await expect(metric(page, "streak")).toHaveText("1 day"); // its days stay with it
});

test("delete goes back to Today with Undo for 5 s; Undo brings the habit and its days back", async ({
  signedInPage: page,
  server,
  user,
}) => {
  const ids = await seed(server, user, [
    { name: "Read", completedDates: daysEnding(T, 3), skippedDates: [addDays(T, -5)] },
    { name: "Run" },
  ]);
  await openHabit(page, ids.Read!);
  await page.getByRole("button", { name: h.delete, exact: true }).click();
  await expect(page).toHaveURL("/");
  const toast = page.getByTestId("undo-toast");
  await expect(toast).toHaveText(`${h.deleted("Read")}${h.undo}`);
  await expect(page.getByRole("status").filter({ hasText: h.deleted("Read") })).toBeVisible();
  await expect(row(page, "Read")).toHaveCount(0);
  await toast.getByRole("button", { name: h.undo }).click();
  await expect(toast).toHaveCount(0);
  await expect(row(page, "Read")).toBeVisible();
  await openHabit(page, ids.Read!);
  await expect(metric(page, "streak")).toHaveText("3 days");
  await expect(metric(page, "skipped")).toHaveText("1");
  // Past the hold, a later write reaches the server while the habit and its days are still there.
  await page.clock.fastForward(6000);
  await openToday(page);
  await toggleOf(page, "Run").click();
  await expect.poll(async () => (await onServer(server, user, "Run"))?.completedDates).toEqual([T]);
  expect(await onServer(server, user, "Read")).toMatchObject({
    completedDates: daysEnding(T, 3),
    skippedDates: [addDays(T, -5)],
  });
  await openHabit(page, ids.Read!);

  // Without Undo the toast goes after 5 s and the delete reaches the server; the page then says so.
  // (The toast's 5 s to the millisecond: undo-toast.test.tsx.)
  await page.getByRole("button", { name: h.delete, exact: true }).click();
  await expect(toast).toBeVisible();
  await page.clock.fastForward(UNDO_TOAST_MS + 100);
  await expect(toast).toHaveCount(0);
  await expect
    .poll(async () => (await serverHabits(server, user)).map((habit) => habit.name))
    .toEqual(["Run"]);
  await gotoApp(page, `/habits/${ids.Read}`);
  await expect(page.getByRole("heading", { level: 1, name: h.notFoundTitle })).toBeVisible();
});

test("an unknown habit: not found, with the way back to Today", async ({ signedInPage: page }) => {
  await gotoApp(page, "/habits/no-such-habit");
  await expect(page.getByRole("heading", { level: 1, name: h.notFoundTitle })).toBeVisible();
  await expect(page.getByText(h.notFoundBody)).toBeVisible();
  await page.getByRole("link", { name: h.backToToday }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Today" })).toBeVisible();
});

/** An element's background as opaque sRGB bytes (read through a canvas, as Chromium paints Tailwind's oklch). */
async function background(locator: Locator): Promise<Rgba> {
  const layers = await locator.evaluate((element) => {
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = 1;
    const context = canvas.getContext("2d", { willReadFrequently: true });
    if (!context) throw new Error("no 2D canvas");
    const out = [];
    for (let node: Element | null = element; node; node = node.parentElement) {
      context.clearRect(0, 0, 1, 1);
      context.fillStyle = getComputedStyle(node).backgroundColor;
      context.fillRect(0, 0, 1, 1);
      const [r = 0, g = 0, b = 0, a = 0] = context.getImageData(0, 0, 1, 1).data;
      out.push({ r, g, b, a: a / 255 });
      if (a === 255) break;
    }
    return out;
  });
  const white: Rgba = { r: 255, g: 255, b: 255, a: 1 };
  return layers.reduceRight<Rgba>((below, layer) => over(layer, below), white);
}

test("the page in both themes at 375 and 1280 px: axe, done cells at 3:1, nothing wider than the screen, screenshots", async ({
  signedInPage: page,
  server,
  user,
}) => {
  test.setTimeout(120_000);
  mkdirSync(SHOTS, { recursive: true });
  const d = (n: number) => addDays(T, -n);
  const done = [
    ...daysEnding(d(40), 25),
    ...daysEnding(d(12), 8),
    ...daysEnding(T, 4),
    d(200),
    d(201),
    d(300),
  ];
  const ids = await seed(server, user, [
    {
      name: "Read 20 pages of a good book before bed",
      emoji: "📚",
      completedDates: done,
      skippedDates: [d(4), d(9)],
    },
  ]);
  await openHabit(page, ids["Read 20 pages of a good book before bed"]!);
  await streakFigure(page).click();
  const heatmapDone = page.getByTestId("heatmap").locator('[data-status="done"]').first();
  const calendarDone = page.locator('table button[data-status="done"]').first();

  for (const theme of THEMES) {
    for (const [label, size] of Object.entries(VIEWPORTS)) {
      await page.setViewportSize(size);
      await useTheme(page, theme);
      await settle(page);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth),
        `${theme} ${label}`,
      ).toBeLessThanOrEqual(size.width);
      for (const cell of [heatmapDone, calendarDone]) {
        const ratio = contrastRatio(await background(cell), await background(cell.locator("xpath=../..")));
        expect(ratio, `done cell against its card, ${theme} ${label}`).toBeGreaterThanOrEqual(3);
      }
      await page.screenshot({ path: `${SHOTS}/habit-${theme}-${label}-${size.width}.png`, fullPage: true });
    }
    await expectNoSeriousA11yViolations(page);
  }
});
