import { describe, expect, it, vi } from "vitest";
import { bodyOf, headerOf, startMailbox, subjectOf } from "../../../test/support/mailbox";
import { messages } from "../../core/messages";
import { messagesIn } from "../../core/messages/in-locale";
import { createMailer } from "./mailer";

describe("mailer", () => {
  it("sends the reset mail through SMTP", async () => {
    const mailbox = await startMailbox();
    try {
      const mailer = createMailer({ smtpUrl: mailbox.url, from: "Habit Streaks <no-reply@example.com>" });
      await mailer.sendPasswordReset({
        to: "ada@example.com",
        name: "Ada",
        url: "https://habits.example.com/reset-password?token=abc",
        locale: "en",
      });
      const mail = await mailbox.waitFor("ada@example.com");
      expect(mail.text).toContain(`Subject: ${messages.account.resetMailSubject}`);
      expect(mail.text).toContain("Hello Ada,");
      expect(mail.text).toContain("https://habits.example.com/reset-password?token=abc");
    } finally {
      await mailbox.close();
    }
  });

  it("writes the account's mail in its language, subject and body", async () => {
    const mailbox = await startMailbox();
    try {
      const mailer = createMailer({ smtpUrl: mailbox.url, from: "Habit Streaks <no-reply@example.com>" });
      const url = "https://habits.example.com/reset-password?token=abc";
      await mailer.sendPasswordReset({ to: "grete@example.com", name: "Grete", url, locale: "de" });
      await mailer.sendVerification({ to: "layla@example.com", name: "ليلى", url, locale: "ar" });
      const german = await mailbox.waitFor("grete@example.com");
      expect(subjectOf(german)).toBe(messagesIn("de").account.resetMailSubject);
      expect(subjectOf(german)).not.toBe(messages.account.resetMailSubject);
      expect(bodyOf(german)).toBe(messagesIn("de").account.resetMailBody("Grete", url));
      expect(headerOf(german, "Content-Language")).toBe("de");
      const arabic = await mailbox.waitFor("layla@example.com");
      expect(subjectOf(arabic)).toBe(messagesIn("ar").account.verifyMailSubject);
      expect(bodyOf(arabic)).toBe(messagesIn("ar").account.verifyMailBody("ليلى", url));
    } finally {
      await mailbox.close();
    }
  });

  it("prints the link to the server log when no SMTP server is configured", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    await createMailer({ smtpUrl: null, from: "x@example.com" }).sendPasswordReset({
      to: "ada@example.com",
      name: "Ada",
      url: "http://localhost:3000/reset-password?token=abc",
      locale: "en",
    });
    expect(log).toHaveBeenCalledWith(
      expect.stringContaining("http://localhost:3000/reset-password?token=abc"),
    );
    log.mockRestore();
  });
});
