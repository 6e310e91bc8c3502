// Groups of habits (docs/product.md, "Groups"): made in Settings, a habit's group set on its page and in the add
// form, Today's sections (ungrouped first, then each group in the user's order) that fold, the "Show group" filter,
// folded by default after a reload, rename, reorder and delete, Stats' filter; offline, then on a second device.
// On a phone and a desktop window, axe finding nothing.
import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "@playwright/test";
import type { LocalDate } from "../src/core/local-date";
import { messages } from "../src/core/messages";
import type { SyncPull } from "../src/core/sync";
import { REPLICA_DB_VERSION } from "../src/web/lib/sync/replica-db";
import { readFileSync } from "node:fs";
import { backupCopy } from "../src/web/features/backup/backup-copy";
import { api, createUser, expect, signIn, test, type TestServer, type TestUser } from "./support/fixtures";
import { newHabitInput, openToday, row, seedHabits, todayIn } from "./support/habits";
import { OFFLINE_ERRORS, waitForServiceWorker } from "./support/offline";
import { settle, THEMES } from "./support/page-checks";
import { gotoApp, reloadApp } from "./support/page-clock";

const g = messages.groups;
const f = messages.groupFilter;
const T: LocalDate = todayIn("UTC");
const SHOTS = process.env.GROUPS_SHOTS_DIR ?? "test-results/screenshots";

test.use({ timezoneId: "UTC", locale: "en-US" });

const VIEWPORTS = {
  phone: { width: 375, height: 812 },
  desktop: { width: 1280, height: 800 },
} as const;

async function openSettings(page: Page) {
  await gotoApp(page, "/settings");
  await expect(page.getByRole("heading", { name: g.title, level: 2 })).toBeVisible();
}
const groupsCard = (page: Page) => page.getByTestId("settings-groups");

async function addGroup(page: Page, name: string) {
  const card = groupsCard(page);
  await card.getByRole("textbox", { name: g.nameLabel }).fill(name);
  await card.getByRole("button", { name: g.add }).click();
}

/** Opens the habit's page from Today and puts it in `group` ("No group": none), then goes back to Today. */
async function setGroup(page: Page, habit: string, group: string) {
  await row(page, habit).getByRole("link", { name: habit, exact: true }).click();
  await expect(page.getByTestId("habit-page")).toBeVisible();
  await page
    .getByRole("combobox", { name: messages.today.groupField, exact: true })
    .selectOption({ label: group });
  await page.getByRole("link", { name: messages.history.backToToday }).click();
  await expect(page.getByRole("heading", { name: messages.shell.today, level: 1 })).toBeVisible();
}

/** Today's sections: the ungrouped list's rows, then each group's heading and rows ([] while folded). */
async function todaySections(page: Page) {
  const ungrouped = await page.getByTestId("habit-list").getByTestId("habit-name").allTextContents();
  const sections = page.getByTestId("group-section");
  const groups: [string, string[]][] = [];
  for (let i = 0; i < (await sections.count()); i++) {
    const section = sections.nth(i);
    const name = (await section.getByTestId("group-toggle").locator("span").first().textContent()) ?? "";
    groups.push([name, await section.getByTestId("habit-name").allTextContents()]);
  }
  return { ungrouped, groups };
}

async function expectNoA11yViolations(page: Page) {
  await settle(page);
  const { violations } = await new AxeBuilder({ page }).analyze();
  const report = violations.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );
  expect(report, report.join("\n")).toEqual([]);
}

