// History on Today and Stats: the last 7 days of each habit (backfill, skip), the quick-add emoji, the "Not due
// today" section of a weekday schedule, reordering by keyboard and by drag, archived habits (Today and Stats' "Show
// archived"), Undo after a delete and the streak explanation; screenshots at 375 and 1280 px in both themes.
import type { Page } from "@playwright/test";
import { UNDO_TOAST_MS } from "../src/web/ui/undo-toast";
import { addDays, type LocalDate } from "../src/core/local-date";
import { messages } from "../src/core/messages";
import { weekdayOf, type Weekday } from "../src/core/schedule";
import { fullDate } from "../src/web/ui/day-names";
import { statsCopy } from "../src/web/features/stats/stats-copy";
import { api, expect, test, type TestServer, type TestUser } from "./support/fixtures";
import { daysEnding, deleteOf, openToday, row, serverHabits, todayIn, toggleOf } from "./support/habits";
import { expectNoSeriousA11yViolations, settle, THEMES, useTheme, VIEWPORTS } from "./support/page-checks";
import { gotoApp, reloadApp } from "./support/page-clock";

const t = messages.todayHistory;
const h = messages.history;
const shots = process.env.J_SHOTS_DIR ?? "/tmp/shots-J";

type Seed = {
  name: string;
  completedDates?: LocalDate[];
  skippedDates?: LocalDate[];
  schedule?: { weekdays: Weekday[] } | null;
  archived?: boolean;
  emoji?: string;
};

