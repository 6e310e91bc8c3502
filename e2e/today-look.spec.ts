// Today in both themes at phone and desktop width (screenshots kept under test-results/screenshots/),
// an axe scan with no serious or critical violation, and the notification permission prompt.
import AxeBuilder from "@axe-core/playwright";
import { test, expect } from "./support/fixtures";
import { addDays } from "../src/core/local-date";
import { daysEnding, openToday, seedHabits, todayIn } from "./support/habits";
import { reloadApp } from "./support/page-clock";

const shots = process.env.SCREENSHOTS_DIR ?? "test-results/screenshots";

for (const theme of ["light", "dark"] as const) {
  for (const width of [375, 1280]) {
    test(`Today in the ${theme} theme at ${width} px: screenshot and axe`, async ({
      signedInPage: page,
      server,
      user,
    }, testInfo) => {
      const today = todayIn();
      await seedHabits(server, user, [
        { name: "Read a book", completedDates: daysEnding(today, 12) },
        { name: "Meditate", completedDates: daysEnding(addDays(today, -1), 4) },
        { name: "Stretch", completedDates: [addDays(today, -5)] },
        { name: "Drink water" },
      ]);
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme: theme, reducedMotion: "reduce" });
      await openToday(page);
      await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
      await page.getByRole("button", { name: /Quick add common habits/ }).click();
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      const path = `${shots}/today-${theme}-${width}.png`;
      await page.screenshot({ path, fullPage: true });
      await testInfo.attach(`today-${theme}-${width}`, { path, contentType: "image/png" });

      const results = await new AxeBuilder({ page })
        .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
        .analyze();
      const severe = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
      expect(severe.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    });
  }
}

test.describe("notification permission", () => {
  // A stand-in for the browser's permission (kept across reloads) that counts the requests.
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(Notification, "permission", {
        get: () => sessionStorage.getItem("pw-permission") ?? "default",
      });
      Notification.requestPermission = async () => {
        sessionStorage.setItem("pw-asked", String(Number(sessionStorage.getItem("pw-asked") ?? 0) + 1));
        sessionStorage.setItem("pw-permission", "granted");
        return "granted";
      };
    });
  });
  const asked = (page: import("@playwright/test").Page) =>
    page.evaluate(() => Number(sessionStorage.getItem("pw-asked") ?? 0));

  test("is asked from a gentle prompt on Today, never unprompted", async ({
    signedInPage: page,
    server,
    user,
  }) => {
    await seedHabits(server, user, [{ name: "Read" }]);
    await openToday(page);
    const prompt = page.getByTestId("notification-prompt");
    await expect(prompt).toBeVisible();
    expect(await asked(page)).toBe(0);
    await prompt.getByRole("button", { name: "Enable notifications" }).click();
    await expect(prompt).toHaveCount(0);
    expect(await asked(page)).toBe(1);
    await reloadApp(page);
    await expect(page.getByRole("heading", { name: "Today", level: 1 })).toBeVisible();
    await expect(prompt).toHaveCount(0); // decided: never asked again
  });

  test("'Not now' hides it for good", async ({ signedInPage: page, server, user }) => {
    await seedHabits(server, user, [{ name: "Read" }]);
    await openToday(page);
    await page.getByTestId("notification-prompt").getByRole("button", { name: "Not now" }).click();
    await expect(page.getByTestId("notification-prompt")).toHaveCount(0);
    await reloadApp(page);
    await expect(page.getByText("Read", { exact: true })).toBeVisible();
    await expect(page.getByTestId("notification-prompt")).toHaveCount(0);
    expect(await asked(page)).toBe(0);
  });

  test("waits until there is a habit to be reminded of", async ({ signedInPage: page }) => {
    await openToday(page);
    await expect(page.getByTestId("notification-prompt")).toHaveCount(0);
  });
});
