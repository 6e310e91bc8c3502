// Settings: sync status, about (version 0.1.0), coming soon, feedback link; screenshots and axe.
import { test, expect, createUser, startE2eServer } from "./support/fixtures";
import type { Page } from "@playwright/test";
import { APP_VERSION } from "../src/core/constants";
import { messages } from "../src/core/messages";
import { backupCopy } from "../src/web/features/backup/backup-copy";
import { settingsCopy } from "../src/web/features/settings/settings-copy";
import {
  notice,
  openToday,
  row,
  seedHabits,
  serverError,
  serverHabits,
  todayIn,
  toggleOf,
} from "./support/habits";
import {
  expectNoSeriousA11yViolations,
  screenshotAll,
  THEMES,
  useTheme,
  VIEWPORTS,
} from "./support/page-checks";
import { gotoApp, pauseClock } from "./support/page-clock";

const sync = settingsCopy.sync;
const syncStatus = (page: Page) => page.getByTestId("settings-sync").getByRole("status");
const jsonFile = (text: string) => ({
  name: "backup.json",
  mimeType: "application/json",
  buffer: Buffer.from(text),
});

/** The pull (GET /api/sync), not the push or the live events. */
const isPull = (url: URL) => url.pathname === "/api/sync";

async function openSettings(page: Page) {
  await gotoApp(page, "/settings");
  await expect(page.getByRole("heading", { name: settingsCopy.title, level: 1 })).toBeVisible();
}

test.describe("sync status", () => {
  test("signed in and in sync names the account", async ({ signedInPage: page, user }) => {
    await openSettings(page);
    await expect(syncStatus(page)).toContainText(sync.states.synced.label);
    await expect(syncStatus(page)).toContainText(user.email);
    await expect(page.getByRole("button", { name: sync.retry })).toHaveCount(0);
  });

  test("pending while the server has not answered yet", async ({ signedInPage: page }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(isPull, async (route) => {
      await held;
      await route.continue();
    });
    await openSettings(page);
    await expect(syncStatus(page)).toContainText(sync.states.pending.label);
    await expect(syncStatus(page)).toHaveAttribute("data-sync-state", "pending");
    release();
    await expect(syncStatus(page)).toContainText(sync.states.synced.label);
  });

  test("changes waiting while a toggle made on Today waits for the server, in sync once saved", async ({
    signedInPage: page,
    server,
    user,
  }) => {
    await seedHabits(server, user, [{ name: "Read" }]);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let sent!: () => void;
    const toggleSent = new Promise<void>((resolve) => (sent = resolve));
    await page.route("**/api/sync/push", async (route) => {
      sent();
      await held;
      await route.continue();
    });
    await openToday(page);
    await toggleOf(page, "Read").click();
    await toggleSent;
    await page.getByRole("link", { name: settingsCopy.title }).first().click();
    await expect(page.getByRole("heading", { name: settingsCopy.title, level: 1 })).toBeVisible();
    await expect(syncStatus(page)).toHaveAttribute("data-sync-state", "waiting");
    await expect(syncStatus(page)).toContainText(sync.states.waiting.label);
    await expect(syncStatus(page)).toHaveAttribute("data-pending", "1");
    await expect(syncStatus(page)).toContainText("1 change waiting to be sent.");
    release();
    await expect(syncStatus(page)).toHaveAttribute("data-sync-state", "synced");
    expect((await serverHabits(server, user))[0]?.completedDates).toEqual([todayIn()]);
  });

  test("a change waiting while an import waits for the server", async ({
    signedInPage: page,
    server,
    user,
  }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/habits", async (route) => {
      if (route.request().method() !== "PUT") return route.fallback();
      await held;
      await route.fallback();
    });
    await openSettings(page);
    await expect(syncStatus(page)).toHaveAttribute("data-sync-state", "synced");
    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: backupCopy.importButton }).click();
    await (await chooser).setFiles(jsonFile(JSON.stringify([{ name: "Imported", completedDates: [] }])));
    await expect(syncStatus(page)).toHaveAttribute("data-sync-state", "waiting");
    await expect(syncStatus(page)).toContainText("1 change waiting to be sent.");
    release();
    await expect(syncStatus(page)).toHaveAttribute("data-sync-state", "synced");
    await expect(page.getByTestId("backup-status")).toHaveText(backupCopy.imported(1));
    expect((await serverHabits(server, user)).map((h) => h.name)).toEqual(["Imported"]);
  });

  test("using local data after the server failed, in sync again after a retry", async ({
    signedInPage: page,
    server,
    user,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors(/status of 500/);
    await seedHabits(server, user, [{ name: "Read" }]);
    await openToday(page);
    await expect(row(page, "Read")).toBeVisible(); // the store holds the server's copy
    let failing = true;
    await page.route(isPull, (route) => (failing ? route.fulfill(serverError) : route.fallback()));
    await openSettings(page);
    await expect(syncStatus(page)).toContainText(sync.states.local.label);
    await expect(syncStatus(page)).toContainText(sync.states.local.body());
    await expect(syncStatus(page).getByTestId("sync-detail")).toContainText(/^Last synced at /);
    await expect(notice(page, messages.habits.cloudLoadFallback)).toBeVisible();
    // The sync loop also retries on its own timer, which on a slow machine won the race with the click (the button
    // was gone when the click landed): with the page clock stopped, the sync that follows is the button's.
    await pauseClock(page);
    failing = false;
    await page.getByRole("button", { name: sync.retry }).click();
    await expect(syncStatus(page)).toContainText(sync.states.synced.label);
  });

  test("offline since a time when the server cannot be reached at all", async ({
    signedInPage: page,
    server,
    user,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors(/ERR_INTERNET_DISCONNECTED/);
    await seedHabits(server, user, [{ name: "Read" }]);
    await openToday(page);
    await expect(row(page, "Read")).toBeVisible();
    await page.route("**/api/sync**", (route) => route.abort("internetdisconnected"));
    await openSettings(page);
    await expect(syncStatus(page)).toHaveAttribute("data-sync-state", "offline");
    await expect(syncStatus(page)).toContainText(sync.states.offline.label);
    await expect(syncStatus(page).getByTestId("sync-detail").first()).toContainText(/^Offline since /);
  });
});

