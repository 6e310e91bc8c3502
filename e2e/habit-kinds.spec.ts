// Kinds of habit through the UI (docs/product.md, "Kinds of habit"): a measurable, a quit and a 3-times-a-week
// habit added with the add form's options, Today's rows for them, a day's note on the habit page and a change of
// target from a chosen day; all of it survives a reload and reaches a second browser signed in to the account.
import type { Browser, Page } from "@playwright/test";
import { addDays, type LocalDate } from "../src/core/local-date";
import { messages } from "../src/core/messages";
import { fullDate } from "../src/web/ui/day-names";
import { openLogin, signInWith, signUpWith, switchToSignUp, uniqueEmail } from "./support/auth";
import { expect, test } from "./support/fixtures";
import { newHabitInput, openToday, row, seedHabits, todayIn } from "./support/habits";
import { expectNoSeriousA11yViolations } from "./support/page-checks";
import { reloadApp } from "./support/page-clock";

const k = messages.habitKinds;
const T: LocalDate = todayIn("UTC");
const TOMORROW = addDays(T, 1);
const PASSWORD = "kinds-of-habit-9";
test.use({ timezoneId: "UTC", locale: "en-US" });
test.beforeEach(async ({ page }) => {
  await page.clock.setSystemTime(new Date(`${T}T12:00:00Z`));
});

async function addWithOptions(page: Page, name: string, choose: () => Promise<void>) {
  await newHabitInput(page).fill(name);
  const more = page.getByRole("button", { name: messages.today.moreOptions });
  if ((await more.getAttribute("aria-expanded")) !== "true") await more.click();
  await choose();
  await page.getByRole("button", { name: "Add habit" }).click();
  await expect(row(page, name)).toBeVisible();
}

/** Today in the habit page's month calendar. */
const waterDay = (page: Page) =>
  page.getByTestId("habit-page").getByRole("button", { name: new RegExp(`^${fullDate(T)}: `) });

/** What the first device made, as any device signed in to the account shows it. */
async function expectKinds(page: Page) {
  await openToday(page);
  await expect(page.getByRole("spinbutton", { name: "Water today" })).toHaveValue("4");
  await expect(row(page, "Gym")).toContainText("0 of 3 this week");
  await row(page, "Water").getByRole("link", { name: "Water", exact: true }).click();
  await expect(page.getByTestId("habit-page")).toBeVisible();
  await expect(waterDay(page)).toHaveAccessibleName(new RegExp(`, ${k.hasNote}$`));
  await expect(page.getByTestId("rule-history")).toContainText(
    `From ${TOMORROW}: every day, at least 10 glasses a day`,
  );
  await waterDay(page).click();
  await expect(page.getByRole("textbox", { name: k.noteFor(fullDate(T)) })).toHaveValue("Felt great");
  await expect(page.getByRole("spinbutton", { name: k.amount(fullDate(T)) })).toHaveValue("4");
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("day-panel")).toHaveCount(0);
}

async function secondDevice(browser: Browser, baseURL: string, email: string) {
  const context = await browser.newContext({ baseURL, timezoneId: "UTC", locale: "en-US" });
  const page = await context.newPage();
  await page.clock.install();
  await page.clock.setSystemTime(new Date(`${T}T12:00:00Z`));
  await openLogin(page);
  await signInWith(page, email, PASSWORD);
  await expect(page.getByRole("heading", { name: messages.shell.today, level: 1 })).toBeVisible();
  return { context, page };
}

