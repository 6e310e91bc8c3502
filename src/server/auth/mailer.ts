import nodemailer from "nodemailer";
import type { Locale } from "../../core/i18n/locales";
import { messagesIn } from "../../core/messages/in-locale";

/** `locale`: the account's language (profile/account-locale.ts), which the mail is written in. */
export type AccountMail = { to: string; name: string; url: string; locale: Locale };
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
  if (!opts.smtpUrl) {
    return {
      async sendPasswordReset({ to, url }) {
        console.log(`Password reset for ${to} (SMTP_URL is not set, so no mail was sent): ${url}`);
      },
      async sendVerification() {},
    };
  }
  const transport = nodemailer.createTransport(opts.smtpUrl);
  // Plain text only: no HTML part, so Arabic needs no dir; the headers name the language (RFC 3282).
  const send = async (to: string, locale: Locale, subject: string, text: string) => {
    await transport.sendMail({ from: opts.from, to, subject, text, headers: { "Content-Language": locale } });
  };
  return {
    sendPasswordReset: ({ to, name, url, locale }) => {
      const { account } = messagesIn(locale);
      return send(to, locale, account.resetMailSubject, account.resetMailBody(name || to, url));
    },
    sendVerification: ({ to, name, url, locale }) => {
      const { account } = messagesIn(locale);
      return send(to, locale, account.verifyMailSubject, account.verifyMailBody(name || to, url));
    },
  };
}
