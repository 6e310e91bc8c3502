// The shell (header, user menu, tab bar, footer), routes and guards, and the splash.
import { test, expect } from "./support/fixtures";
import { messages } from "../src/core/messages";
import { SPLASH_MIN_MS } from "../src/core/constants";
import { openToday, seedHabits } from "./support/habits";
import { gotoApp } from "./support/page-clock";

const s = messages.shell;

test.describe("route guards", () => {
  for (const path of ["/", "/stats", "/settings", "/profile", "/no/such/page"]) {
    test(`a signed-out visitor opening ${path} is sent to /login`, async ({ page }) => {
      await gotoApp(page, path);
      await expect(page).toHaveURL(/\/login$/);
    });
  }
  for (const path of ["/terms", "/privacy", "/reset-password"]) {
    test(`${path} is public`, async ({ page }) => {
      await gotoApp(page, path);
      await expect(page.getByTestId("splash")).toHaveCount(0);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
    });
  }
  test("a signed-in user opening /login goes to /, and unknown paths go to /", async ({
    signedInPage: page,
  }) => {
    await gotoApp(page, "/login");
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { name: "Today", level: 1 })).toBeVisible();
    await gotoApp(page, "/does/not/exist");
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe("splash", () => {
  test("shows for at least 1500 ms while the session loads", async ({ signedInPage: page }) => {
    const start = Date.now();
    await page.clock.install({ time: start });
    await page.clock.pauseAt(start + 1000); // nothing runs yet: the page loads with the clock stopped
    // The gate asks for the session in the same effects as it starts the minimum's timer. The app's code loads
    // after the splash's first paint (decision 0060): moving the clock on before it runs would spend the minimum
    // on a splash the gate has not yet counted, leaving it a 0 ms timer that a paused clock never fires.
    const gateStarted = page.waitForRequest(/\/api\/auth\/get-session/);
    await page.goto("/");
    const splash = page.getByTestId("splash");
    await expect(splash).toBeVisible();
    await expect(page.getByRole("banner")).toHaveCount(0);
    // Beside it, the font weights' hidden text (index.html): not seen, not read out, not in the splash.
    const fontWarm = page.locator("#font-warm");
    await expect(fontWarm).toHaveAttribute("aria-hidden", "true");
    expect(
      await fontWarm.evaluate((e) => e.getBoundingClientRect().width * e.getBoundingClientRect().height),
    ).toBeLessThanOrEqual(1);
    expect(await page.locator("body").ariaSnapshot()).not.toContain("Aa");
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBe(
      page.viewportSize()?.height,
    );
    await gateStarted;
    // Meanwhile the app draws behind the splash: in the page, but not seen, not read out, not reachable by Tab.
    await expect(page.locator("#root header")).toHaveCount(1);
    await expect(page.getByRole("banner")).toHaveCount(0);
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
    await page.clock.runFor(SPLASH_MIN_MS - 20);
    await expect(splash).toBeVisible();
    await page.clock.runFor(40);
    await expect(splash).toHaveCount(0);
    await expect(fontWarm).toHaveCount(0);
    await expect(page.getByRole("banner")).toBeVisible();
  });

  test("the page does not scroll under the splash, however long Today is", async ({
    signedInPage: page,
    server,
    user,
  }) => {
    const twelve = Array.from({ length: 12 }, (_, i) => ({ name: `Habit ${i + 1}` }));
    await seedHabits(server, user, twelve);
    await openToday(page);
    const start = Date.now();
    await page.clock.install({ time: start });
    await page.clock.pauseAt(start + 1000);
    await page.reload();
    await expect(page.getByTestId("splash")).toBeVisible();
    // Today is drawn behind the splash meanwhile: every row, and none of it makes the page longer.
    await expect(page.locator('#root [data-testid="habit-row"]')).toHaveCount(12);
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBe(
      page.viewportSize()?.height,
    );
  });

  test("stays until the session has loaded, however long that takes", async ({ signedInPage: page }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/auth/get-session**", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/");
    await expect(page.getByTestId("splash")).toBeVisible();
    await page.clock.fastForward(SPLASH_MIN_MS + 500); // well past the minimum, on the page clock
    await expect(page.getByTestId("splash")).toBeVisible();
    release();
    await expect(page.getByRole("heading", { name: "Today", level: 1 })).toBeVisible();
  });
});

test.describe("shell", () => {
  test("header, tab bar and footer navigation lead to every screen", async ({ signedInPage: page }) => {
    await openToday(page);
    await expect(page.getByRole("banner").getByRole("link", { name: "Habit Streaks" })).toBeVisible();
    const tabs = page.getByRole("navigation", { name: "Main" });
    await expect(tabs.getByRole("link")).toHaveText([s.today, s.stats, s.settings]);
    await expect(tabs.getByRole("link", { name: s.today })).toHaveAttribute("aria-current", "page");
    const footer = page.getByRole("navigation", { name: "Footer" });
    await expect(footer.getByRole("link")).toHaveText([s.today, s.stats, s.settings, s.profile]);

    await tabs.getByRole("link", { name: s.stats }).click();
    await expect(page).toHaveURL(/\/stats$/);
    await expect(tabs.getByRole("link", { name: s.stats })).toHaveAttribute("aria-current", "page");
    await tabs.getByRole("link", { name: s.settings }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await footer.getByRole("link", { name: s.profile }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await footer.getByRole("link", { name: s.today }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { name: "Today", level: 1 })).toBeVisible();
  });

  test("the user menu works with the keyboard and leads to profile and settings", async ({
    signedInPage: page,
    user,
  }) => {
    await openToday(page);
    const button = page.getByRole("button", { name: `Account menu for ${user.name}` });
    await button.focus();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("menu");
    await expect(menu.getByRole("menuitem")).toHaveText([s.yourProfile, s.settings, s.signOut]);
    await expect(menu.getByRole("menuitem", { name: s.yourProfile })).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(menu.getByRole("menuitem", { name: s.settings })).toBeFocused();
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("ArrowUp");
    await expect(menu.getByRole("menuitem", { name: s.signOut })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(menu).toHaveCount(0);
    await expect(button).toBeFocused();

    await button.click();
    await page.getByRole("menuitem", { name: s.yourProfile }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await button.click();
    await page.getByRole("menuitem", { name: s.settings }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await button.click();
    await page.getByRole("heading", { level: 1 }).click(); // a click outside closes it
    await expect(page.getByRole("menu")).toHaveCount(0);
  });

  test("Sign out ends the session", async ({ signedInPage: page, user }) => {
    await openToday(page);
    await page.getByRole("button", { name: `Account menu for ${user.name}` }).click();
    await page.getByRole("menuitem", { name: s.signOut }).click();
    await expect(page).toHaveURL(/\/login$/);
    await gotoApp(page, "/");
    await expect(page).toHaveURL(/\/login$/);
  });

  test("a failed sign-out says so and stays", async ({ signedInPage: page, user, allowConsoleErrors }) => {
    allowConsoleErrors(/status of 500/);
    await openToday(page);
    await page.route("**/api/auth/sign-out", (route) =>
      route.fulfill({ status: 500, json: { message: "down" } }),
    );
    await page.getByRole("button", { name: `Account menu for ${user.name}` }).click();
    await page.getByRole("menuitem", { name: s.signOut }).click();
    await expect(page.getByRole("alert")).toContainText(messages.profile.logoutFailed);
    await expect(page).toHaveURL(/\/$/);
  });

  test("fits a 375 px phone on every screen", async ({ signedInPage: page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    for (const path of ["/", "/stats", "/settings", "/profile"]) {
      await gotoApp(page, path);
      await expect(page.getByRole("banner")).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(375);
    }
  });
});
