// Helpers for the account specs: the login page's views, fields and message regions.
import { expect, type Page } from "@playwright/test";
import { messages } from "../../src/core/messages";
import type { Mail } from "../../test/support/mailbox";
import { gotoApp } from "./page-clock";

const a = messages.account;

export async function openLogin(page: Page, url = "/login") {
  await gotoApp(page, url);
  await expect(page.getByRole("heading", { name: a.signInTitle, level: 1 })).toBeVisible();
}

export async function switchToSignUp(page: Page) {
  await page.getByRole("button", { name: a.createOne }).click();
  await expect(page.getByRole("heading", { name: a.signUpTitle, level: 1 })).toBeFocused();
}

export async function switchToReset(page: Page) {
  await page.getByRole("button", { name: a.forgotPassword }).click();
  await expect(page.getByRole("heading", { name: a.resetTitle, level: 1 })).toBeFocused();
}

export async function signInWith(page: Page, email: string, password: string) {
  await page.getByLabel(a.emailLabel).fill(email);
  await page.getByLabel(a.passwordLabel, { exact: true }).fill(password);
  await page.getByRole("button", { name: a.signInButton, exact: true }).click();
}

export async function signUpWith(
  page: Page,
  f: { name: string; email: string; password: string; confirm?: string },
) {
  await page.getByLabel(a.nameLabel).fill(f.name);
  await page.getByLabel(a.emailLabel).fill(f.email);
  await page.getByLabel(a.passwordLabel, { exact: true }).fill(f.password);
  await page.getByLabel(a.confirmPasswordLabel).fill(f.confirm ?? f.password);
  await page.getByRole("button", { name: a.signUpButton }).click();
}

export async function requestReset(page: Page, email: string) {
  await page.getByLabel(a.emailLabel).fill(email);
  await page.getByRole("button", { name: a.resetButton }).click();
}

/**
 * Clicks a provider's button and waits until its popup has opened and closed again. The close is read from the
 * popup's state rather than awaited as an event: the completion page closes itself at once, possibly before a
 * listener for "close" would be in place, and then that event never comes.
 */
export async function signInInPopup(page: Page, button: string) {
  const opened = page.waitForEvent("popup");
  await page.getByRole("button", { name: button }).click();
  const popup = await opened;
  await expect.poll(() => popup.isClosed()).toBe(true);
}

/** The form's error region (role=alert) must show exactly this text. */
export async function expectError(page: Page, text: string) {
  await expect(page.getByRole("alert").filter({ hasText: text })).toHaveText(text);
}

/** The path and query of the reset link in a received mail. */
export function resetLinkIn(mail: Mail): string {
  const match = mail.text.match(/https?:\/\/[^/\s]+(\/reset-password\?token=[\w-]+)/);
  if (!match?.[1]) throw new Error(`No reset link in the mail:\n${mail.text}`);
  return match[1];
}

/** Chromium logs every refused request ("Failed to load resource: ... 401"); the error tests expect these. */
export const REFUSED_REQUEST =
  /Failed to load resource: the server responded with a status of (400|401|403|404|422|429)/;

export const uniqueEmail = (tag: string) => `${tag}-${Math.random().toString(36).slice(2, 10)}@example.com`;
