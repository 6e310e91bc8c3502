// Settings' Reminders card. Daily times set, changed and removed (checked on the server and after a reload), at most
// five; the channels with their states (push permission, the e-mail digest); the test reminder with its result; the
// time zone saved on a visit; both themes at phone width with no serious axe violation.
import type { Locator, Page } from "@playwright/test";
import { test, expect, api, startE2eServer, type TestServer, type TestUser } from "./support/fixtures";
import { messages } from "../src/core/messages";
import { REMINDER_TIMES_MAX, TEST_REMINDERS_PER_HOUR } from "../src/core/reminders/limits";
import { verificationLinkIn } from "../test/support/verify-email";
import { expectNoSeriousA11yViolations, THEMES, useTheme, VIEWPORTS } from "./support/page-checks";
import { OFFLINE_ERRORS } from "./support/offline";
import { gotoApp, pauseClock, reloadApp, runUntilVisible, skipSplash } from "./support/page-clock";

const copy = messages.reminderSettings;
type Settings = {
  timeZone: string | null;
  email: { enabled: boolean; available: boolean; verified: boolean };
  reminders: { id: string; time: string; habitId: string | null }[];
};

async function onServer(server: TestServer, user: TestUser): Promise<Settings> {
  const res = await api(server, user, "/api/reminders");
  if (!res.ok) throw new Error(`GET /api/reminders: ${res.status}`);
  return res.json();
}
const dailyTimes = async (server: TestServer, user: TestUser) =>
  (await onServer(server, user)).reminders
    .filter((r) => r.habitId === null)
    .map((r) => r.time)
    .sort();

const card = (page: Page) => page.getByTestId("settings-reminders");
const timeInputs = (page: Page) => card(page).getByLabel(copy.timeLabel, { exact: true });

async function openReminders(page: Page): Promise<Locator> {
  await gotoApp(page, "/settings");
  await expect(card(page).getByRole("heading", { name: copy.title, exact: true })).toBeVisible();
  // Loaded: the channels show only with the server's settings.
  await expect(card(page).getByRole("heading", { name: copy.channelsHeading })).toBeVisible();
  return card(page);
}

/** Types a time into the input and leaves it, which saves it (Tab would move between the input's own fields). */
async function setTime(input: Locator, time: string) {
  await input.fill(time);
  await input.blur();
}

test("daily reminder times are added, changed and removed, and kept by the server", async ({
  signedInPage: page,
  server,
  user,
}) => {
  const reminders = await openReminders(page);
  await expect(reminders.getByText(copy.noTimes)).toBeVisible();

  await reminders.getByRole("button", { name: copy.addTime }).click();
  await expect(timeInputs(page)).toHaveValue("20:00");
  await expect(timeInputs(page)).toBeFocused(); // ready to be changed at once
  await expect.poll(() => dailyTimes(server, user)).toEqual(["20:00"]);

  await setTime(timeInputs(page), "07:30");
  await expect.poll(() => dailyTimes(server, user)).toEqual(["07:30"]);
  await reminders.getByRole("button", { name: copy.addTime }).click();
  await expect(timeInputs(page)).toHaveCount(2);
  await expect.poll(() => dailyTimes(server, user)).toEqual(["07:30", "20:00"]);

  await reloadApp(page);
  await expect(timeInputs(page)).toHaveCount(2);
  await expect(timeInputs(page).nth(0)).toHaveValue("07:30");
  await expect(timeInputs(page).nth(1)).toHaveValue("20:00");

  await card(page)
    .getByRole("button", { name: copy.removeTime("7:30 AM") })
    .click();
  await expect(timeInputs(page)).toHaveCount(1);
  await expect.poll(() => dailyTimes(server, user)).toEqual(["20:00"]);
  await reloadApp(page);
  await expect(timeInputs(page)).toHaveCount(1);
  await expect(timeInputs(page)).toHaveValue("20:00");

  // An emptied input keeps the saved time.
  await setTime(timeInputs(page), "");
  await expect(timeInputs(page)).toHaveValue("20:00");
  expect(await dailyTimes(server, user)).toEqual(["20:00"]);
});

