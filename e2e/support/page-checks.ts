// Screenshots in both themes at phone and desktop width, and the axe scan, for the Stats and Settings specs.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

export const VIEWPORTS = {
  phone: { width: 375, height: 812 },
  desktop: { width: 1280, height: 900 },
} as const;
export const THEMES = ["light", "dark"] as const;

/**
 * Waits until every finite animation and transition of the page has ended: colours ease between themes
 * (transition-colors), and a screenshot or a contrast check taken half-way would see neither theme.
 */
export async function settle(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/** Follows the system colour scheme (nothing stored), as the app does on a first visit. */
export async function useTheme(page: Page, theme: (typeof THEMES)[number]) {
  await page.emulateMedia({ colorScheme: theme });
  await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
  await settle(page);
}

/** Full-page screenshots under test-results/screenshots/<name>-<theme>-<width>.png. */
export async function screenshotAll(page: Page, name: string, ready: () => Promise<void>) {
  for (const theme of THEMES) {
    for (const [label, size] of Object.entries(VIEWPORTS)) {
      await page.setViewportSize(size);
      await useTheme(page, theme);
      await ready();
      await settle(page);
      await page.screenshot({
        path: `test-results/screenshots/${name}-${theme}-${label}-${size.width}.png`,
        fullPage: true,
      });
    }
  }
}

/** Fails on serious or critical axe violations, listing them readably. */
export async function expectNoSeriousA11yViolations(page: Page) {
  // An element still sliding or fading in is read at its passing opacity: axe then reports a contrast the settled
  // page does not have (a message's 200 ms slide-in, e2e/auth-look.spec.ts, on a loaded machine).
  await settle(page);
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const report = serious.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(" ")).join("\n  ")}`,
  );
  expect(report, report.join("\n")).toEqual([]);
}
