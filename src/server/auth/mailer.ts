import nodemailer from "nodemailer";
import { messages } from "../../core/messages";

export type AccountMail = { to: string; name: string; url: string };
export type Mailer = {
  sendPasswordReset: (mail: AccountMail) => Promise<void>;
  /** The link that confirms the address (docs/decisions/0053-mail-only-to-verified-addresses.md). */
  sendVerification: (mail: AccountMail) => Promise<void>;
};

/**
 * Sends mail through SMTP_URL (e.g. smtp://user:pass@mail.example.com:587, smtps://... for TLS).
 * Without one, the reset link is printed to the server log, so a self-hoster can still reset a password; no
 * verification mail is asked for then (auth.ts), since no other mail goes out either.
 */
export function createMailer(opts: { smtpUrl: string | null; from: string }): Mailer {
  const { account } = messages;
  if (!opts.smtpUrl) {
    return {
      async sendPasswordReset({ to, url }) {
        console.log(`Password reset for ${to} (SMTP_URL is not set, so no mail was sent): ${url}`);
      },
      async sendVerification() {},
    };
  }
  const transport = nodemailer.createTransport(opts.smtpUrl);
  const send = async (to: string, subject: string, text: string) => {
    await transport.sendMail({ from: opts.from, to, subject, text });
  };
  return {
    sendPasswordReset: ({ to, name, url }) =>
      send(to, account.resetMailSubject, account.resetMailBody(name || to, url)),
    sendVerification: ({ to, name, url }) =>
      send(to, account.verifyMailSubject, account.verifyMailBody(name || to, url)),
  };
}