test(`at most ${REMINDER_TIMES_MAX} daily times`, async ({ signedInPage: page, server, user }) => {
  for (const time of ["06:00", "08:00", "12:00", "18:00"])
    await api(server, user, "/api/reminders", { method: "POST", body: JSON.stringify({ time }) });
  const reminders = await openReminders(page);
  await expect(timeInputs(page)).toHaveCount(4);
  await reminders.getByRole("button", { name: copy.addTime }).click();
  await expect(timeInputs(page)).toHaveCount(REMINDER_TIMES_MAX);
  await expect(reminders.getByRole("button", { name: copy.addTime })).toBeDisabled();
  await expect(reminders.getByText(copy.limit(REMINDER_TIMES_MAX))).toBeVisible();
  expect(await dailyTimes(server, user)).toEqual(["06:00", "08:00", "12:00", "18:00", "20:00"]);
});

test("a change the server refuses is said, and the saved time stays", async ({
  signedInPage: page,
  server,
  user,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/status of 500/);
  await api(server, user, "/api/reminders", { method: "POST", body: JSON.stringify({ time: "20:00" }) });
  await openReminders(page);
  await page.route("**/api/reminders/*", (route) =>
    route.request().method() === "PUT"
      ? route.fulfill({ status: 500, json: { error: { code: "INTERNAL", message: "boom" } } })
      : route.continue(),
  );
  await setTime(timeInputs(page), "09:00");
  await expect(card(page).getByRole("alert")).toHaveText(copy.saveFailed);
  await expect(timeInputs(page)).toHaveValue("20:00");
  expect(await dailyTimes(server, user)).toEqual(["20:00"]);
});

test("an address is verified by its mailed link before the digest is on; the test reminder goes out by e-mail, five an hour", async ({
  signedInPage: page,
  server,
  user,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/status of 429/); // the sixth test reminder, refused on purpose
  const reminders = await openReminders(page);
  const email = reminders.getByRole("switch", { name: copy.emailLabel });
  await expect(reminders.getByText(copy.emailVerify)).toBeVisible();
  await expect(email).toHaveAttribute("aria-checked", "false");
  await expect(email).toBeDisabled();
  const before = server.mailbox.mails.length;
  await reminders.getByRole("button", { name: copy.resendVerification }).click();
  await expect(reminders.getByText(copy.verificationSent(user.email))).toBeVisible();
  await expect.poll(() => server.mailbox.mails.length).toBeGreaterThan(before);
  const mail = await server.mailbox.waitFor(user.email, { subject: messages.account.verifyMailSubject });
  await page.goto(verificationLinkIn(mail)); // the server's page: its button, not the visit, confirms
  await page.getByRole("button", { name: messages.account.verifyConfirm }).click();
  await expect(page.getByRole("heading", { name: messages.account.verifiedTitle })).toBeVisible();
  await page.getByRole("link", { name: messages.account.verifyOpenSettings }).click();
  await skipSplash(page);
  await expect(page).toHaveURL(/\/settings$/);
  await expect(reminders.getByTestId("reminder-email-verified")).toHaveText(copy.emailVerified(user.email));
  await expect(reminders.getByText(copy.emailVerify)).toHaveCount(0);
  await expect(email).toHaveAttribute("aria-checked", "true");

  await reminders.getByRole("button", { name: copy.sendTest }).click();
  await expect(page.getByTestId("reminder-test-result")).toHaveText(copy.testSent(0, true));
  await server.mailbox.waitFor(user.email, { subject: messages.reminderDelivery.mailTestSubject });

  await email.click();
  await expect(email).toHaveAttribute("aria-checked", "false");
  await expect.poll(async () => (await onServer(server, user)).email.enabled).toBe(false);
  await reloadApp(page);
  await expect(email).toHaveAttribute("aria-checked", "false");
  await reminders.getByRole("button", { name: copy.sendTest }).click();
  await expect(page.getByTestId("reminder-test-result")).toHaveText(copy.testNothing);

  await email.click();
  await expect(email).toHaveAttribute("aria-checked", "true");
  await expect.poll(async () => (await onServer(server, user)).email.enabled).toBe(true);

  // Two sent from the page; three more make five; the sixth in the hour is refused with a clear text
  for (let i = 2; i < TEST_REMINDERS_PER_HOUR; i += 1)
    expect((await api(server, user, "/api/reminders/test", { method: "POST" })).status).toBe(200);
  await reminders.getByRole("button", { name: copy.sendTest }).click();
  await expect(reminders.getByRole("alert")).toHaveText(copy.testLimited(TEST_REMINDERS_PER_HOUR));
});

