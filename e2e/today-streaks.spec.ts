// Marking habits and their streaks (docs/product.md, "Streaks"), the milestone and pulse with their timings, and the
// day turning at midnight without a reload.
import { test, expect } from "./support/fixtures";
import { messages } from "../src/core/messages";
import { COMPLETION_ANIMATION_MS, MILESTONE_SHOW_MS } from "../src/core/constants";
import { addDays } from "../src/core/local-date";
import { daysEnding, openToday, row, seedHabits, serverHabits, toggleOf, todayIn } from "./support/habits";
import { pauseClock, reloadApp } from "./support/page-clock";

const streak = (page: Parameters<typeof row>[0], name: string) => row(page, name).getByTestId("streak-line");

test("marking and unmarking today updates the toggle and the streak, and is saved", async ({
  signedInPage: page,
  server,
  user,
}) => {
  const today = todayIn();
  await seedHabits(server, user, [{ name: "Read", completedDates: daysEnding(addDays(today, -1), 2) }]);
  await openToday(page);
  const toggle = toggleOf(page, "Read");
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  await expect(streak(page, "Read")).toHaveText("2-day streak");
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  await expect(streak(page, "Read")).toHaveText("3-day streak");
  await expect.poll(async () => (await serverHabits(server, user))[0]?.completedDates).toContain(today);
  await reloadApp(page);
  await expect(toggleOf(page, "Read")).toHaveAttribute("aria-pressed", "true");
  await toggleOf(page, "Read").click();
  await expect(toggleOf(page, "Read")).toHaveAttribute("aria-pressed", "false");
  await expect(streak(page, "Read")).toHaveText("2-day streak");
  await expect.poll(async () => (await serverHabits(server, user))[0]?.completedDates).not.toContain(today);
});

test("a broken streak restarts at 1 and shows the best run", async ({ signedInPage: page, server, user }) => {
  const today = todayIn();
  await seedHabits(server, user, [{ name: "Run", completedDates: daysEnding(addDays(today, -3), 4) }]);
  await openToday(page);
  await expect(streak(page, "Run")).toHaveText(`${messages.today.startStreak} · best 4 days`);
  await toggleOf(page, "Run").click();
  await expect(streak(page, "Run")).toHaveText("1-day streak · best 4 days");
});

test("the completion animation lasts 500 ms", async ({ signedInPage: page, server, user }) => {
  await seedHabits(server, user, [{ name: "Read" }]);
  await openToday(page);
  await pauseClock(page);
  const toggle = toggleOf(page, "Read");
  await toggle.click();
  await expect(toggle).toHaveAttribute("data-animating", "true");
  expect(await toggle.evaluate((el) => getComputedStyle(el).animationDuration)).toBe(
    `${COMPLETION_ANIMATION_MS / 1000}s, ${COMPLETION_ANIMATION_MS / 1000}s`,
  );
  await page.clock.runFor(COMPLETION_ANIMATION_MS - 50);
  await expect(toggle).toHaveAttribute("data-animating", "true");
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  await page.clock.runFor(100);
  await expect(toggle).toHaveAttribute("data-animating", "false");
  await page.clock.resume();
  // Unmarking does not animate.
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  await expect(toggle).toHaveAttribute("data-animating", "false");
});

test("a streak rising to a multiple of 5 is celebrated for 2 s", async ({
  signedInPage: page,
  server,
  user,
}) => {
  const yesterday = addDays(todayIn(), -1);
  await seedHabits(server, user, [
    { name: "Four so far", completedDates: daysEnding(yesterday, 4) },
    { name: "Three so far", completedDates: daysEnding(yesterday, 3) },
  ]);
  await openToday(page);
  await toggleOf(page, "Three so far").click();
  await expect(streak(page, "Three so far")).toHaveText("4-day streak");
  await expect(page.getByTestId("milestone")).toHaveCount(0);

  await pauseClock(page);
  await toggleOf(page, "Four so far").click();
  const celebration = page.getByTestId("milestone");
  await expect(celebration).toBeVisible();
  await expect(celebration).toContainText("5-day streak!");
  await expect(celebration).toContainText("Four so far");
  await page.clock.runFor(MILESTONE_SHOW_MS - 50);
  await expect(celebration).toBeVisible();
  await page.clock.runFor(100);
  await expect(celebration).toHaveCount(0);
  await page.clock.resume();
  // Falling back onto 4 and rising to 5 again celebrates again; falling is never celebrated.
  await toggleOf(page, "Four so far").click();
  await expect(streak(page, "Four so far")).toHaveText("4-day streak");
  await expect(celebration).toHaveCount(0);
});

test("the pulse icon shows at a streak of 10 or more only", async ({ signedInPage: page, server, user }) => {
  const today = todayIn();
  await seedHabits(server, user, [
    { name: "Nine", completedDates: daysEnding(addDays(today, -1), 9) },
    { name: "Ten", completedDates: daysEnding(today, 10) },
  ]);
  await openToday(page);
  await expect(row(page, "Ten").getByTestId("pulse-icon")).toBeVisible();
  await expect(row(page, "Ten").getByRole("img", { name: /10 days in a row/ })).toBeVisible();
  // WCAG 2.2.2: it pulses twice (4 s), not for as long as the page is open. Read from its style: a finished
  // animation leaves getAnimations().
  const pulse = await row(page, "Ten")
    .getByTestId("pulse-icon")
    .evaluate((icon) => {
      const style = getComputedStyle(icon.querySelector("svg")!);
      return [style.animationName, style.animationDuration, style.animationIterationCount];
    });
  expect(pulse).toEqual(["pulse", "2s", "2"]);
  await expect(row(page, "Nine").getByTestId("pulse-icon")).toHaveCount(0);
  await toggleOf(page, "Nine").click();
  await expect(row(page, "Nine").getByTestId("pulse-icon")).toBeVisible();
  await toggleOf(page, "Ten").click();
  await expect(row(page, "Ten").getByTestId("pulse-icon")).toHaveCount(0);
});

test.describe("the local day", () => {
  // UTC-5 all year: the browser's day differs from the UTC day for five hours each evening.
  test.use({ timezoneId: "Etc/GMT+5" });

  test("an open app rolls over at local midnight without a reload", async ({
    signedInPage: page,
    server,
    user,
  }) => {
    const day = todayIn("UTC"); // the server accepts this day and the next one
    const next = addDays(day, 1);
    await seedHabits(server, user, [{ name: "Read" }]);
    // 23:58 local = 04:58 UTC the next day: two minutes of page time before midnight, more than the test's
    // timeout (plus the skipped splash) can use up however slow the machine, so the day cannot turn early.
    await page.clock.install({ time: new Date(`${next}T04:58:00Z`) });
    await openToday(page);
    await expect(page.getByTestId("today-date")).toHaveAttribute("data-date", day);
    await toggleOf(page, "Read").click();
    await expect(streak(page, "Read")).toHaveText("1-day streak");
    await expect.poll(async () => (await serverHabits(server, user))[0]?.completedDates).toEqual([day]);

    await page.clock.fastForward(120_000);
    await expect(page.getByTestId("today-date")).toHaveAttribute("data-date", next);
    await expect(toggleOf(page, "Read")).toHaveAttribute("aria-pressed", "false");
    await expect(streak(page, "Read")).toHaveText("1-day streak"); // yesterday still counts until done today
    await toggleOf(page, "Read").click();
    await expect(streak(page, "Read")).toHaveText("2-day streak");
    await expect.poll(async () => (await serverHabits(server, user))[0]?.completedDates).toEqual([day, next]);
  });
});