for (const [label, size] of Object.entries(VIEWPORTS)) {
  test(`groups from Settings to Today and Stats on a ${label} (${size.width}×${size.height})`, async ({
    signedInPage: page,
    server,
    user,
  }) => {
    await page.setViewportSize(size);
    await page.clock.setSystemTime(new Date(`${T}T12:00:00Z`));
    await seedHabits(server, user, [
      { name: "Read", completedDates: [T] },
      { name: "Stretch" },
      { name: "Run" },
      { name: "Journal" },
    ]);

    await test.step("without groups Today has no group control", async () => {
      await openToday(page);
      await expect(row(page, "Read")).toBeVisible();
      await expect(page.getByRole("combobox", { name: f.label })).toHaveCount(0);
      await expect(page.getByRole("combobox", { name: messages.today.groupField, exact: true })).toHaveCount(
        0,
      );
      await expect(page.getByTestId("group-section")).toHaveCount(0);
    });

    await test.step("groups made in Settings, with the name rule's errors", async () => {
      await openSettings(page);
      await expect(groupsCard(page)).toContainText(g.none);
      await addGroup(page, "   ");
      await expect(groupsCard(page).getByRole("alert")).toHaveText("Group name cannot be empty");
      await addGroup(page, "Morning");
      await addGroup(page, "Health");
      await addGroup(page, "morning");
      await expect(groupsCard(page).getByRole("alert")).toHaveText(g.taken);
      await expect(groupsCard(page).getByTestId("group-item").locator("p")).toHaveText(["Morning", "Health"]);
      await expectNoA11yViolations(page);
    });

    await test.step("habits put in groups, on their page and in the add form", async () => {
      await openToday(page);
      await setGroup(page, "Stretch", "Morning");
      await setGroup(page, "Run", "Health");
      await newHabitInput(page).fill("Coffee");
      await page
        .getByRole("combobox", { name: messages.today.groupField, exact: true })
        .selectOption({ label: "Morning" });
      await page.getByRole("button", { name: "Add habit" }).click();
      await expect(row(page, "Coffee")).toBeVisible();
      await expect
        .poll(() => todaySections(page))
        .toEqual({
          ungrouped: ["Read", "Journal"],
          groups: [
            ["Morning", ["Coffee", "Stretch"]],
            ["Health", ["Run"]],
          ],
        });
    });

    await test.step("a habit moves with the keyboard within its group's section", async () => {
      const handle = page.getByRole("button", { name: messages.todayRow.move("Stretch") });
      await handle.focus();
      await handle.press("ArrowUp");
      await expect(page.getByTestId("reorder-status")).toHaveText(
        messages.todayHistory.moved("Stretch", 1, 2),
      );
      await expect(handle).toBeFocused();
      await expect
        .poll(() => todaySections(page))
        .toEqual({
          ungrouped: ["Read", "Journal"],
          groups: [
            ["Morning", ["Stretch", "Coffee"]],
            ["Health", ["Run"]],
          ],
        });
    });

    await test.step("a section folds and unfolds; the filter shows one group", async () => {
      const morning = page.getByRole("button", { name: "Morning", exact: true });
      await expect(morning).toHaveAttribute("aria-expanded", "true");
      await morning.click();
      await expect(morning).toHaveAttribute("aria-expanded", "false");
      await expect(row(page, "Stretch")).toHaveCount(0);
      await morning.press("Enter");
      await expect(morning).toHaveAttribute("aria-expanded", "true");
      await expect(row(page, "Stretch")).toBeVisible();
      const filter = page.getByRole("combobox", { name: f.label });
      await filter.selectOption({ label: "Health" });
      await expect(page.getByTestId("habit-name")).toHaveText(["Run"]);
      await filter.selectOption({ label: f.ungrouped });
      await expect(page.getByTestId("habit-name")).toHaveText(["Read", "Journal"]);
      await filter.selectOption({ label: f.all });
      await expect(page.getByTestId("habit-name")).toHaveText([
        "Read",
        "Journal",
        "Stretch",
        "Coffee",
        "Run",
      ]);
      await expectNoA11yViolations(page);
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
      for (const theme of THEMES) {
        await page.emulateMedia({ colorScheme: theme });
        await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
        await page.evaluate(() => window.scrollTo(0, 0));
        await settle(page);
        await page.screenshot({ path: `${SHOTS}/groups-today-${theme}-${size.width}.png`, fullPage: true });
        await expectNoA11yViolations(page);
      }
      await page.emulateMedia({ colorScheme: "light" });
    });

    await test.step("folded by default, after a reload", async () => {
      await openSettings(page);
      const health = groupsCard(page).getByTestId("group-item").filter({ hasText: "Health" });
      await health.getByRole("checkbox", { name: g.foldedByDefault }).check();
      await groupsCard(page).screenshot({ path: `${SHOTS}/groups-settings-light-${size.width}.png` });
      await openToday(page);
      await reloadApp(page);
      await expect(page.getByRole("button", { name: "Health", exact: true })).toHaveAttribute(
        "aria-expanded",
        "false",
      );
      await expect(row(page, "Run")).toHaveCount(0);
      await expect(page.getByRole("button", { name: "Morning", exact: true })).toHaveAttribute(
        "aria-expanded",
        "true",
      );
    });

    await test.step("renamed, moved up, and a deleted group's habits ungrouped", async () => {
      await openSettings(page);
      await groupsCard(page)
        .getByRole("button", { name: g.renameGroup("Health") })
        .click();
      await groupsCard(page)
        .getByRole("textbox", { name: g.newName("Health") })
        .fill("Fitness");
      await groupsCard(page).getByRole("button", { name: g.save }).click();
      await groupsCard(page)
        .getByRole("button", { name: g.moveUp("Fitness") })
        .click();
      await expect(groupsCard(page).getByTestId("group-item").locator("p")).toHaveText([
        "Fitness",
        "Morning",
      ]);
      await groupsCard(page)
        .getByRole("button", { name: g.deleteGroup("Morning") })
        .click();
      const dialog = page.getByTestId("delete-group-dialog");
      await expect(dialog).toContainText(g.confirmTitle("Morning"));
      await expectNoA11yViolations(page);
      await dialog.getByRole("button", { name: g.confirmDelete }).click();
      await expect(groupsCard(page).getByTestId("group-item").locator("p")).toHaveText(["Fitness"]);
      await openToday(page);
      await page.getByRole("button", { name: "Fitness", exact: true }).click();
      await expect
        .poll(() => todaySections(page))
        .toEqual({
          // In the habits' own order: Coffee was added first in the list, and Stretch moved above it.
          ungrouped: ["Stretch", "Coffee", "Read", "Journal"],
          groups: [["Fitness", ["Run"]]],
        });
    });

    await test.step("Stats filters by group", async () => {
      await gotoApp(page, "/stats");
      const filter = page.getByRole("combobox", { name: f.label });
      await expect(page.getByTestId("stats-habit")).toHaveCount(5);
      await filter.selectOption({ label: "Fitness" });
      await expect(page.getByTestId("stats-habit").getByRole("heading")).toHaveText(["Run"]);
      await expect(page.getByTestId("stats-progress-count")).toHaveText("0 of 1");
      await filter.selectOption({ label: f.ungrouped });
      await expect(page.getByTestId("stats-habit")).toHaveCount(4);
      await expect(page.getByTestId("stats-progress-count")).toHaveText("1 of 4");
      await expectNoA11yViolations(page);
      await page.emulateMedia({ colorScheme: "dark" });
      await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
      await settle(page);
      await page.screenshot({ path: `${SHOTS}/groups-stats-dark-${size.width}.png` });
      await expectNoA11yViolations(page);
    });
  });
}

