// Mail goes only to addresses that asked for it (docs/decisions/0053-mail-only-to-verified-addresses.md), on both
// dialects with a real SMTP receiver: the verification link, the test reminder's own limit, the unsubscribe page
// whose button (not its GET) turns the digest off, and the unsubscribe winning over a toggle made before it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ReminderSettings } from "../../core/contract-schema";
import { messages } from "../../core/messages";
import { TEST_REMINDERS_PER_HOUR } from "../../core/reminders/limits";
import { testDialects } from "../../../test/support/databases";
import { startMailbox, subjectOf, type Mailbox } from "../../../test/support/mailbox";
import {
  followVerificationLink,
  verificationLinkIn,
  verifyAddress,
} from "../../../test/support/verify-email";
import {
  expectError,
  pinnedClock,
  TEST_SECRET,
  useTestServer,
  type TestServer,
  type TestUser,
} from "../../../test/support/api-server";
import { unsubscribeToken } from "./unsubscribe-token";

let mailbox: Mailbox;
beforeAll(async () => {
  mailbox = await startMailbox();
});
afterAll(() => mailbox?.close());

const subjectsTo = (email: string) =>
  mailbox.mails.filter((m) => m.to.includes(email.toLowerCase())).map(subjectOf);

describe.each(testDialects())("reminder mail only to verified addresses on $dialect", (dialect) => {
  const t: TestServer = useTestServer(dialect, pinnedClock(), {
    env: {
      get SMTP_URL() {
        return mailbox.url;
      },
      RESET_RATE_MAX: "3",
    } as unknown as Record<string, string>,
  });
  const emailOf = async (user: TestUser) => {
    const res = await t.call<ReminderSettings>(user, "GET", "/api/reminders");
    expect(res.status).toBe(200);
    return res.body.email;
  };
  const test = (user: TestUser) =>
    t.call<{ push: number; email: boolean }>(user, "POST", "/api/reminders/test");

  it("mails a new address its verification link only; once opened, the digest is on and a test reminder is mailed", async () => {
    const user = await t.signUp();
    expect(await emailOf(user)).toEqual({ enabled: false, available: true, verified: false });
    const unverifiedTest = await test(user);
    expect(unverifiedTest.status).toBe(200);
    expect(unverifiedTest.body).toEqual({ push: 0, email: false });
    // Turning the digest on does not mail an address nobody confirmed
    await t.call(user, "PUT", "/api/reminders/email", { json: { enabled: true } });
    expect((await emailOf(user)).enabled).toBe(false);
    expect((await test(user)).body.email).toBe(false);
    expect(subjectsTo(user.email)).toEqual([messages.account.verifyMailSubject]);

    // A mail scanner opens the link: nothing is confirmed
    const link = verificationLinkIn(
      await mailbox.waitFor(user.email, { subject: messages.account.verifyMailSubject }),
    );
    for (let i = 0; i < 2; i += 1) expect((await fetch(`${t.url}${link}`)).status).toBe(200);
    expect((await emailOf(user)).verified).toBe(false);
    const opened = await verifyAddress(mailbox, t.url, user.email);
    const confirmed = await opened.text();
    expect(confirmed).toContain(messages.account.verifiedTitle);
    expect(confirmed).toContain(`href="${t.config.baseUrl}/settings"`);
    expect(await emailOf(user)).toEqual({ enabled: true, available: true, verified: true });
    expect((await test(user)).body).toEqual({ push: 0, email: true });
    await mailbox.waitFor(user.email, { subject: messages.reminderDelivery.mailTestSubject });
  });

  it("resends the verification mail on request, limited per client address like reset mails", async () => {
    const user = await t.signUp();
    await mailbox.waitFor(user.email, { subject: messages.account.verifyMailSubject });
    const resend = () =>
      t.call(user, "POST", "/api/auth/send-verification-email", {
        json: { email: user.email, callbackURL: "/settings" },
      });
    expect((await resend()).status).toBe(200);
    await expect.poll(() => subjectsTo(user.email).length, { timeout: 20_000 }).toBe(2);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await resend()).status);
    expect(statuses).toContain(429);
    // The newest link works as the first would
    const link = verificationLinkIn(
      mailbox.mails.filter((m) => m.to.includes(user.email.toLowerCase())).at(-1)!,
    );
    expect((await followVerificationLink(t.url, link)).status).toBe(200);
    expect((await emailOf(user)).verified).toBe(true);
    // A forged token confirms nothing
    const forged = await followVerificationLink(t.url, "/api/verify-email?token=forged");
    expect(forged.status).toBe(400);
    expect(await forged.text()).toContain(messages.account.verifyFailedTitle);
  });

  it(`answers the ${TEST_REMINDERS_PER_HOUR + 1}th test reminder in an hour with 429 and Retry-After`, async () => {
    const [user, other] = await Promise.all([t.signUp(), t.signUp()]);
    for (let i = 0; i < TEST_REMINDERS_PER_HOUR; i += 1) expect((await test(user)).status).toBe(200);
    const refused = await test(user);
    expectError(refused, 429, "TEST_REMINDER_LIMITED", /at most 5 test reminders an hour/);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect((await test(other)).status).toBe(200); // each account has its own count
    t.clock.advance(retryAfter * 1000);
    expect((await test(user)).status).toBe(200);
  });

  it("changes nothing on the unsubscribe link's GET; its button and RFC 8058's one-click POST turn the digest off", async () => {
    const user = await t.signUp();
    await verifyAddress(mailbox, t.url, user.email);
    const path = `/api/reminders/unsubscribe?token=${unsubscribeToken(TEST_SECRET, user.id)}`;
    // A mail scanner opens the link, twice
    for (let i = 0; i < 2; i += 1) {
      const page = await fetch(`${t.url}${path}`);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('<form method="post">');
      expect(html).toContain(
        `<button type="submit">${messages.reminderDelivery.unsubscribeConfirm}</button>`,
      );
    }
    expect((await emailOf(user)).enabled).toBe(true);
    // The page's button: a form POST from our origin, as a browser sends it
    const pressed = await fetch(`${t.url}${path}`, {
      method: "POST",
      headers: { origin: t.config.baseUrl, "content-type": "application/x-www-form-urlencoded" },
      body: "",
    });
    expect(pressed.status).toBe(200);
    expect(await pressed.text()).toContain(messages.reminderDelivery.unsubscribedTitle);
    expect((await emailOf(user)).enabled).toBe(false);
    expect((await test(user)).body.email).toBe(false);
    // The owner turns it on again from a session after that; then the mail provider's one-click POST
    t.clock.advance(1000);
    await t.call(user, "PUT", "/api/reminders/email", { json: { enabled: true } });
    expect((await emailOf(user)).enabled).toBe(true);
    t.clock.advance(1000);
    const oneClick = await fetch(`${t.url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(200);
    expect((await emailOf(user)).enabled).toBe(false);
  });

  it("keeps an unsubscribe over a toggle made before it (a lagging clock), not over one after it", async () => {
    const user = await t.signUp();
    await verifyAddress(mailbox, t.url, user.email);
    const path = `/api/reminders/unsubscribe?token=${unsubscribeToken(TEST_SECRET, user.id)}`;
    expect((await fetch(`${t.url}${path}`, { method: "POST" })).status).toBe(200);
    t.clock.advance(-60_000); // a toggle stamped a minute before the unsubscribe
    const before = await t.call<ReminderSettings>(user, "PUT", "/api/reminders/email", {
      json: { enabled: true },
    });
    expect(before.status).toBe(200);
    expect(before.body.email.enabled).toBe(false);
    expect((await test(user)).body.email).toBe(false);
    t.clock.advance(120_000);
    const after = await t.call<ReminderSettings>(user, "PUT", "/api/reminders/email", {
      json: { enabled: true },
    });
    expect(after.body.email.enabled).toBe(true);
  });
});
