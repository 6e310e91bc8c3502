// The local store. Writes apply at once and wait in the outbox while offline; the state survives a closed page; back
// online the server holds exactly that state. Refused writes roll back with their message.
import { test, expect } from "./support/fixtures";
import { messages } from "../src/core/messages";
import {
  deleteOf,
  newHabitInput,
  notice,
  openToday,
  row,
  seedHabits,
  serverHabits,
  toggleOf,
  todayIn,
} from "./support/habits";
import { expectSynced, OFFLINE_ERRORS, refusePushes, waitForServiceWorker } from "./support/offline";

const today = todayIn();

test.describe("with the service worker serving the app shell", () => {
  test.use({ serviceWorkers: "allow" });

  test("offline: add, tick, untick and delete are kept across a closed page and reach the server once", async ({
    signedInPage: page,
    server,
    user,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors(OFFLINE_ERRORS);
    await seedHabits(server, user, [{ name: "Read" }, { name: "Walk" }]);
    await openToday(page);
    await expect(row(page, "Walk")).toBeVisible();
    await waitForServiceWorker(page);

    const context = page.context();
    await context.setOffline(true);
    await newHabitInput(page).fill("Run");
    await newHabitInput(page).press("Enter");
    await expect(row(page, "Run")).toBeVisible();
    await toggleOf(page, "Run").click();
    await toggleOf(page, "Read").click();
    await toggleOf(page, "Read").click(); // ticked, then unticked
    await deleteOf(page, "Walk").click();
    await expect(row(page, "Walk")).toHaveCount(0);
    await expect(toggleOf(page, "Run")).toHaveAttribute("aria-pressed", "true");
    await expect(toggleOf(page, "Read")).toHaveAttribute("aria-pressed", "false");

    // Close the page and open the app again, still with no network: the service worker serves the shell and
    // the app opens on the stored copy. Closing (or leaving) a page ends Playwright's offline emulation of it while
    // its scripts still run: the "online" event they then get sent the outbox for real, with the browser's own user
    // agent. A browser that closes a tab stays offline, so this page's fetch fails from here on.
    await page.evaluate(() => {
      window.fetch = () => Promise.reject(new TypeError("Failed to fetch"));
    });
    await page.close();
    const again = await context.newPage();
    await again.clock.install();
    await openToday(again);
    await expect(notice(again, messages.habits.cloudLoadFallback)).toBeVisible();
    await expect(row(again, "Walk")).toHaveCount(0);
    await expect(toggleOf(again, "Run")).toHaveAttribute("aria-pressed", "true");
    await expect(toggleOf(again, "Read")).toHaveAttribute("aria-pressed", "false");
    expect(await serverHabits(server, user)).toHaveLength(2); // nothing has left the browser yet

    // Back online: the outbox empties and the server holds exactly this state, with no duplicates.
    await context.setOffline(false);
    await again.evaluate(() => window.dispatchEvent(new Event("online")));
    await expectSynced(again);
    const held = await serverHabits(server, user);
    expect(held.map((h) => [h.name, h.completedDates]).sort()).toEqual([
      ["Read", []],
      ["Run", [today]],
    ]);
  });
});

test("a first visit with no copy and no server shows the load failure; a manual add is queued and saved", async ({
  signedInPage: page,
  server,
  user,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(OFFLINE_ERRORS);
  await page.route("**/api/sync**", (route) => route.abort("internetdisconnected"));
  await openToday(page);
  await expect(page.getByText(messages.today.listLoadFailedTitle)).toBeVisible();
  const form = page.getByRole("form", { name: messages.today.addManually });
  await expect(form).toBeVisible(); // 3 s after the error
  await form.getByLabel("Habit name").fill("  Read  ");
  await form.getByRole("button", { name: "Add" }).click();
  await expect(row(page, "Read")).toBeVisible();
  expect(await serverHabits(server, user)).toEqual([]);
  await page.unroute("**/api/sync**");
  await page.evaluate(() => window.dispatchEvent(new Event("online")));
  await expect.poll(async () => (await serverHabits(server, user)).map((h) => h.name)).toEqual(["Read"]);
});

test("a write the server refuses rolls back with the message of that write", async ({
  signedInPage: page,
  server,
  user,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(OFFLINE_ERRORS);
  await seedHabits(server, user, [{ name: "Read" }]);
  await openToday(page);
  await expect(row(page, "Read")).toBeVisible();
  await refusePushes(page);
  await toggleOf(page, "Read").click();
  await expect(notice(page, messages.habits.updateFailed)).toBeVisible();
  await expect(toggleOf(page, "Read")).toHaveAttribute("aria-pressed", "false");
  await deleteOf(page, "Read").click();
  await expect(notice(page, messages.habits.deleteFailed)).toBeVisible();
  await expect(row(page, "Read")).toBeVisible();
  await newHabitInput(page).fill("Walk");
  await newHabitInput(page).press("Enter");
  await expect(notice(page, messages.habits.saveFailed)).toBeVisible();
  await expect(row(page, "Walk")).toHaveCount(0);
  expect((await serverHabits(server, user)).map((h) => [h.name, h.completedDates])).toEqual([["Read", []]]);
});

test("killing the server in the middle of a sync loses nothing", async ({
  signedInPage: page,
  server,
  user,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(OFFLINE_ERRORS);
  await openToday(page);
  let killed: Promise<void> | undefined;
  await page.route("**/api/sync/push", async (route) => {
    if (killed) return route.abort("connectionrefused");
    killed = (async () => {
      await route.fetch(); // the server applies the push...
      await server.running().stop(); // ...and dies before its answer reaches the page
    })();
    await killed;
    await route.abort("connectionreset");
  });
  await newHabitInput(page).fill("Read");
  await newHabitInput(page).press("Enter");
  await expect.poll(() => killed !== undefined).toBe(true);
  await killed;
  await toggleOf(page, "Read").click(); // made while the server is down: it waits in the outbox
  await expect(toggleOf(page, "Read")).toHaveAttribute("aria-pressed", "true");
  await page.unroute("**/api/sync/push");
  await server.restart();
  await page.evaluate(() => window.dispatchEvent(new Event("online")));
  await expectSynced(page);
  // The create whose answer was lost is sent again and stored once; the tick made meanwhile arrives too.
  expect((await serverHabits(server, user)).map((h) => [h.name, h.completedDates])).toEqual([
    ["Read", [today]],
  ]);
});
