// Every kind and frequency of habit (docs/product.md, "Kinds of habit") used offline on a phone and a desktop window:
// Today's tick, number, Add and "I slipped", a habit added with the form's options, notes in a day's panel; all of it
// survives a reload with no network (the service worker serves the app) and reaches a second device once online.
import type { Browser, Page } from "@playwright/test";
import { QUIT_TARGET, type HabitRule } from "../src/core/habit-kind";
import { addDays, type LocalDate } from "../src/core/local-date";
import { messages } from "../src/core/messages";
import type { Weekday } from "../src/core/schedule";
import { fullDate } from "../src/web/ui/day-names";
import { expect, signIn, test, type TestServer, type TestUser } from "./support/fixtures";
import { newHabitInput, openToday, row, serverHabits, todayIn, toggleOf } from "./support/habits";
import { seedKinds } from "./support/kinds";
import { OFFLINE_ERRORS, waitForServiceWorker } from "./support/offline";
import { reloadApp } from "./support/page-clock";

const k = messages.habitKinds;
const T: LocalDate = todayIn("UTC");
const CLEAN_FROM = addDays(T, -4); // the quit habit's rule: four clean days before today
const weekday = (date: LocalDate) => new Date(`${date}T00:00:00Z`).getUTCDay() as Weekday;
/** Due today and on one other weekday. */
const STRETCH_DAYS = [weekday(T), ((weekday(T) + 3) % 7) as Weekday].sort((a, b) => a - b);
const rule = (
  frequency: HabitRule["frequency"],
  target: HabitRule["target"] = null,
  from = T,
): HabitRule => ({
  from,
  frequency,
  target,
});
const HABITS = [
  { name: "Read", kind: "yesNo" as const, rules: [rule(null)] },
  { name: "Stretch", kind: "yesNo" as const, rules: [rule({ weekdays: STRETCH_DAYS })] },
  { name: "Gym", kind: "yesNo" as const, rules: [rule({ times: 3, per: "week" })] },
  {
    name: "Water",
    kind: "measurable" as const,
    rules: [rule(null, { atMost: false, amount: 8, per: "day", unit: "glasses" })],
  },
  {
    name: "Coffee",
    kind: "measurable" as const,
    rules: [rule(null, { atMost: true, amount: 2, per: "day", unit: "cups" })],
  },
  {
    name: "Run",
    kind: "measurable" as const,
    rules: [rule(null, { atMost: false, amount: 20, per: "week", unit: "km" })],
    step: 2.5,
  },
  { name: "Smoking", kind: "quit" as const, rules: [rule(null, QUIT_TARGET, CLEAN_FROM)] },
];
/** A note in each kind's day panel: yes/no, measurable, quit. */
const NOTES: Record<string, string> = {
  Read: "Two chapters offline",
  Water: "Hot day",
  Smoking: "At the party",
};

test.use({ timezoneId: "UTC", locale: "en-US", serviceWorkers: "allow" });

const VIEWPORTS = {
  phone: { width: 375, height: 812 },
  desktop: { width: 1280, height: 800 },
} as const;

/** Today's rows as the first device left them, on any device signed in to the account. */
async function expectToday(page: Page) {
  for (const name of ["Read", "Stretch", "Gym", "Call mum"])
    await expect(toggleOf(page, name)).toHaveAttribute("aria-pressed", "true");
  await expect(row(page, "Gym")).toContainText(messages.todayRow.times(1, 3, "week"));
  await expect(row(page, "Call mum")).toContainText(messages.todayRow.times(1, 4, "month"));
  await expect(page.getByRole("spinbutton", { name: messages.todayRow.amountToday("Water") })).toHaveValue(
    "5",
  );
  await expect(row(page, "Water")).toContainText(
    messages.todayRow.progress({ amount: 5, needed: 8, per: "day", atMost: false }, "glasses"),
  );
  await expect(page.getByRole("spinbutton", { name: messages.todayRow.amountToday("Coffee") })).toHaveValue(
    "1",
  );
  await expect(row(page, "Coffee")).toContainText(
    messages.todayRow.progress({ amount: 1, needed: 2, per: "day", atMost: true }, "cups"),
  );
  await expect(page.getByRole("spinbutton", { name: messages.todayRow.amountToday("Run") })).toHaveValue(
    "7.5",
  );
  await expect(row(page, "Run")).toContainText(
    messages.todayRow.progress({ amount: 7.5, needed: 20, per: "week", atMost: false }, "km"),
  );
  await expect(row(page, "Smoking")).toContainText(messages.todayRow.cleanLine(0, 0));
}

/** Opens the habit's page from Today, and today's panel on it. */
async function openTodaysPanel(page: Page, name: string) {
  await row(page, name).getByRole("link", { name, exact: true }).click();
  await expect(page.getByTestId("habit-page")).toBeVisible();
  await page.getByRole("button", { name: k.dayDetails(fullDate(T)) }).click();
  await expect(page.getByRole("dialog", { name: fullDate(T) })).toBeVisible();
}

