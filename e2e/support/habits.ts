// Helpers for the Today, shell, theme and migration specs: arranging habits quickly through the API and
// reading the page. Assertions go through the UI.
import { expect, type Page } from "@playwright/test";
import { addDays, type LocalDate, todayInZone } from "../../src/core/local-date";
import { api, type TestServer, type TestUser } from "./fixtures";
import { messages } from "../../src/core/messages";
import { gotoApp } from "./page-clock";

/** The browser's day in its zone (Playwright's default zone is the machine's, UTC here). */
export function todayIn(
  zone = Intl.DateTimeFormat().resolvedOptions().timeZone,
  now = new Date(),
): LocalDate {
  return todayInZone(now, zone);
}

/** The `n` days ending at `end`, oldest first. */
export function daysEnding(end: LocalDate, n: number): LocalDate[] {
  return Array.from({ length: n }, (_, i) => addDays(end, i - n + 1));
}

export type SeedHabit = { name: string; completedDates?: LocalDate[] };

/** Replaces the user's habits in one call (PUT /api/habits accepts history, unlike the completion routes). */
export async function seedHabits(server: TestServer, user: TestUser, habits: readonly SeedHabit[]) {
  const body = habits.map((h) => ({ name: h.name, completedDates: h.completedDates ?? [] }));
  const res = await api(server, user, "/api/habits", { method: "PUT", body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`seeding failed: ${res.status} ${await res.text()}`);
}

export async function serverHabits(
  server: TestServer,
  user: TestUser,
): Promise<{ id: string; name: string; completedDates: string[] }[]> {
  const res = await api(server, user, "/api/habits");
  if (!res.ok) throw new Error(`listing failed: ${res.status}`);
  return res.json();
}

/** Opens Today and waits past the splash until the list (or its empty or error state) shows. */
export async function openToday(page: Page) {
  await gotoApp(page, "/");
  await expect(page.getByRole("heading", { name: "Today", level: 1 })).toBeVisible();
  await expect(page.getByTestId("habits-loading")).toHaveCount(0);
}

export const row = (page: Page, name: string) =>
  page.getByTestId("habit-row").filter({ has: page.getByText(name, { exact: true }) });
export const toggleOf = (page: Page, name: string) =>
  page.getByRole("button", { name: `Complete ${name}`, exact: true });
export const deleteOf = (page: Page, name: string) =>
  page.getByRole("button", { name: `Delete ${name}`, exact: true });
export const newHabitInput = (page: Page) => page.getByPlaceholder(messages.today.newHabitPlaceholder);
export const notice = (page: Page, text: string) => page.getByTestId("notice").filter({ hasText: text });

/** Browser storage of the page's origin. */
export async function storage(page: Page, key: string): Promise<string | null> {
  return page.evaluate((k) => window.localStorage.getItem(k), key);
}

/** The body of a failing API answer, in our error shape. */
export const serverError = {
  status: 500,
  json: { error: { code: "INTERNAL", message: "Something went wrong on our side" } },
};

/** Puts habits in the browser's own storage (key `habits`) before the app reads it. */
export async function setLocalStorage(page: Page, entries: Record<string, string>) {
  await page.goto("/terms"); // a public page of the same origin that reads no habits
  await page.evaluate((all) => {
    for (const [key, value] of Object.entries(all)) window.localStorage.setItem(key, value);
  }, entries);
}
