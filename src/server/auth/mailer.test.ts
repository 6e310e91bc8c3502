import { describe, expect, it, vi } from "vitest";
import { startMailbox } from "../../../test/support/mailbox";
import { messages } from "../../core/messages";
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
      });
      const mail = await mailbox.waitFor("ada@example.com");
      expect(mail.text).toContain(`Subject: ${messages.account.resetMailSubject}`);
      expect(mail.text).toContain("Hello Ada,");
      expect(mail.text).toContain("https://habits.example.com/reset-password?token=abc");
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
    });
    expect(log).toHaveBeenCalledWith(
      expect.stringContaining("http://localhost:3000/reset-password?token=abc"),
    );
    log.mockRestore();
  });
});