/** A second device: another browser context of the same size, signed in to the account, on Today. */
async function secondDevice(browser: Browser, server: TestServer, user: TestUser) {
  const context = await browser.newContext({ baseURL: server.url, timezoneId: "UTC", locale: "en-US" });
  const page = await context.newPage();
  await page.clock.install();
  await page.clock.setSystemTime(new Date(`${T}T12:00:00Z`));
  await signIn(page, server, user);
  await openToday(page);
  return { context, page };
}

test.describe("offline", () => {
  test.use({ serviceWorkers: "allow" });

  test("a group made and used offline reaches a second device once online", async ({
    signedInPage: page,
    browser,
    server,
    user,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors(OFFLINE_ERRORS);
    await page.clock.setSystemTime(new Date(`${T}T12:00:00Z`));
    await seedHabits(server, user, [{ name: "Read" }, { name: "Stretch" }]);
    await openToday(page);
    await waitForServiceWorker(page);
    const other = await secondDevice(browser, server, user);
    await expect(row(other.page, "Stretch")).toBeVisible();

    await page.context().setOffline(true);
    await openSettings(page);
    await addGroup(page, "Evening");
    await expect(groupsCard(page).getByTestId("group-item").locator("p")).toHaveText(["Evening"]);
    await openToday(page);
    await setGroup(page, "Stretch", "Evening");
    await expect
      .poll(() => todaySections(page))
      .toEqual({ ungrouped: ["Read"], groups: [["Evening", ["Stretch"]]] });
    await expect(other.page.getByTestId("group-section")).toHaveCount(0);

    await page.context().setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event("online")));
    await expect(other.page.getByRole("button", { name: "Evening", exact: true })).toBeVisible();
    await expect
      .poll(() => todaySections(other.page))
      .toEqual({
        ungrouped: ["Read"],
        groups: [["Evening", ["Stretch"]]],
      });
    await other.context.close();
  });
});

