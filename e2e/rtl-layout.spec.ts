// Layout in Arabic and German (docs/decisions/0072): right to left the app mirrors (the tab bar, the day strip,
// the calendar, the heatmap and the charts run from the right; the arrows point the other way; the side arrow keys
// move the way they point), no screen is wider than a 375 px phone, German's tab labels fit, and axe finds nothing
// in either theme. One page per locale walks the screens in turn.
import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { test, expect, api, signIn, type TestServer, type TestUser } from "./support/fixtures";
import { addDays } from "../src/core/local-date";
import { messagesIn } from "../src/core/messages/in-locale";
import { todayIn } from "./support/habits";
import { THEMES, useTheme } from "./support/page-checks";
import { gotoApp } from "./support/page-clock";

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 800 };
const ar = messagesIn("ar");

/** Habits with some history: a yes/no one in a group, a measurable one with an Arabic unit, one named in Latin letters. */
async function seed(
  server: TestServer,
  user: TestUser,
  names: readonly [string, string, string],
  unit: string,
) {
  const today = todayIn();
  const days = Array.from({ length: 120 }, (_, i) => addDays(today, -i - 1));
  const backup = {
    version: 2,
    groups: [{ name: names[0], folded: false }],
    habits: [
      { name: names[0], group: names[0], completedDates: days.filter((_, i) => i % 3 !== 0), position: 0 },
      { name: names[1], completedDates: days.filter((_, i) => i % 2 === 0), position: 1 },
      {
        name: names[2],
        kind: "measurable",
        step: 1,
        rules: [
          { from: days.at(-1), frequency: null, target: { atMost: false, amount: 8, per: "day", unit } },
        ],
        completedDates: [],
        values: days.map((date, i) => [date, (i % 9) + 1]),
        position: 2,
      },
    ],
  };
  const res = await api(server, user, "/api/habits", { method: "PUT", body: JSON.stringify(backup) });
  expect(res.ok, await res.text()).toBe(true);
}

/** Keeps the language on the device for every load of the page. */
async function useLanguage(page: Page, locale: string) {
  await page.addInitScript((l) => window.localStorage.setItem("habitStreaksLanguage", l), locale);
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`no box for ${String(locator)}`);
  return found;
}

/** The page is no wider than the window, and no text box is cut (wider inside than its own box while hiding it). */
async function expectNoOverflow(page: Page, screen: string) {
  const found = await page.evaluate(() => {
    const root = document.scrollingElement!;
    const wide =
      root.scrollWidth > root.clientWidth ? [`page ${root.scrollWidth} > ${root.clientWidth}`] : [];
    const cut = [...document.querySelectorAll<HTMLElement>("body *")]
      // A box of a pixel or two shows no text to cut (a CI run once met a 1 px "AaAa" box while the page loaded).
      .filter((el) => !el.closest(".sr-only") && el.clientWidth > 2)
      .filter((el) => {
        const style = getComputedStyle(el);
        const hides =
          style.overflowX === "hidden" || style.overflowX === "clip" || style.textOverflow === "ellipsis";
        return hides && el.scrollWidth > el.clientWidth + 1 && el.innerText.trim() !== "";
      })
      .map((el) => `cut: ${el.tagName} "${el.innerText.slice(0, 40)}" ${el.scrollWidth} > ${el.clientWidth}`);
    return [...wide, ...cut];
  });
  expect(found, screen).toEqual([]);
}