test("adds a measurable, a quit and a 3-times-a-week habit, with a note and a dated change, on two devices", async ({
  page,
  browser,
  server,
}) => {
  const email = uniqueEmail("kinds");
  await openLogin(page);
  await switchToSignUp(page);
  await signUpWith(page, { name: "Kinds", email, password: PASSWORD });
  await expect(page.getByRole("heading", { name: messages.shell.today, level: 1 })).toBeVisible();

  await addWithOptions(page, "Water", async () => {
    await page.getByRole("radio", { name: k.measurable }).check();
    await page.getByLabel(k.unit, { exact: true }).fill("glasses");
    await page.getByLabel(k.target, { exact: true }).fill("8");
    await page.getByLabel(k.atLeastOrAtMost).selectOption({ label: k.atLeast });
    await page.getByLabel(k.per, { exact: true }).selectOption({ label: k.day });
  });
  const amount = page.getByRole("spinbutton", { name: "Water today" });
  await amount.fill("3");
  await amount.press("Enter");
  await page.getByRole("button", { name: "Add 1 to Water" }).click();
  await expect(amount).toHaveValue("4");

  await addWithOptions(page, "Smoking", () => page.getByRole("radio", { name: k.quit }).check());
  await page.getByRole("button", { name: "I slipped: Smoking" }).click();

  await addWithOptions(page, "Gym", async () => {
    await page.getByRole("radio", { name: k.yesNo }).check();
    await page.getByRole("radio", { name: k.timesPerWeek }).check();
    await page.getByLabel(k.times, { exact: true }).fill("3");
  });
  await expect(row(page, "Gym")).toContainText("0 of 3 this week");

  // The habit page: today's note, and a target of 10 from tomorrow on.
  await row(page, "Water").getByRole("link", { name: "Water", exact: true }).click();
  await waterDay(page).click();
  await page.getByRole("textbox", { name: k.noteFor(fullDate(T)) }).fill("Felt great");
  await page.getByRole("button", { name: k.saveDay, exact: true }).click();
  await expect(waterDay(page)).toHaveAccessibleName(new RegExp(`, ${k.hasNote}$`));
  // The note shows at once; the panel, a modal that keeps the page inert, closes once the device has stored it.
  await expect(page.getByTestId("day-panel")).toHaveCount(0);
  await page.getByLabel(k.target, { exact: true }).fill("10");
  await page.getByLabel(k.fromWhichDay).fill(TOMORROW);
  await page.getByRole("button", { name: k.save }).click();
  await expect(page.getByRole("status").filter({ hasText: k.saved })).toBeVisible();
  await expect(page.getByTestId("rule-history")).toContainText(
    `From ${T}: every day, at least 8 glasses a day`,
  );

  await reloadApp(page);
  await expectKinds(page);
  await page.getByRole("link", { name: messages.history.backToToday }).click();
  await row(page, "Smoking").getByRole("link", { name: "Smoking", exact: true }).click();
  await waterDay(page).click();
  await expect(page.getByRole("spinbutton", { name: k.amount(fullDate(T)) })).toHaveValue("1");

  const other = await secondDevice(browser, server.url, email);
  await expectKinds(other.page);
  await other.context.close();
});

test("shows the month and the year side by side on a wide window, one above the other on a phone", async ({
  signedInPage: page,
  server,
  user,
}) => {
  await seedHabits(server, user, [{ name: "Read" }]);
  const boxes = async () => {
    const month = await page
      .getByTestId("calendar-month")
      .locator("xpath=ancestor::section[1]")
      .boundingBox();
    const year = await page.getByTestId("heatmap").locator("xpath=ancestor::section[1]").boundingBox();
    if (!month || !year) throw new Error("the calendar or the heatmap is not shown");
    return { month, year };
  };
  await page.setViewportSize({ width: 1280, height: 900 });
  await openToday(page);
  await row(page, "Read").getByRole("link", { name: "Read", exact: true }).click();
  await expect(page.getByTestId("heatmap")).toBeVisible();
  const wide = await boxes();
  expect(wide.year.x).toBeGreaterThan(wide.month.x + wide.month.width - 1);
  expect(Math.abs(wide.year.y - wide.month.y)).toBeLessThan(2);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  await page.setViewportSize({ width: 375, height: 800 });
  const phone = await boxes();
  expect(phone.year.y).toBeGreaterThanOrEqual(phone.month.y + phone.month.height);
  expect(Math.abs(phone.year.x - phone.month.x)).toBeLessThan(2);
});

test("the add form's options, the rules editor and a day's panel fit a phone and pass axe", async ({
  signedInPage: page,
  server,
  user,
}) => {
  await seedHabits(server, user, [{ name: "Read" }]);
  await page.setViewportSize({ width: 375, height: 800 });
  const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  await openToday(page);
  await page.getByRole("button", { name: messages.today.moreOptions }).click();
  await page.getByRole("radio", { name: k.measurable }).check();
  await page.getByLabel(k.target, { exact: true }).fill("abc");
  await page.getByRole("radio", { name: k.timesPerWeek }).check();
  await expect(page.getByText(k.badTarget)).toBeVisible();
  expect(await fits()).toBe(true);
  await expectNoSeriousA11yViolations(page);

  await row(page, "Read").getByRole("link", { name: "Read", exact: true }).click();
  await expect(page.getByText(k.rulesTitle)).toBeVisible();
  expect(await fits()).toBe(true);
  await page.getByRole("button", { name: k.dayDetails(fullDate(T)) }).click();
  await expect(page.getByRole("dialog", { name: fullDate(T) })).toBeVisible();
  await expect(page.getByRole("textbox", { name: k.noteFor(fullDate(T)) })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("day-panel")).toHaveCount(0);
  await expect(page.getByRole("button", { name: k.dayDetails(fullDate(T)) })).toBeFocused();
});