test("a store of the previous version, its cursor past the groups' changes, opens with the groups after one full pull", async ({
  signedInPage: page,
  server,
  user,
}) => {
  await seedHabits(server, user, [{ name: "Read" }, { name: "Stretch" }]);
  const before = (await (await api(server, user, "/api/sync")).json()) as SyncPull;
  const stretch = before.habits.find((habit) => habit.name === "Stretch")!.id;
  const groupId = crypto.randomUUID();
  const push = await api(server, user, "/api/sync/push", {
    method: "POST",
    body: JSON.stringify({
      ops: [
        { opId: crypto.randomUUID(), type: "createGroup", groupId, name: "Morning" },
        { opId: crypto.randomUUID(), type: "updateHabit", habitId: stretch, groupId },
      ],
    }),
  });
  expect(push.ok).toBe(true);
  const after = (await (await api(server, user, "/api/sync")).json()) as SyncPull;
  // The rows as the previous version stored them (no groupId, settings without groups), with the cursor after
  // the groups' changes: a pull by changes would bring nothing.
  const habits = after.habits.map(({ groupId: _, ...habit }) => habit);
  await page.goto("/terms"); // a page of the app's origin that opens no store
  await page.evaluate(
    async ({ name, habits, cursor }) => {
      const request = indexedDB.open(name, 3);
      request.onupgradeneeded = () => {
        const db = request.result;
        db.createObjectStore("habits", { keyPath: "id" });
        db.createObjectStore("completions", { keyPath: ["habitId", "date"] }).createIndex(
          "habitId",
          "habitId",
        );
        db.createObjectStore("outbox", { keyPath: "seq", autoIncrement: true });
        db.createObjectStore("meta");
        db.createObjectStore("values", { keyPath: ["habitId", "date"] });
        db.createObjectStore("notes", { keyPath: ["habitId", "date"] });
      };
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const tx = db.transaction(["habits", "meta"], "readwrite");
      for (const habit of habits) tx.objectStore("habits").put(habit);
      tx.objectStore("meta").put(cursor, "cursor");
      tx.objectStore("meta").put({ dayStart: 0, vacations: [], weekStart: null }, "settings");
      await new Promise((resolve, reject) => {
        tx.oncomplete = resolve;
        tx.onerror = () => reject(tx.error);
      });
      db.close();
    },
    { name: `habit-streaks-${user.id}`, habits, cursor: after.cursor },
  );
  await openToday(page);
  await expect(page.getByRole("button", { name: "Morning", exact: true })).toBeVisible();
  await expect
    .poll(() => todaySections(page))
    .toEqual({ ungrouped: ["Read"], groups: [["Morning", ["Stretch"]]] });
  const version = await page.evaluate(async (name) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(name);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    db.close();
    return db.version;
  }, `habit-streaks-${user.id}`);
  expect(version).toBe(REPLICA_DB_VERSION);
});

test("a backup holds the groups: exported with them, and restored into another account with them", async ({
  signedInPage: page,
  browser,
  server,
  user,
}) => {
  await seedHabits(server, user, [{ name: "Read" }, { name: "Stretch" }, { name: "Run" }]);
  await openSettings(page);
  await addGroup(page, "Morning");
  await addGroup(page, "Health");
  const health = groupsCard(page).getByTestId("group-item").filter({ hasText: "Health" });
  await health.getByRole("checkbox", { name: g.foldedByDefault }).check();
  await openToday(page);
  await setGroup(page, "Stretch", "Morning");
  await setGroup(page, "Run", "Health");
  await openSettings(page);
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: backupCopy.exportButton }).click();
  const text = readFileSync(await (await download).path(), "utf8");
  const backup = JSON.parse(text) as { groups: unknown; habits: { name: string; group?: string | null }[] };
  expect(backup.groups).toEqual([
    { name: "Morning", folded: false },
    { name: "Health", folded: true },
  ]);
  expect(Object.fromEntries(backup.habits.map((habit) => [habit.name, habit.group ?? null]))).toEqual({
    Read: null,
    Stretch: "Morning",
    Run: "Health",
  });

  const other = await createUser(server);
  await seedHabits(server, other, [{ name: "Old" }]);
  const context = await browser.newContext({ baseURL: server.url, timezoneId: "UTC", locale: "en-US" });
  const second = await context.newPage();
  await second.clock.install();
  await signIn(second, server, other);
  await openSettings(second);
  const chooser = second.waitForEvent("filechooser");
  await second.getByRole("button", { name: backupCopy.importButton }).click();
  await (
    await chooser
  ).setFiles({ name: "backup.json", mimeType: "application/json", buffer: Buffer.from(text) });
  await second.getByRole("dialog").getByRole("button", { name: messages.importConfirm.replace }).click();
  await expect(second.getByTestId("backup-status")).toHaveText(backupCopy.imported(3));
  await openToday(second);
  await expect(second.getByRole("button", { name: "Health", exact: true })).toHaveAttribute(
    "aria-expanded",
    "false",
  );
  await second.getByRole("button", { name: "Health", exact: true }).click();
  await expect
    .poll(() => todaySections(second))
    .toEqual({
      ungrouped: ["Read"],
      groups: [
        ["Morning", ["Stretch"]],
        ["Health", ["Run"]],
      ],
    });
  await context.close();
});
