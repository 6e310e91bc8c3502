// Profile (/profile): display name, read-only email, Sign Out; its texts; the success message for 3 s.
import { PROFILE_SUCCESS_MS } from "../src/core/constants";
import { messages } from "../src/core/messages";
import { REFUSED_REQUEST, expectError } from "./support/auth";
import { expect, test } from "./support/fixtures";
import { gotoApp, pauseClock, reloadApp } from "./support/page-clock";

const a = messages.account;
const p = messages.profile;

test("shows the display name and the read-only email with its label", async ({
  signedInPage: page,
  user,
}) => {
  await gotoApp(page, "/profile");
  await expect(page.getByRole("heading", { name: a.profileTitle, level: 1 })).toBeVisible();
  await expect(page.getByLabel(a.displayNameLabel)).toHaveValue(user.name);
  const email = page.getByLabel(a.emailLabel);
  await expect(email).toHaveValue(user.email);
  await expect(email).toHaveAttribute("readonly", "");
  await expect(email).toHaveAccessibleDescription(p.emailReadOnly);
});

test("refuses a blank name, saves a new one for the profile and the session, and says so for 3 s", async ({
  signedInPage: page,
}) => {
  await gotoApp(page, "/profile");
  const name = page.getByLabel(a.displayNameLabel);
  await name.fill("   ");
  await page.getByRole("button", { name: a.saveProfile }).click();
  await expectError(page, messages.validation.displayNameEmpty);

  await name.fill("  Katherine Johnson ");
  await pauseClock(page);
  await page.getByRole("button", { name: a.saveProfile }).click();
  const success = page.getByRole("status").filter({ hasText: p.updated });
  await expect(success).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: messages.validation.displayNameEmpty })).toHaveCount(
    0,
  );
  await expect(name).toHaveValue("Katherine Johnson");
  await page.clock.runFor(PROFILE_SUCCESS_MS - 100);
  await expect(success).toBeVisible();
  await page.clock.runFor(200);
  await expect(success).toHaveCount(0);
  await page.clock.resume();
  // The header's account menu reads the session, which now agrees with the profile.
  await expect(page.getByRole("button", { name: /Account menu for Katherine Johnson/ })).toBeVisible();

  await reloadApp(page);
  await expect(page.getByLabel(a.displayNameLabel)).toHaveValue("Katherine Johnson");
});

test("says the update failed when the server refuses it", async ({
  signedInPage: page,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/Failed to load resource: the server responded with a status of 500/);
  await page.route("**/api/profile", (route) =>
    route.request().method() === "PATCH"
      ? route.fulfill({ status: 500, json: { error: { code: "INTERNAL", message: "boom" } } })
      : route.continue(),
  );
  await gotoApp(page, "/profile");
  await page.getByLabel(a.displayNameLabel).fill("Dorothy Vaughan");
  await page.getByRole("button", { name: a.saveProfile }).click();
  await expectError(page, p.updateFailed);
});

test("signs out to /login; a failed sign-out says so and keeps the user in", async ({
  signedInPage: page,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/Failed to load resource|ERR_FAILED|Failed to fetch/);
  allowConsoleErrors(REFUSED_REQUEST);
  await gotoApp(page, "/profile");
  await page.route("**/api/auth/sign-out", (route) => route.abort("internetdisconnected"));
  await page.getByRole("button", { name: messages.shell.profileSignOut }).click();
  await expectError(page, p.logoutFailed);
  await expect(page).toHaveURL(/\/profile$/);

  await page.unroute("**/api/auth/sign-out");
  await page.getByRole("button", { name: messages.shell.profileSignOut }).click();
  await expect(page).toHaveURL(/\/login$/);
  await gotoApp(page, "/profile");
  await expect(page).toHaveURL(/\/login$/);
});
