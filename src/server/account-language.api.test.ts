// The server writes in the account's language (docs/decisions/0074), on both dialects, with a real SMTP receiver
// and a real push service: the sign-up's Accept-Language kept as the account's language until it chooses one,
// the reset and verification mails, a reminder's push and mail, and the API's error messages.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ReminderSettings } from "../core/contract-schema";
import { messages } from "../core/messages";
import { messagesIn } from "../core/messages/in-locale";
import { errorText } from "../core/messages/server";
import { testDialects } from "../../test/support/databases";
import { bodyOf, startMailbox, subjectOf, type Mail, type Mailbox } from "../../test/support/mailbox";
import { startPushService, type PushService } from "../../test/support/push-service";
import { verifyAddress } from "../../test/support/verify-email";
import {
  expectError,
  pinnedClock,
  useTestServer,
  type TestServer,
  type TestUser,
} from "../../test/support/api-server";
import { newAccount } from "../../test/support/auth-server";

let mailbox: Mailbox;
let push: PushService;
beforeAll(async () => {
  [mailbox, push] = await Promise.all([startMailbox(), startPushService()]);
});
afterAll(() => Promise.all([mailbox?.close(), push?.close()]));

/** The link a mail carries (the server's BASE_URL may differ from ours). */
const linkIn = (text: string) => /https?:\/\/\S+/.exec(text)?.[0] ?? "";

/** What is left of a mail's text without its link, the product's name and the person's name: no Latin letter
 * may remain in an Arabic mail. */
const latinIn = (text: string, name: string) =>
  text
    .replace(/https?:\/\/\S+/g, "")
    .replaceAll("Habit Streaks", "")
    .replaceAll(name, "")
    .match(/[A-Za-z]+/g);

