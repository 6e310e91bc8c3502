// The e-mail channel: for users without a push device, one message per reminder time over SMTP_URL,
// with a one-click unsubscribe link (RFC 8058: List-Unsubscribe and List-Unsubscribe-Post headers).
import nodemailer from "nodemailer";
import type { messages } from "../../core/messages";

export type ReminderMail = {
  to: string;
  subject: string;
  /** The reminder's text ("3 habits left today: …"). */
  text: string;
  /** The mail's other lines, in the account's language (messagesIn(locale).reminderDelivery). */
  texts: Pick<typeof messages.reminderDelivery, "mailOpen" | "mailUnsubscribe">;
  unsubscribeUrl: string;
};

export type ReminderMailer = { available: boolean; send: (mail: ReminderMail) => Promise<void> };

export function createReminderMailer(opts: {
  smtpUrl: string | null;
  from: string;
  appUrl: string;
}): ReminderMailer {
  if (!opts.smtpUrl)
    return {
      available: false,
      send: () => Promise.reject(new Error("SMTP_URL is not set: reminder e-mails cannot be sent")),
    };
  const transport = nodemailer.createTransport(opts.smtpUrl);
  return {
    available: true,
    async send({ to, subject, text, texts, unsubscribeUrl }) {
      await transport.sendMail({
        from: opts.from,
        to,
        subject,
        text: [text, "", texts.mailOpen(opts.appUrl), "", texts.mailUnsubscribe(unsubscribeUrl)].join("\n"),
        headers: {
          "List-Unsubscribe": `<${unsubscribeUrl}>`,
          "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        },
      });
    },
  };
}