test("about shows version 0.1.0, the coming-soon list and the feedback mail link", async ({
  signedInPage: page,
  server,
}) => {
  await openSettings(page);
  const about = page.getByRole("region", { name: settingsCopy.about.title });
  await expect(about).toContainText(`Habit Streaks ${settingsCopy.about.version} 0.1.0`);
  expect(APP_VERSION).toBe("0.1.0");
  const soon = page.getByRole("region", { name: settingsCopy.comingSoon.title }).getByRole("listitem");
  await expect(soon).toHaveText([...settingsCopy.comingSoon.items]);
  const link = page.getByRole("link", { name: settingsCopy.feedback.link });
  await expect(link).toHaveAttribute(
    "href",
    `mailto:${server.config.feedbackEmail}?subject=Habit%20Streaks%20feedback`,
  );
  await expect(page.getByTestId("feedback-email")).toHaveText(server.config.feedbackEmail);
});

test("the feedback address comes from the server's FEEDBACK_EMAIL", async ({ page }) => {
  const other = await startE2eServer({ env: { FEEDBACK_EMAIL: "ideas@habits.example" } });
  try {
    const user = await createUser(other);
    const cookies = user.cookie.split("; ").map((pair) => {
      const i = pair.indexOf("=");
      return { name: pair.slice(0, i), value: pair.slice(i + 1), url: other.url };
    });
    await page.context().addCookies(cookies);
    expect(await (await fetch(`${other.url}/api/app-info`)).json()).toEqual({
      version: APP_VERSION,
      feedbackEmail: "ideas@habits.example",
    });
    await gotoApp(page, `${other.url}/settings`);
    await expect(page.getByRole("link", { name: settingsCopy.feedback.link })).toHaveAttribute(
      "href",
      "mailto:ideas@habits.example?subject=Habit%20Streaks%20feedback",
    );
  } finally {
    await page.goto("about:blank"); // the app's live sync channel would otherwise meet the closed server
    await other.close();
  }
});

test("screenshots in both themes at 375 px and 1280 px, and no serious accessibility violation", async ({
  signedInPage: page,
  server,
  user,
}) => {
  await seedHabits(server, user, [{ name: "Read" }, { name: "Walk" }]);
  await openSettings(page);
  await screenshotAll(page, "settings", async () => {
    await expect(syncStatus(page)).toContainText(sync.states.synced.label);
    await expect(page.getByTestId("feedback-email")).toBeVisible();
  });
  for (const theme of THEMES) {
    for (const size of Object.values(VIEWPORTS)) {
      await page.setViewportSize(size);
      await useTheme(page, theme);
      await expectNoSeriousA11yViolations(page);
    }
  }
});