describe.each(testDialects())("the server in the account's language on $dialect", (dialect) => {
  const t: TestServer = useTestServer(dialect, pinnedClock("2026-11-21T12:00:00.000Z"), {
    env: {
      get SMTP_URL() {
        return mailbox.url;
      },
    } as unknown as Record<string, string>,
  });

  /** Signs up through the API as a browser does, with its Accept-Language. */
  async function signUp(name: string, acceptLanguage?: string): Promise<TestUser> {
    const account = newAccount({ name });
    const res = await t.call<{ user: { id: string } }>(null, "POST", "/api/auth/sign-up/email", {
      json: account,
      headers: acceptLanguage ? { "accept-language": acceptLanguage } : {},
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    return { ...account, id: res.body.user.id, cookie };
  }
  const choose = async (user: TestUser, language: string | null) =>
    expect(
      (await t.call(user, "PATCH", "/api/profile", { json: { preferences: { language } } })).status,
    ).toBe(200);
  const askReset = async (email: string) =>
    expect(
      (await t.call(null, "POST", "/api/auth/request-password-reset", { json: { email, redirectTo: "/" } }))
        .status,
    ).toBe(200);
  const mailTo = (email: string, subject: string): Promise<Mail> => mailbox.waitFor(email, { subject });

  it("mails an account created in German its verification and reset in German, all through", async () => {
    const de = messagesIn("de").account;
    const grete = await signUp("Grete", "de-AT,de;q=0.9,en;q=0.5");
    const verification = await mailTo(grete.email, de.verifyMailSubject);
    expect(de.verifyMailSubject).not.toBe(messages.account.verifyMailSubject);
    const link = linkIn(bodyOf(verification));
    expect(link).toMatch(/\/api\/verify-email\?token=/);
    expect(bodyOf(verification)).toBe(de.verifyMailBody("Grete", link));

    await askReset(grete.email);
    const reset = await mailTo(grete.email, de.resetMailSubject);
    expect(bodyOf(reset)).toBe(de.resetMailBody("Grete", linkIn(bodyOf(reset))));
    expect(subjectOf(reset)).not.toBe(messages.account.resetMailSubject);
  });

  it("follows the language the account chose over the one it was created in: Arabic mail, no English in it", async () => {
    const ar = messagesIn("ar").account;
    const layla = await signUp("ليلى", "en-US,en;q=0.9");
    // Created in English: its verification is English
    await mailTo(layla.email, messages.account.verifyMailSubject);
    await choose(layla, "ar");
    await askReset(layla.email);
    const reset = await mailTo(layla.email, ar.resetMailSubject);
    const text = bodyOf(reset);
    expect(text).toBe(ar.resetMailBody("ليلى", linkIn(text)));
    expect(latinIn(`${subjectOf(reset)}\n${text}`, "ليلى")).toBeNull();

    // A new verification mail, asked for signed in, is Arabic too
    const resend = await t.call(layla, "POST", "/api/auth/send-verification-email", {
      json: { email: layla.email },
    });
    expect(resend.status).toBe(200);
    const verification = await mailTo(layla.email, ar.verifyMailSubject);
    expect(bodyOf(verification)).toBe(ar.verifyMailBody("ليلى", linkIn(bodyOf(verification))));
    expect(latinIn(bodyOf(verification), "ليلى")).toBeNull();

    // Its link opens a page in the browser's language, right to left in Arabic
    const page = await fetch(`${t.url}${new URL(linkIn(bodyOf(verification))).pathname}?token=x`, {
      headers: { "accept-language": "ar" },
    });
    const html = await page.text();
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain(ar.verifyConfirm);
    expect(html).not.toContain(messages.account.verifyConfirm);
  });

  it("sends a reminder's push and its mail in the account's language", async () => {
    const ok = async <T>(user: TestUser, method: string, path: string, json?: unknown) => {
      const res = await t.call<T>(user, method, path, { json });
      expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
      return res.body;
    };
    const setUp = async (user: TestUser, names: string[]) => {
      await ok(user, "PUT", "/api/reminders/time-zone", { timeZone: "Europe/Berlin" });
      for (const name of names) await ok(user, "POST", "/api/habits", { name });
      await ok(user, "POST", "/api/reminders", { time: "07:30" });
    };
    // German, on a push device
    const hans = await signUp("Hans");
    await choose(hans, "de");
    await setUp(hans, ["Lesen", "Laufen"]);
    const settings = await ok<ReminderSettings>(hans, "GET", "/api/reminders");
    const device = await push.subscribe(settings.push.publicKey);
    await ok(hans, "POST", "/api/push/subscriptions", { endpoint: device.endpoint, keys: device.keys });
    // Arabic, by e-mail on a verified address
    const amal = await signUp("أمل");
    await verifyAddress(mailbox, t.url, amal.email);
    await choose(amal, "ar");
    await setUp(amal, ["قراءة", "مشي"]);

    t.clock.advance(Date.parse("2026-11-22T06:30:05.000Z") - t.clock.now().getTime());
    await t.running.reminders.tick();
    await t.running.reminders.tick();

    const de = messagesIn("de");
    expect(push.received(device)).toMatchObject([
      {
        type: "reminder",
        title: "Habit Streaks",
        body: de.reminderDelivery.leftToday(["Laufen", "Lesen"]), // the newest habit first, as Today shows them
        actions: { done: de.reminderSettings.doneAction, open: de.reminderSettings.openAction },
      },
    ]);
    expect(de.reminderDelivery.leftToday(["Lesen", "Laufen"])).not.toBe(
      messages.reminderDelivery.leftToday(["Lesen", "Laufen"]),
    );

    const ar = messagesIn("ar").reminderDelivery;
    const mail = await mailTo(amal.email, ar.mailSubject(["مشي", "قراءة"]));
    const text = bodyOf(mail).trimEnd();
    const [unsubscribe = ""] = /\S+\/api\/reminders\/unsubscribe\?token=\S+/.exec(text) ?? [];
    expect(text).toBe(
      [
        ar.leftToday(["مشي", "قراءة"]),
        "",
        ar.mailOpen(linkIn(text)),
        "",
        ar.mailUnsubscribe(unsubscribe.replace(/^\S*?(https?:)/, "$1")),
      ].join("\n"),
    );
    expect(latinIn(`${subjectOf(mail)}\n${text}`, "")).toBeNull();
  });

  it("answers API errors in the account's language, else the request's, else English", async () => {
    const path = `/api/habits/${randomUUID()}`; // DELETE: no such habit
    const notFound = (locale: "en" | "de" | "ar") => messagesIn(locale).apiError(errorText("habitNotFound"));
    const anna = await signUp("Anna");
    // No language chosen: the request's Accept-Language, matched as the web matches the browser's
    expectError(
      await t.call(anna, "DELETE", path, { headers: { "accept-language": "de-CH, fr;q=0.5" } }),
      404,
      "HABIT_NOT_FOUND",
      notFound("de"),
    );
    expect(notFound("de")).not.toBe(notFound("en"));
    // A language the app does not speak: English, as written
    expectError(
      await t.call(anna, "DELETE", path, { headers: { "accept-language": "tlh, xx-YY;q=0.8" } }),
      404,
      "HABIT_NOT_FOUND",
      "Habit not found",
    );
    // Signed out: the request's language
    expectError(
      await t.call(null, "GET", "/api/habits", { headers: { "accept-language": "de" } }),
      401,
      "UNAUTHENTICATED",
      messagesIn("de").apiError(errorText("signIn")),
    );
    // Chosen: the account's language, whatever the request says; a name's refusal is worded in it too
    await choose(anna, "ar");
    expectError(
      await t.call(anna, "DELETE", path, { headers: { "accept-language": "de" } }),
      404,
      "HABIT_NOT_FOUND",
      notFound("ar"),
    );
    const refused = await t.call(anna, "POST", "/api/habits", {
      json: { name: "   " },
      headers: { "accept-language": "de" },
    });
    expectError(refused, 400, "VALIDATION_FAILED", `name: ${messagesIn("ar").names.empty("habit")}`);
    // And in English without a choice nor a header, as the product's texts say
    await choose(anna, null);
    expectError(await t.call(anna, "POST", "/api/habits", { json: { name: "" } }), 400, "VALIDATION_FAILED");
    expect(
      (
        (await t.call(anna, "POST", "/api/habits", { json: { name: "" } })).body as {
          error: { message: string };
        }
      ).error.message,
    ).toBe("name: Habit name cannot be empty");
  });
});
