import { SMTPServer } from "smtp-server";
import type { AddressInfo } from "node:net";

export type Mail = { to: string[]; raw: string; text: string };

/** Undoes quoted-printable so links in a received mail can be read as sent. */
function decodeQuotedPrintable(s: string): string {
  return s
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The mail's Subject header, unfolded (nodemailer encodes none of ours: they are ASCII). */
export const subjectOf = (mail: Mail): string =>
  /^Subject: (.*(?:\r?\n[ \t].*)*)/m
    .exec(mail.raw)?.[1]
    ?.replace(/\r?\n[ \t]+/g, " ")
    .trim() ?? "";

/** A real SMTP receiver on loopback: the server under test sends to it through nodemailer. */
export async function startMailbox() {
  const mails: Mail[] = [];
  const waiters: (() => void)[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw,
          text: decodeQuotedPrintable(raw),
        });
        waiters.splice(0).forEach((w) => w());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", () => resolve()));
  const port = (smtp.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /**
     * Waits for the newest mail to this address, with `subject` when given (a sign-up's verification mail comes
     * first), generously: a loaded machine can take seconds to send it.
     */
    async waitFor(
      to: string,
      options: number | { subject?: string; timeoutMs?: number } = {},
    ): Promise<Mail> {
      const { subject, timeoutMs = 20_000 } = typeof options === "number" ? { timeoutMs: options } : options;
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = [...mails]
          .reverse()
          .find(
            (m) => m.to.includes(to.toLowerCase()) && (subject === undefined || subjectOf(m) === subject),
          );
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`No mail to ${to} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}

export type Mailbox = Awaited<ReturnType<typeof startMailbox>>;