/** Replaces the user's habits in one call, with the history fields the backup file may carry. */
async function seed(server: TestServer, user: TestUser, habits: readonly Seed[]) {
  const body = habits.map((habit) => ({ completedDates: [], ...habit }));
  const res = await api(server, user, "/api/habits", { method: "PUT", body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`seeding failed: ${res.status} ${await res.text()}`);
}

type ServerHabit = { name: string; completedDates: string[]; skippedDates?: string[] };
const serverHabit = async (server: TestServer, user: TestUser, name: string) =>
  ((await serverHabits(server, user)) as ServerHabit[]).find((habit) => habit.name === name);

const streakLine = (page: Page, name: string) => row(page, name).getByTestId("streak-line");
const day = (page: Page, name: string, date: LocalDate) =>
  row(page, name)
    .getByRole("group", { name: t.lastDays(name) })
    .getByRole("button", { name: new RegExp(`^${fullDate(date)}: `) });
const rowNames = (page: Page, list = "habit-list") =>
  page.getByTestId(list).getByTestId("habit-name").allTextContents();

test("backfilling yesterday in the strip, then ticking today, gives a streak of 2", async ({
  signedInPage: page,
  server,
  user,
}) => {
  const today = todayIn();
  const yesterday = addDays(today, -1);
  await seed(server, user, [{ name: "Read" }]);
  await openToday(page);
  const strip = row(page, "Read").getByRole("group", { name: t.lastDays("Read") });
  // Oldest first, today last, each named like the calendar.
  await expect(strip.getByRole("button")).toHaveCount(7);
  await expect(strip.getByRole("button").first()).toHaveAccessibleName(
    `${fullDate(addDays(today, -6))}: not done`,
  );
  await expect(strip.getByRole("button").last()).toHaveAccessibleName(`${fullDate(today)}: not done`);

  await day(page, "Read", yesterday).click();
  await expect(day(page, "Read", yesterday)).toHaveAccessibleName(`${fullDate(yesterday)}: done`);
  await expect(streakLine(page, "Read")).toHaveText("1-day streak");
  await toggleOf(page, "Read").click();
  await expect(streakLine(page, "Read")).toHaveText("2-day streak");
  await expect(day(page, "Read", today)).toHaveAccessibleName(`${fullDate(today)}: done`);
  await expect
    .poll(async () => (await serverHabit(server, user, "Read"))?.completedDates)
    .toEqual([yesterday, today]);
  await reloadApp(page);
  await expect(streakLine(page, "Read")).toHaveText("2-day streak");
});

test("a skipped day in the strip keeps the streak, and a third tap clears it", async ({
  signedInPage: page,
  server,
  user,
}) => {
  const today = todayIn();
  const yesterday = addDays(today, -1);
  await seed(server, user, [{ name: "Run", completedDates: daysEnding(addDays(today, -2), 3) }]);
  await openToday(page);
  await expect(streakLine(page, "Run")).toHaveText(`${messages.today.startStreak} · best 3 days`);
  await day(page, "Run", yesterday).click(); // done
  await expect(streakLine(page, "Run")).toHaveText("4-day streak");
  await day(page, "Run", yesterday).click(); // skipped
  await expect(day(page, "Run", yesterday)).toHaveAccessibleName(`${fullDate(yesterday)}: skipped`);
  await expect(streakLine(page, "Run")).toHaveText("3-day streak");
  await toggleOf(page, "Run").click();
  await expect(streakLine(page, "Run")).toHaveText("4-day streak");
  await expect.poll(async () => (await serverHabit(server, user, "Run"))?.skippedDates).toEqual([yesterday]);
  await day(page, "Run", yesterday).click(); // not done again: the run before it is broken
  await expect(day(page, "Run", yesterday)).toHaveAccessibleName(`${fullDate(yesterday)}: not done`);
  await expect(streakLine(page, "Run")).toHaveText("1-day streak · best 3 days");
});

test("a quick-add habit keeps its suggestion's emoji on its row", async ({
  signedInPage: page,
  server,
  user,
}) => {
  await openToday(page);
  const panel = page.getByRole("list", { name: "Suggested habits" });
  await panel.getByRole("button", { name: "Read a book" }).click();
  await expect(row(page, "Read a book").getByTestId("habit-emoji")).toHaveText("📚");
  // The row shows before the write is stored on the device (in the click's frame); the reload comes once the server
  // has it, as a person's would, not within those milliseconds (a CI run under load lost the write that way).
  await expect
    .poll(async () =>
      (await serverHabits(server, user)).map((h) => [h.name, (h as { emoji?: string }).emoji]),
    )
    .toEqual([["Read a book", "📚"]]);
  await reloadApp(page);
  await expect(row(page, "Read a book").getByTestId("habit-emoji")).toHaveText("📚");
  await expect(row(page, "Read a book").getByTestId("habit-name")).toHaveText("Read a book");
});

test("a habit not due today is folded under 'Not due today'", async ({
  signedInPage: page,
  server,
  user,
}) => {
  const today = todayIn();
  const others = ([0, 1, 2, 3, 4, 5, 6] as const).filter((w) => w !== weekdayOf(today));
  await seed(server, user, [
    { name: "Daily" },
    { name: "Gym", schedule: { weekdays: others }, completedDates: [addDays(today, -1)] },
  ]);
  await openToday(page);
  expect(await rowNames(page)).toEqual(["Daily"]);
  await expect(page.getByTestId("today-progress")).toContainText("0 of 1 done");
  const fold = page.getByRole("button", { name: t.notDueToday(1) });
  await expect(fold).toHaveAttribute("aria-expanded", "false");
  await expect(row(page, "Gym")).toHaveCount(0);
  await fold.click();
  await expect(fold).toHaveAttribute("aria-expanded", "true");
  await expect(row(page, "Gym")).toBeVisible();
  // Today is not due: not ticking it breaks nothing, and its day says so.
  await expect(day(page, "Gym", today)).toHaveAccessibleName(`${fullDate(today)}: not done, not due`);
  await expect(streakLine(page, "Gym")).toHaveText("1-day streak");
});

test("reordering by keyboard: the moved habit keeps the focus, the new place is announced and kept", async ({
  signedInPage: page,
}) => {
  await openToday(page);
  for (const name of ["Stretch", "Read", "Walk"]) {
    await page.getByPlaceholder(messages.today.newHabitPlaceholder).fill(name);
    await page.keyboard.press("Enter");
    await expect(row(page, name)).toBeVisible();
  }
  expect(await rowNames(page)).toEqual(["Walk", "Read", "Stretch"]); // new habits go first

  // The drag handle is a button named "Move <name>": the arrow keys move its row.
  const walk = page.getByRole("button", { name: messages.todayRow.move("Walk") });
  await walk.focus();
  await page.keyboard.press("ArrowDown");
  await expect.poll(() => rowNames(page)).toEqual(["Read", "Walk", "Stretch"]);
  await expect(walk).toBeFocused();
  await expect(page.getByTestId("reorder-status")).toHaveText(t.moved("Walk", 2, 3));
  await page.keyboard.press("ArrowDown");
  await expect.poll(() => rowNames(page)).toEqual(["Read", "Stretch", "Walk"]);
  await expect(walk).toBeFocused();
  await page.keyboard.press("ArrowDown"); // last: nothing further down
  expect(await rowNames(page)).toEqual(["Read", "Stretch", "Walk"]);

  const stretch = page.getByRole("button", { name: messages.todayRow.move("Stretch") });
  await stretch.focus();
  await page.keyboard.press("ArrowUp");
  await expect.poll(() => rowNames(page)).toEqual(["Stretch", "Read", "Walk"]);
  await expect(stretch).toBeFocused();
  await expect(page.getByTestId("reorder-status")).toHaveText(t.moved("Stretch", 1, 3));

  await reloadApp(page);
  await expect.poll(() => rowNames(page)).toEqual(["Stretch", "Read", "Walk"]);
});

test("reordering by dragging a row's handle", async ({ signedInPage: page, server, user }) => {
  await seed(server, user, [{ name: "One" }, { name: "Two" }, { name: "Three" }]);
  await openToday(page);
  const before = await rowNames(page);
  expect(before).toHaveLength(3);
  const handle = row(page, before[0]!).getByTestId("drag-handle");
  const target = (await row(page, before[2]!).boundingBox())!;
  const start = (await handle.boundingBox())!;
  await handle.hover();
  await page.mouse.down();
  // Down past the middle of the last row, in steps as a hand moves.
  await page.mouse.move(start.x + start.width / 2, start.y + 20, { steps: 4 });
  await page.mouse.move(start.x + start.width / 2, target.y + target.height * 0.8, { steps: 12 });
  await page.mouse.up();
  await expect.poll(() => rowNames(page)).toEqual([before[1], before[2], before[0]]);
  await expect(page.getByTestId("reorder-status")).toHaveText(t.moved(before[0]!, 3, 3));
  await reloadApp(page);
  await expect.poll(() => rowNames(page)).toEqual([before[1], before[2], before[0]]);
});

test("an archived habit leaves Today; Stats shows it only with 'Show archived'", async ({
  signedInPage: page,
  server,
  user,
}) => {
  const today = todayIn();
  await seed(server, user, [
    { name: "Read", completedDates: [today] },
    { name: "Old habit", completedDates: daysEnding(today, 3), archived: true },
  ]);
  await openToday(page);
  await expect(row(page, "Read")).toBeVisible();
  await expect(row(page, "Old habit")).toHaveCount(0);
  await expect(page.getByTestId("today-progress")).toContainText("1 of 1 done");

  await gotoApp(page, "/stats");
  await expect(page.getByRole("heading", { name: statsCopy.title, level: 1 })).toBeVisible();
  const items = page.getByTestId("stats-habit");
  await expect(items).toHaveCount(1);
  await expect(page.getByTestId("stats-longest-name")).toHaveText("Read");
  const showArchived = page.getByRole("checkbox", { name: t.showArchived });
  await expect(showArchived).not.toBeChecked();
  await showArchived.check();
  await expect(items).toHaveCount(2);
  const archived = items.filter({ hasText: "Old habit" });
  await expect(archived.getByText(h.archivedBadge)).toBeVisible();
  await expect(page.getByTestId("stats-longest-name")).toHaveText("Old habit");
  await showArchived.uncheck();
  await expect(items).toHaveCount(1);
});

test("the names on Today and Stats lead to the habit's page", async ({
  signedInPage: page,
  server,
  user,
}) => {
  await seed(server, user, [{ name: "Read" }]);
  await openToday(page);
  const id = await row(page, "Read").getAttribute("data-habit-id");
  await row(page, "Read").getByRole("link", { name: "Read" }).click();
  await expect(page).toHaveURL(new RegExp(`/habits/${id}$`));
  await gotoApp(page, "/stats");
  await page.getByTestId("stats-habit").getByRole("link", { name: "Read" }).click();
  await expect(page).toHaveURL(new RegExp(`/habits/${id}$`));
});

test("a delete can be undone for 5 s; without Undo the habit is gone for good", async ({
  signedInPage: page,
  server,
  user,
}) => {
  const today = todayIn();
  await seed(server, user, [{ name: "Floss", completedDates: daysEnding(today, 2) }, { name: "Journal" }]);
  await openToday(page);
  await deleteOf(page, "Floss").click();
  await expect(row(page, "Floss")).toHaveCount(0);
  const toast = page.getByTestId("undo-toast");
  await expect(toast).toContainText(h.deleted("Floss"));
  await toast.getByRole("button", { name: h.undo }).click();
  await expect(row(page, "Floss")).toBeVisible();
  await expect(streakLine(page, "Floss")).toHaveText("2-day streak");
  await expect(toast).toHaveCount(0);

  await deleteOf(page, "Journal").click();
  await expect(toast).toContainText(h.deleted("Journal"));
  await page.clock.fastForward(UNDO_TOAST_MS + 100);
  await expect(toast).toHaveCount(0);
  await expect.poll(async () => (await serverHabits(server, user)).map((x) => x.name)).toEqual(["Floss"]);
  const floss = await serverHabit(server, user, "Floss");
  expect(floss?.completedDates).toEqual(daysEnding(today, 2));
  await reloadApp(page);
  await expect(row(page, "Floss")).toBeVisible();
  await expect(row(page, "Journal")).toHaveCount(0);
});

test("the streak line explains the streak, and the day a streak broke", async ({
  signedInPage: page,
  server,
  user,
}) => {
  const today = todayIn();
  await seed(server, user, [
    { name: "Read", completedDates: daysEnding(addDays(today, -1), 3) },
    { name: "Walk", completedDates: daysEnding(addDays(today, -4), 2) },
  ]);
  await openToday(page);
  const line = streakLine(page, "Read");
  await expect(line).toHaveAccessibleName(t.explainStreak("3-day streak", "Read"));
  await line.click();
  const dialog = page.getByRole("dialog", { name: h.explanationTitle });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(h.streakBegan(h.days(3), fullDate(addDays(today, -3))));
  await expect(dialog).toContainText(h.todayOpenRun(h.days(4)));
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(line).toBeFocused();

  await streakLine(page, "Walk").click();
  await expect(dialog).toContainText(h.streakBroke(fullDate(addDays(today, -3))));
  await dialog.getByRole("button", { name: t.close }).click();
  await expect(dialog).toHaveCount(0);
});

/** Habits of every kind the screens show: an emoji, a skipped day, a long name, a weekday schedule. */
async function seedShowcase(server: TestServer, user: TestUser) {
  const today = todayIn();
  const others = ([0, 1, 2, 3, 4, 5, 6] as const).filter((w) => w !== weekdayOf(today));
  await seed(server, user, [
    {
      name: "Read a book",
      emoji: "📚",
      completedDates: daysEnding(today, 12).filter((d) => d !== addDays(today, -3)),
      skippedDates: [addDays(today, -3)],
    },
    { name: "Meditate", emoji: "🧘", completedDates: daysEnding(addDays(today, -1), 4) },
    { name: "Practise piano scales slowly before work, daily!", completedDates: [addDays(today, -5)] },
    { name: "Drink water", emoji: "💧" },
    { name: LONG_NAME, completedDates: [addDays(today, -1)] },
    { name: "Gym", schedule: { weekdays: others }, completedDates: [addDays(today, -1)] },
  ]);
}

/** 24 characters: a name this long fits on one line of its row at 375 px. */
const LONG_NAME = "Walk the dog after lunch";

for (const [label, size] of Object.entries(VIEWPORTS)) {
  test(`Today's history on the ${label} (${size.width} px): fits, 44 px targets, axe, screenshots`, async ({
    signedInPage: page,
    server,
    user,
  }) => {
    await seedShowcase(server, user);
    await page.setViewportSize(size);
    await openToday(page);
    await page.getByRole("button", { name: t.notDueToday(1) }).click();
    await expect(row(page, "Gym")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);

    const targets = [
      ...(await row(page, "Meditate").getByRole("group").getByRole("button").all()),
      deleteOf(page, "Meditate"),
      toggleOf(page, "Meditate"),
    ];
    // The drag handle is a full row's height, and at least 24 px wide (WCAG 2.5.8).
    const handle = (await page
      .getByRole("button", { name: messages.todayRow.move("Meditate") })
      .boundingBox())!;
    expect(handle.height).toBeGreaterThanOrEqual(44);
    expect(handle.width).toBeGreaterThanOrEqual(24);
    // A 24-character name takes one line, as a short one does.
    expect(LONG_NAME).toHaveLength(24);
    const nameBox = async (name: string) => (await row(page, name).getByTestId("habit-name").boundingBox())!;
    expect((await nameBox(LONG_NAME)).height).toBeLessThanOrEqual((await nameBox("Meditate")).height + 1);
    for (const target of targets) {
      const box = (await target.boundingBox())!;
      const name = await target.getAttribute("aria-label");
      expect(box.width, `${name} width`).toBeGreaterThanOrEqual(44);
      expect(box.height, `${name} height`).toBeGreaterThanOrEqual(44);
    }
    await page.evaluate(() => window.scrollTo(0, 0)); // the sticky header at the top of the full-page shots
    for (const theme of THEMES) {
      await useTheme(page, theme);
      await page.mouse.move(0, 0);
      await settle(page);
      await page.screenshot({ path: `${shots}/today-${theme}-${size.width}.png`, fullPage: true });
      await expectNoSeriousA11yViolations(page);
    }
    await streakLine(page, "Read a book").click();
    await expect(page.getByRole("dialog", { name: h.explanationTitle })).toBeVisible();
    for (const theme of THEMES) {
      await useTheme(page, theme);
      await settle(page);
      await page.screenshot({ path: `${shots}/today-explanation-${theme}-${size.width}.png` });
    }
  });

  test(`Stats with archived habits on the ${label} (${size.width} px): axe, screenshots`, async ({
    signedInPage: page,
    server,
    user,
  }) => {
    const today = todayIn();
    await seed(server, user, [
      { name: "Read a book", emoji: "📚", completedDates: daysEnding(today, 6) },
      { name: "Meditate", emoji: "🧘", completedDates: daysEnding(addDays(today, -1), 4) },
      {
        name: "An old habit, archived, with a long name that wraps",
        completedDates: [today],
        archived: true,
      },
    ]);
    await page.setViewportSize(size);
    await gotoApp(page, "/stats");
    await page.getByRole("checkbox", { name: t.showArchived }).check();
    await expect(page.getByTestId("stats-habit")).toHaveCount(3);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
    for (const theme of THEMES) {
      await useTheme(page, theme);
      await settle(page);
      await page.screenshot({ path: `${shots}/stats-${theme}-${size.width}.png`, fullPage: true });
      await expectNoSeriousA11yViolations(page);
    }
  });
}
