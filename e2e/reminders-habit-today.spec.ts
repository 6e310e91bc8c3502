// A habit's own reminder time on its page, and the Today card "Want a gentle daily reminder?" leading to a real
// daily reminder. Each is checked on the server and after a reload.
import type { Page } from "@playwright/test";
import { test, expect, api, type TestServer, type TestUser } from "./support/fixtures";
import { messages } from "../src/core/messages";
import { openToday, seedHabits, serverHabits } from "./support/habits";
import { gotoApp, reloadApp } from "./support/page-clock";

const copy = messages.reminderSettings;
type Reminder = { id: string; time: string; habitId: string | null };

async function reminders(server: TestServer, user: TestUser): Promise<Reminder[]> {
  const res = await api(server, user, "/api/reminders");
  if (!res.ok) throw new Error(`GET /api/reminders: ${res.status}`);
  return (await res.json()).reminders;
}
const timesOf = async (server: TestServer, user: TestUser, habitId: string | null) =>
  (await reminders(server, user)).filter((r) => r.habitId === habitId).map((r) => r.time);

test.describe("the habit page", () => {
  const section = (page: Page) => page.getByTestId("habit-reminder");
  const input = (page: Page) => section(page).getByLabel(copy.timeLabel, { exact: true });

  test("sets, changes and clears the habit's own reminder time", async ({
    signedInPage: page,
    server,
    user,
  }) => {
    await seedHabits(server, user, [{ name: "Read" }, { name: "Walk" }]);
    const habits = await serverHabits(server, user);
    const read = habits.find((h) => h.name === "Read")!;
    const walk = habits.find((h) => h.name === "Walk")!;
    await gotoApp(page, `/habits/${read.id}`);
    await expect(section(page).getByRole("heading", { name: copy.habitHeading })).toBeVisible();
    await expect(section(page).getByTestId("habit-reminder-state")).toHaveText(copy.habitCleared);
    await expect(input(page)).toHaveValue("");

    await input(page).fill("06:45");
    await input(page).blur();
    await expect(section(page).getByTestId("habit-reminder-state")).toHaveText(copy.habitSet("6:45 AM"));
    await expect.poll(() => timesOf(server, user, read.id)).toEqual(["06:45"]);
    expect(await timesOf(server, user, null)).toEqual([]); // no daily time came with it
    expect(await timesOf(server, user, walk.id)).toEqual([]);

    await reloadApp(page);
    await expect(input(page)).toHaveValue("06:45");
    await input(page).fill("07:15");
    await input(page).press("Enter");
    await expect.poll(() => timesOf(server, user, read.id)).toEqual(["07:15"]);

    await section(page).getByRole("button", { name: copy.habitClear }).click();
    await expect(section(page).getByTestId("habit-reminder-state")).toHaveText(copy.habitCleared);
    await expect.poll(() => timesOf(server, user, read.id)).toEqual([]);
    await reloadApp(page);
    await expect(input(page)).toHaveValue("");
  });
});

test.describe("the Today card", () => {
  const prompt = (page: Page) => page.getByTestId("notification-prompt");

  /** The browser has not asked yet; asked, the user answers `answer` (a test browser cannot show the prompt). */
  async function permissionAnswered(page: Page, answer: NotificationPermission) {
    await page.addInitScript((answer) => {
      class Stand {
        static permission: NotificationPermission = "default";
        static async requestPermission() {
          Stand.permission = answer;
          return answer;
        }
      }
      Object.defineProperty(window, "Notification", { value: Stand, configurable: true, writable: true });
    }, answer);
  }

  test("allowing notifications sets a daily reminder at 20:00, and Settings shows it", async ({
    signedInPage: page,
    server,
    user,
  }) => {
    await seedHabits(server, user, [{ name: "Read" }]); // the card shows above a list
    await permissionAnswered(page, "granted");
    await openToday(page);
    await expect(prompt(page).getByRole("heading", { name: "Want a gentle daily reminder?" })).toBeVisible();
    await prompt(page).getByRole("button", { name: "Enable notifications" }).click();
    await expect(prompt(page)).toHaveCount(0); // decided: the question goes, one line says what was set
    const said = page.getByTestId("reminder-outcome");
    await expect(said).toContainText(copy.promptSet("8:00 PM"));
    await expect(said).toBeFocused();
    await expect.poll(() => timesOf(server, user, null)).toEqual(["20:00"]);

    await said.getByRole("link", { name: copy.promptChange }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(
      page.getByTestId("settings-reminders").getByLabel(copy.timeLabel, { exact: true }),
    ).toHaveValue("20:00");
  });

  test("a user with daily times keeps them", async ({ signedInPage: page, server, user }) => {
    await api(server, user, "/api/reminders", { method: "POST", body: JSON.stringify({ time: "07:30" }) });
    await seedHabits(server, user, [{ name: "Read" }]); // the card shows above a list
    await permissionAnswered(page, "granted");
    await openToday(page);
    await prompt(page).getByRole("button", { name: "Enable notifications" }).click();
    await expect(page.getByTestId("reminder-outcome")).toContainText(copy.promptSet("7:30 AM"));
    expect(await timesOf(server, user, null)).toEqual(["07:30"]);
  });

  test("a refusal sets nothing and the card goes", async ({ signedInPage: page, server, user }) => {
    await seedHabits(server, user, [{ name: "Read" }]);
    await permissionAnswered(page, "denied");
    await openToday(page);
    await prompt(page).getByRole("button", { name: "Enable notifications" }).click();
    await expect(prompt(page)).toHaveCount(0);
    expect(await reminders(server, user)).toEqual([]);
  });
});