test("push shows the browser's permission; without a service worker it says it cannot be set up", async ({
  context,
  signedInPage: page,
}) => {
  const reminders = await openReminders(page);
  const state = page.getByTestId("reminder-push-permission");
  await expect(state).toHaveText(copy.pushState.default);
  await context.grantPermissions(["notifications"]);
  await reloadApp(page);
  await expect(state).toHaveText(copy.pushState.granted);
  // Service workers are blocked in these specs (playwright.config.ts), as in a browser that has none.
  await reminders.getByRole("button", { name: copy.enablePush }).click();
  await expect(reminders.getByRole("alert")).toHaveText(copy.pushUnavailable);
});

test.describe("in New York", () => {
  test.use({ timezoneId: "America/New_York" });

  test("the browser's time zone is saved on a visit", async ({ signedInPage: page, server, user }) => {
    expect((await onServer(server, user)).timeZone).toBeNull();
    await gotoApp(page, "/");
    await expect.poll(async () => (await onServer(server, user)).timeZone).toBe("America/New_York");
  });

  test("offline, the visit waits for the connection, then saves the time zone", async ({
    signedInPage: page,
    server,
    user,
    context,
    allowConsoleErrors,
  }) => {
    // The visit's timer starts when the session arrives. The session is held until the page clock stands still, so
    // that the splash (whose timer started earlier) ends first and the connection goes before the visit is due.
    let releaseSession = () => undefined as void;
    const sessionHeld = new Promise<void>((resolve) => (releaseSession = resolve));
    await page.route("**/api/auth/get-session*", async (route) => {
      await sessionHeld;
      await route.continue();
    });
    await page.goto("/");
    await pauseClock(page);
    releaseSession();
    await runUntilVisible(page, page.getByRole("heading", { name: "Today", level: 1 }));
    // The list's code has arrived before the connection goes: without a service worker (blocked here) a part whose
    // code cannot arrive ends in the page's error boundary, which would end the visit's wait with the page.
    for (let spent = 0; (await page.getByTestId("habits-loading").count()) > 0; spent += 10) {
      if (spent > 10_000) throw new Error("the list did not load within 10 s of page time");
      await page.clock.runFor(10);
    }
    // Going offline this early also fails the first sync; the app retries it.
    allowConsoleErrors(OFFLINE_ERRORS);
    await context.setOffline(true);
    const failed: string[] = [];
    page.on("requestfailed", (request) => failed.push(request.url()));
    await page.clock.runFor(5_000); // well past the visit's delay after the first paint
    await page.waitForTimeout(300);
    // Neither the visit's code nor its request was sent into the failing network.
    expect(failed.filter((url) => /\/assets\/visit-|\/api\/reminders/.test(url))).toEqual([]);
    expect((await onServer(server, user)).timeZone).toBeNull();
    await page.clock.resume();
    await context.setOffline(false);
    await expect.poll(async () => (await onServer(server, user)).timeZone).toBe("America/New_York");
  });
});

test("the card reads well in both themes at phone width, with no serious axe violation", async ({
  signedInPage: page,
  server,
  user,
}) => {
  await api(server, user, "/api/reminders", { method: "POST", body: JSON.stringify({ time: "20:00" }) });
  await page.setViewportSize(VIEWPORTS.phone);
  const reminders = await openReminders(page);
  for (const theme of THEMES) {
    await useTheme(page, theme);
    await expect(timeInputs(page)).toBeVisible();
    // Nothing overflows the phone's width.
    const box = await reminders.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    await expectNoSeriousA11yViolations(page);
  }
});

test.describe("on a server without SMTP", () => {
  let bare: TestServer;
  test.beforeAll(async () => {
    bare = await startE2eServer({ mailbox: false });
  });
  test.afterAll(async () => bare.close());

  test("the e-mail digest shows as unavailable", async ({ page }) => {
    const owner = await bare.signUp({});
    const cookies = owner.cookie.split("; ").map((pair) => {
      const i = pair.indexOf("=");
      return { name: pair.slice(0, i), value: pair.slice(i + 1), url: bare.url };
    });
    await page.context().addCookies(cookies);
    await page.goto(`${bare.url}/settings`);
    await expect(card(page).getByText(copy.emailUnavailable)).toBeVisible();
    await expect(card(page).getByRole("switch", { name: copy.emailLabel })).toBeDisabled();
  });
});
