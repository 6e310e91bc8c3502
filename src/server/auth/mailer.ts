import nodemailer from "nodemailer";
import { messages } from "../../core/messages";

export type ResetMail = { to: string; name: string; url: string };
export type Mailer = { sendPasswordReset: (mail: ResetMail) => Promise<void> };

/**
 * Sends mail through SMTP_URL (e.g. smtp://user:pass@mail.example.com:587, smtps://... for TLS).
 * Without one, the reset link is printed to the server log, so a self-hoster can still reset a password.
 */
export function createMailer(opts: { smtpUrl: string | null; from: string }): Mailer {
  const { account } = messages;
  if (!opts.smtpUrl) {
    return {
      async sendPasswordReset({ to, url }) {
        console.log(`Password reset for ${to} (SMTP_URL is not set, so no mail was sent): ${url}`);
      },
    };
  }
  const transport = nodemailer.createTransport(opts.smtpUrl);
  return {
    async sendPasswordReset({ to, name, url }) {
      await transport.sendMail({
        from: opts.from,
        to,
        subject: account.resetMailSubject,
        text: account.resetMailBody(name || to, url),
      });
    },
  };
}