/** No axe violation of any impact, in the light and the dark theme. */
async function expectAxeClean(page: Page, screen: string) {
  for (const theme of THEMES) {
    await useTheme(page, theme);
    const { violations } = await new AxeBuilder({ page }).analyze();
    const report = violations.map(
      (v) => `${theme} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
    );
    expect(report, `${screen}\n${report.join("\n")}`).toEqual([]);
  }
}

async function checkScreen(page: Page, screen: string, axe: boolean) {
  await expectNoOverflow(page, screen);
  if (axe) await expectAxeClean(page, screen);
}

const tab = (page: Page, href: string) => page.locator(`nav a[href="${href}"]`).first();

for (const [label, viewport, axe] of [
  ["a phone", PHONE, true],
  ["a desktop", DESKTOP, false],
] as const) {
  test(`Arabic mirrors every screen on ${label}, none wider than the window${axe ? ", axe clean" : ""}`, async ({
    page,
    server,
    user,
  }) => {
    test.slow();
    await seed(server, user, ["قراءة 20 صفحة", "Gym!", "ماء"], "أكواب");
    await page.setViewportSize(viewport);
    await useLanguage(page, "ar");

    for (const view of ["login", "signup", "resetPassword"]) {
      await gotoApp(page, `/login?view=${view}`);
      await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
      await expect(page.locator("form").first()).toBeVisible();
      await checkScreen(page, `sign-in page: ${view}`, axe);
    }

    await signIn(page, server, user);
    await gotoApp(page, "/");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByTestId("habit-row")).toHaveCount(3);
    // The tab bar reads from the right: Today, then Stats, then Settings leftwards.
    const [today, stats, settings] = [
      await box(tab(page, "/")),
      await box(tab(page, "/stats")),
      await box(tab(page, "/settings")),
    ];
    expect(today.x).toBeGreaterThan(stats.x);
    expect(stats.x).toBeGreaterThan(settings.x);
    // Each day strip ends with today at its left (inline end).
    const strip = page.getByTestId("day-strip").first();
    const todayCell = await box(strip.locator("[data-today]"));
    const firstCell = await box(strip.locator("button").first());
    expect(todayCell.x).toBeLessThan(firstCell.x);
    // A name in Latin letters keeps its punctuation on its own side.
    await expect(page.getByTestId("habit-name").filter({ hasText: "Gym!" }).locator("bdi")).toHaveText(
      "Gym!",
    );
    await checkScreen(page, "Today", axe);

    await page.getByTestId("habit-name").filter({ hasText: "قراءة" }).click();
    await expect(page.getByTestId("habit-page")).toBeVisible();
    const main = await box(page.locator("main"));
    const back = await box(page.getByRole("link", { name: ar.history.backToToday }));
    expect(back.x + back.width).toBeGreaterThan(main.x + main.width / 2);
    // The previous month is on the right, its arrow pointing right.
    const previous = page.getByRole("button", { name: ar.history.previousMonth });
    const next = page.getByRole("button", { name: ar.history.nextMonth });
    expect((await box(previous)).x).toBeGreaterThan((await box(next)).x);
    expect(await previous.locator("svg").evaluate((svg) => getComputedStyle(svg).scale)).toMatch(/^-1\b/);
    // The side arrow keys move the way they point: ArrowRight goes back a day, ArrowLeft forward.
    const day = todayIn();
    await page.locator(`[data-testid=habit-page] button[data-date="${day}"]`).focus();
    await page.keyboard.press("ArrowRight");
    await expect(page.locator(`button[data-date="${addDays(day, -1)}"]`)).toBeFocused();
    await page.keyboard.press("ArrowLeft");
    await expect(page.locator(`button[data-date="${day}"]`).first()).toBeFocused();
    // The strength line runs from the right (oldest) to the left (latest).
    const dots = page.getByTestId("strength-chart").locator("circle");
    expect(Number(await dots.first().getAttribute("cx"))).toBeGreaterThan(
      Number(await dots.last().getAttribute("cx")),
    );
    // The heatmap opens at today's end (its left, when it scrolls): today's week is in view.
    const heatmap = page.getByTestId("heatmap");
    const shown = await box(heatmap.locator(".."));
    const heatmapToday = await box(heatmap.locator(`[data-date="${day}"]`));
    expect(heatmapToday.x).toBeGreaterThanOrEqual(shown.x - 1);
    expect(heatmapToday.x + heatmapToday.width).toBeLessThanOrEqual(shown.x + shown.width + 1);
    await checkScreen(page, "habit page", axe);

    await gotoApp(page, "/stats");
    const bars = page.getByTestId("stats-trends").getByTestId("trends-bars").first().locator("rect");
    await expect(bars.first()).toBeVisible();
    // The oldest bar stands at the right.
    expect((await box(bars.first())).x).toBeGreaterThan((await box(bars.last())).x);
    await checkScreen(page, "Stats", axe);

    await gotoApp(page, "/settings");
    await expect(page.getByTestId("settings-language")).toBeVisible();
    await checkScreen(page, "Settings", axe);

    await gotoApp(page, "/profile");
    await expect(page.locator("main h1")).toBeVisible();
    await checkScreen(page, "profile", axe);
  });
}

test("German at 375 px: the tab labels fit, no screen is wider than the phone, axe clean", async ({
  page,
  server,
  user,
}) => {
  test.slow();
  await seed(server, user, ["Donaudampfschifffahrtsgesellschaft", "20 Seiten lesen", "Wasser"], "Gläser");
  await page.setViewportSize(PHONE);
  await useLanguage(page, "de");

  for (const view of ["login", "signup", "resetPassword"]) {
    await gotoApp(page, `/login?view=${view}`);
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.locator("form").first()).toBeVisible();
    await checkScreen(page, `sign-in page: ${view}`, true);
  }

  // The browser has not been asked yet, so Today shows the notification prompt, whose German button is long.
  await page.addInitScript(() => Object.defineProperty(Notification, "permission", { get: () => "default" }));
  await signIn(page, server, user);
  await gotoApp(page, "/");
  await expect(page.getByTestId("habit-row")).toHaveCount(3);
  await expect(page.getByTestId("notification-prompt")).toBeVisible();
  const labels = page.locator("nav a.hs-tab");
  await expect(labels).toHaveCount(3);
  for (const link of await labels.all()) {
    const sizes = await link.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(sizes.scroll, await link.innerText()).toBeLessThanOrEqual(sizes.client);
  }
  await checkScreen(page, "Today", true);

  await page.getByTestId("habit-name").first().click();
  await expect(page.getByTestId("habit-page")).toBeVisible();
  await checkScreen(page, "habit page", true);

  for (const path of ["/stats", "/settings", "/profile"]) {
    await gotoApp(page, path);
    await expect(page.locator("main h1")).toBeVisible();
    await checkScreen(page, path, true);
  }
});
