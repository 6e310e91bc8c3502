// Notifications: permission state, enable and manage, the preference in the profile, and test notifications on
// enabling, export and import. The browser's real Notification API runs with the permission granted by the test
// browser; an init script records each Notification constructed.
import { test, expect, api } from "./support/fixtures";
import type { BrowserContext, Page } from "@playwright/test";
import { notificationsCopy } from "../src/web/features/notifications/notifications-copy";
import { backupCopy } from "../src/web/features/backup/backup-copy";
import { messages } from "../src/core/messages";
import { settingsCopy } from "../src/web/features/settings/settings-copy";
import { seedHabits, serverError } from "./support/habits";
import type { TestServer, TestUser } from "./support/fixtures";
import { gotoApp, reloadApp } from "./support/page-clock";

const n = settingsCopy.notifications;
type Recorded = { title: string; body: string | undefined };
type RecordingWindow = Window & typeof globalThis & { __notifications: Recorded[] };

/** Wraps the real constructor; `fake` replaces the permission with a stand-in for states a test browser cannot set. */
async function recordNotifications(
  page: Page,
  fake?: { permission: NotificationPermission; answer: NotificationPermission },
) {
  await page.addInitScript((fake) => {
    const win = window as RecordingWindow;
    win.__notifications = [];
    const record = (args: unknown[]) =>
      win.__notifications.push({
        title: String(args[0]),
        body: (args[1] as NotificationOptions | undefined)?.body,
      });
    if (!fake) {
      win.Notification = new Proxy(win.Notification, {
        construct(target, args) {
          record(args);
          return Reflect.construct(target, args);
        },
      });
      return;
    }
    class Stand {
      static permission: NotificationPermission = fake.permission;
      static async requestPermission() {
        Stand.permission = fake.answer;
        return fake.answer;
      }
      constructor(...args: unknown[]) {
        record(args);
      }
    }
    Object.defineProperty(win, "Notification", { value: Stand, configurable: true, writable: true });
  }, fake);
}

const recorded = (page: Page) => page.evaluate(() => (window as RecordingWindow).__notifications);
const toggle = (page: Page) => page.getByRole("switch", { name: n.toggle });
const permission = (page: Page) => page.getByTestId("notification-permission");

async function preference(server: TestServer, user: TestUser): Promise<boolean> {
  const profile = await (await api(server, user, "/api/profile")).json();
  return profile.preferences.notifications;
}

async function grant(context: BrowserContext, page: Page) {
  await context.grantPermissions(["notifications"]);
  await recordNotifications(page);
}

async function openSettings(page: Page) {
  await gotoApp(page, "/settings");
  await expect(page.getByRole("heading", { name: settingsCopy.title, level: 1 })).toBeVisible();
}

test.describe("with the permission granted by the browser", () => {
  test.beforeEach(async ({ context, page }) => grant(context, page));

  test("shows the permission, turns off and on, saves the preference and sends a test notification", async ({
    signedInPage: page,
    server,
    user,
  }) => {
    await openSettings(page);
    await expect(permission(page)).toHaveText(n.permission.granted);
    await expect(toggle(page)).toHaveAttribute("aria-checked", "true"); // notifications default to true
    await toggle(page).click();
    await expect(toggle(page)).toHaveAttribute("aria-checked", "false");
    await expect.poll(() => preference(server, user)).toBe(false);
    expect(await recorded(page)).toEqual([]);
    await reloadApp(page);
    await expect(toggle(page)).toHaveAttribute("aria-checked", "false");

    await toggle(page).click();
    await expect(toggle(page)).toHaveAttribute("aria-checked", "true");
    await expect.poll(() => preference(server, user)).toBe(true);
    await expect
      .poll(() => recorded(page))
      .toEqual([{ title: notificationsCopy.enabledTitle, body: notificationsCopy.enabledBody }]);
    await page.getByRole("button", { name: n.sendTest }).click();
    await expect.poll(async () => (await recorded(page)).length).toBe(2);
  });

  test("export and import send a test notification while notifications are on, and none while off", async ({
    signedInPage: page,
    server,
    user,
  }) => {
    await seedHabits(server, user, [{ name: "Read" }]);
    await openSettings(page);
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: backupCopy.exportButton }).click();
    const fileName = (await download).suggestedFilename();
    await expect
      .poll(() => recorded(page))
      .toEqual([{ title: notificationsCopy.exportTitle, body: notificationsCopy.exportBody(fileName) }]);

    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: backupCopy.importButton }).click();
    await (
      await chooser
    ).setFiles({
      name: "backup.json",
      mimeType: "application/json",
      buffer: Buffer.from(JSON.stringify([{ name: "Walk", completedDates: [] }])),
    });
    await page.getByRole("dialog").getByRole("button", { name: messages.importConfirm.replace }).click();
    await expect(page.getByTestId("backup-status")).toHaveText(backupCopy.imported(1));
    await expect
      .poll(async () => (await recorded(page))[1])
      .toEqual({ title: notificationsCopy.importTitle, body: notificationsCopy.importBody(1) });

    await toggle(page).click();
    await expect(toggle(page)).toHaveAttribute("aria-checked", "false");
    const exportAgain = page.waitForEvent("download");
    await page.getByRole("button", { name: backupCopy.exportButton }).click();
    await exportAgain;
    await expect(page.getByTestId("backup-status")).toHaveText(backupCopy.exported(fileName));
    expect(await recorded(page)).toHaveLength(2);
  });

  test("a preference that cannot be saved says so and stays as it was", async ({
    signedInPage: page,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors(/status of 500/);
    await openSettings(page);
    await expect(toggle(page)).toHaveAttribute("aria-checked", "true");
    await page.route("**/api/profile", (route) =>
      route.request().method() === "PATCH" ? route.fulfill(serverError) : route.fallback(),
    );
    await toggle(page).click();
    await expect(page.getByTestId("settings-notifications").getByRole("alert")).toHaveText(
      notificationsCopy.saveFailed,
    );
    await expect(toggle(page)).toHaveAttribute("aria-checked", "true");
  });
});

test("not asked yet: enabling asks the browser, then saves and notifies", async ({
  signedInPage: page,
  server,
  user,
}) => {
  await recordNotifications(page, { permission: "default", answer: "granted" });
  await api(server, user, "/api/profile", {
    method: "PATCH",
    body: JSON.stringify({ preferences: { notifications: false } }),
  });
  await openSettings(page);
  await expect(permission(page)).toHaveText(n.permission.default);
  await expect(toggle(page)).toHaveAttribute("aria-checked", "false");
  await toggle(page).click();
  await expect(permission(page)).toHaveText(n.permission.granted);
  await expect(toggle(page)).toHaveAttribute("aria-checked", "true");
  await expect.poll(() => preference(server, user)).toBe(true);
  await expect
    .poll(() => recorded(page))
    .toEqual([{ title: notificationsCopy.enabledTitle, body: notificationsCopy.enabledBody }]);
});

test("blocked by the browser: explained, and enabling changes nothing", async ({
  signedInPage: page,
  server,
  user,
}) => {
  await recordNotifications(page, { permission: "denied", answer: "denied" });
  await api(server, user, "/api/profile", {
    method: "PATCH",
    body: JSON.stringify({ preferences: { notifications: false } }),
  });
  await openSettings(page);
  await expect(permission(page)).toHaveText(n.permission.denied);
  await expect(page.getByText(n.blockedHelp)).toBeVisible();
  await toggle(page).click();
  await expect(toggle(page)).toHaveAttribute("aria-checked", "false");
  expect(await preference(server, user)).toBe(false);
  expect(await recorded(page)).toEqual([]);
});
