// A personal API token made in Settings, shown once, used as curl would (Playwright's request fixture with the
// Bearer header, no cookie), listed with its use, and revoked by its own button.
import type { Page } from "@playwright/test";
import { apiTokensCopy } from "../src/web/features/settings/api-tokens-copy";
import { settingsCopy } from "../src/web/features/settings/settings-copy";
import { REFUSED_REQUEST } from "./support/auth";
import { api, expect, test } from "./support/fixtures";
import { seedHabits, serverHabits, todayIn } from "./support/habits";
import { gotoApp } from "./support/page-clock";

const T = todayIn("UTC");
test.use({ timezoneId: "UTC" });

async function openSettings(page: Page) {
  await gotoApp(page, "/settings");
  await expect(page.getByTestId("settings-sync").getByRole("status")).not.toContainText(
    settingsCopy.sync.states.pending.label,
  );
}

test("creates a token shown once, marks a habit done with it, and revokes it", async ({
  signedInPage: page,
  server,
  user,
  request,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await seedHabits(server, user, [{ name: "Water the plants" }]);
  const [habit] = await serverHabits(server, user);
  await openSettings(page);
  const card = page.getByTestId("settings-api-tokens");
  await expect(card.getByText(apiTokensCopy.none)).toBeVisible();

  await card.getByLabel(apiTokensCopy.name).fill("Kitchen NFC tag");
  await card.getByLabel(apiTokensCopy.scope).selectOption({ label: apiTokensCopy.scopes["read-write"] });
  await card.getByLabel(apiTokensCopy.expiry).selectOption({ label: "In 30 days" });
  await card.getByRole("button", { name: apiTokensCopy.create }).click();

  const shown = card.getByTestId("new-api-token");
  await expect(shown.getByRole("status")).toHaveText(apiTokensCopy.created("Kitchen NFC tag"));
  const token = await shown.getByLabel(apiTokensCopy.newToken).inputValue();
  expect(token).toMatch(/^hs_[A-Za-z0-9_-]{43}$/);
  await shown.getByRole("button", { name: apiTokensCopy.copy }).click();
  await expect(shown.getByRole("button", { name: apiTokensCopy.copied })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
  const listed = card.getByTestId("api-token-list").getByRole("listitem");
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText("Kitchen NFC tag");
  await expect(listed).toContainText(apiTokensCopy.lastUsed(null));
  await shown.getByRole("button", { name: apiTokensCopy.done }).click();
  await expect(shown).toBeHidden();
  // Shown once: the page holds it no more, nor does the list.
  expect(await page.content()).not.toContain(token);

  // The README's curl, through Playwright's request: the token alone, no cookie, no Origin.
  const mark = () =>
    request.put(`/api/habits/${habit!.id}/completions/${T}`, {
      headers: { authorization: `Bearer ${token}`, "x-local-date": T },
    });
  const marked = await mark();
  expect(marked.status()).toBe(200);
  expect(await marked.json()).toMatchObject({ id: habit!.id, completedToday: true });
  expect((await serverHabits(server, user))[0]?.completedDates).toEqual([T]);

  await page.reload();
  await expect(listed).toContainText("last used");
  await expect(listed).not.toContainText(apiTokensCopy.lastUsed(null));
  await card.getByRole("button", { name: apiTokensCopy.revokeLabel("Kitchen NFC tag") }).click();
  await expect(card.getByText(apiTokensCopy.revoked("Kitchen NFC tag"))).toBeVisible();
  await expect(card.getByText(apiTokensCopy.none)).toBeVisible();

  const refused = await mark();
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toMatchObject({ error: { code: "UNAUTHENTICATED" } });
  expect((await api(server, user, "/api/tokens").then((r) => r.json())).tokens).toEqual([]);
});

test("a read-only token made in Settings cannot change anything", async ({
  signedInPage: page,
  server,
  user,
  request,
}) => {
  await seedHabits(server, user, [{ name: "Stretch" }]);
  const [habit] = await serverHabits(server, user);
  await openSettings(page);
  const card = page.getByTestId("settings-api-tokens");
  await card.getByLabel(apiTokensCopy.name).fill("Dashboard");
  await card.getByRole("button", { name: apiTokensCopy.create }).click();
  const token = await card.getByTestId("new-api-token").getByLabel(apiTokensCopy.newToken).inputValue();
  await expect(card.getByTestId("api-token-list")).toContainText(apiTokensCopy.scopes["read-only"]);

  const headers = { authorization: `Bearer ${token}` };
  expect((await request.get("/api/habits", { headers })).status()).toBe(200);
  const write = await request.put(`/api/habits/${habit!.id}/completions/${T}`, { headers });
  expect(write.status()).toBe(403);
  expect(await write.json()).toMatchObject({ error: { code: "FORBIDDEN" } });
  expect((await serverHabits(server, user))[0]?.completedDates).toEqual([]);
});

test("asks a session signed in long ago for the current password, by keyboard, and then creates the token", async ({
  signedInPage: page,
  server,
  user,
  request,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(REFUSED_REQUEST);
  // The session was made an hour ago: arranged in the database before any request reads it (this server's clock
  // is the real one).
  await server
    .running()
    .database.db.updateTable("session")
    .set({ createdAt: new Date(Date.now() - 60 * 60_000).toISOString() })
    .where("userId", "=", user.id)
    .execute();
  await openSettings(page);
  const card = page.getByTestId("settings-api-tokens");
  await expect(card.getByLabel(apiTokensCopy.password)).toHaveCount(0);
  await card.getByLabel(apiTokensCopy.name).fill("Old session");
  await card.getByLabel(apiTokensCopy.name).press("Enter");

  const password = card.getByLabel(apiTokensCopy.password);
  await expect(card.getByRole("alert")).toHaveText(apiTokensCopy.passwordNeeded);
  await expect(password).toBeFocused();
  await expect(password).toHaveAccessibleDescription(apiTokensCopy.passwordHint);
  await page.keyboard.type("not my password");
  await page.keyboard.press("Enter");
  await expect(card.getByRole("alert")).toHaveText(apiTokensCopy.wrongPassword);
  await expect(password).toBeFocused();
  await expect(password).toHaveValue("");
  expect((await api(server, user, "/api/tokens").then((r) => r.json())).tokens).toEqual([]);

  await page.keyboard.type(user.password);
  await page.keyboard.press("Enter");
  const shown = card.getByTestId("new-api-token");
  await expect(shown.getByRole("status")).toHaveText(apiTokensCopy.created("Old session"));
  await expect(password).toHaveCount(0);
  const token = await shown.getByLabel(apiTokensCopy.newToken).inputValue();
  expect((await request.get("/api/habits", { headers: { authorization: `Bearer ${token}` } })).status()).toBe(
    200,
  );
});