/** Each noted habit's page marks today and its panel holds the note (and the number, for one that counts). */
async function expectNotes(page: Page) {
  for (const [name, note] of Object.entries(NOTES)) {
    await openTodaysPanel(page, name);
    await expect(
      page
        .getByTestId("habit-page")
        .getByRole("button", { name: new RegExp(`^${fullDate(T)}: .*, ${k.hasNote}$`) }),
    ).toBeVisible();
    await expect(page.getByRole("textbox", { name: k.noteFor(fullDate(T)) })).toHaveValue(note);
    const number = { Water: "5", Smoking: "1" }[name];
    if (number)
      await expect(page.getByRole("spinbutton", { name: k.amount(fullDate(T)) })).toHaveValue(number);
    await page.getByRole("button", { name: k.close, exact: true }).click();
    await expect(page.getByTestId("day-panel")).toHaveCount(0);
    await page.getByRole("link", { name: messages.history.backToToday }).click();
    await expect(page.getByRole("heading", { name: messages.shell.today, level: 1 })).toBeVisible();
  }
}

/** A second device: another browser context of the same size, signed in to the account, on Today. */
async function secondDevice(
  browser: Browser,
  server: TestServer,
  user: TestUser,
  size: { width: number; height: number },
) {
  const context = await browser.newContext({
    baseURL: server.url,
    timezoneId: "UTC",
    locale: "en-US",
    viewport: size,
  });
  const page = await context.newPage();
  await page.clock.install();
  await page.clock.setSystemTime(new Date(`${T}T12:00:00Z`));
  await signIn(page, server, user);
  await openToday(page);
  return { context, page };
}

for (const [label, size] of Object.entries(VIEWPORTS)) {
  test(`every kind and frequency, with notes, works offline on a ${label} (${size.width}×${size.height}) and reaches a second device`, async ({
    signedInPage: page,
    browser,
    server,
    user,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors(OFFLINE_ERRORS);
    await page.setViewportSize(size);
    await page.clock.setSystemTime(new Date(`${T}T12:00:00Z`));
    await seedKinds(server, user, HABITS);
    await openToday(page);
    await waitForServiceWorker(page);
    await expect(row(page, "Smoking")).toContainText(messages.todayRow.cleanLine(4, 4));
    const other = await secondDevice(browser, server, user, size);
    await expect(toggleOf(other.page, "Read")).toHaveAttribute("aria-pressed", "false");

    await test.step("offline on Today", async () => {
      await page.context().setOffline(true);
      // A yes/no habit due 4 times a month, added with the form's options while offline.
      await newHabitInput(page).fill("Call mum");
      await page.getByRole("button", { name: messages.today.moreOptions }).click();
      await page.getByRole("radio", { name: k.timesPerMonth }).check();
      await page.getByLabel(k.times, { exact: true }).fill("4");
      await page.getByRole("button", { name: "Add habit" }).click();
      await expect(row(page, "Call mum")).toContainText(messages.todayRow.times(0, 4, "month"));

      for (const name of ["Read", "Stretch", "Gym", "Call mum"]) await toggleOf(page, name).click();
      const water = page.getByRole("spinbutton", { name: messages.todayRow.amountToday("Water") });
      await water.fill("4");
      await water.press("Enter");
      await page.getByRole("button", { name: messages.todayRow.add(1, "Water") }).click();
      await page.getByRole("button", { name: messages.todayRow.add(1, "Coffee") }).click();
      const run = page.getByRole("spinbutton", { name: messages.todayRow.amountToday("Run") });
      await run.fill("5");
      await run.press("Enter");
      await page.getByRole("button", { name: messages.todayRow.add(2.5, "Run") }).click();
      await page.getByRole("button", { name: messages.todayRow.slippedName("Smoking") }).click();
      await expectToday(page);
    });
    await test.step("notes offline", async () => {
      for (const [name, note] of Object.entries(NOTES)) {
        await openTodaysPanel(page, name);
        await page.getByRole("textbox", { name: k.noteFor(fullDate(T)) }).fill(note);
        await page.getByRole("button", { name: k.saveDay, exact: true }).click();
        await expect(page.getByTestId("day-panel")).toHaveCount(0);
        await page.getByRole("link", { name: messages.history.backToToday }).click();
      }
      // Nothing has left the browser yet.
      const held = await serverHabits(server, user);
      expect(held.map((habit) => habit.name)).not.toContain("Call mum");
      expect(held.find((habit) => habit.name === "Read")?.completedDates).toEqual([]);
    });
    await test.step("reload offline", async () => {
      // A reload with no network: the service worker serves the app, the local store every write.
      await reloadApp(page);
      await expectToday(page);
      await expectNotes(page);
    });
    await test.step("second device", async () => {
      // Online again: the other device shows it all without a reload.
      await page.context().setOffline(false);
      await page.evaluate(() => window.dispatchEvent(new Event("online")));
      await expectToday(other.page);
      await expectNotes(other.page);
    });
    await other.context.close();
  });
}
