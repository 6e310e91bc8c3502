import { SMTPServer } from "smtp-server";
import type { AddressInfo } from "node:net";

export type Mail = { to: string[]; raw: string; text: string };

/** Undoes quoted-printable so links in a received mail can be read as sent. */
function decodeQuotedPrintable(s: string): string {
  return s
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Bytes written as latin1 characters (what quoted-printable and Q-encoding give), read as UTF-8. */
const utf8 = (bytes: string) => Buffer.from(bytes, "latin1").toString("utf8");

/** RFC 2047 encoded words (a subject in German or Arabic: =?UTF-8?B?…?= or =?UTF-8?Q?…?=), decoded. */
function decodeWords(header: string): string {
  return header
    .replace(/(\?=)\s+(?==\?)/g, "$1")
    .replace(/=\?[^?]+\?([BbQq])\?([^?]*)\?=/g, (_m, encoding: string, data: string) =>
      encoding.toUpperCase() === "B"
        ? Buffer.from(data, "base64").toString("utf8")
        : utf8(
            data
              .replace(/_/g, " ")
              .replace(/=([0-9A-F]{2})/gi, (_h, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          ),
    );
}

/** The mail's Subject header, unfolded and decoded. */
export const subjectOf = (mail: Mail): string =>
  decodeWords(
    /^Subject: (.*(?:\r?\n[ \t].*)*)/m
      .exec(mail.raw)?.[1]
      ?.replace(/\r?\n[ \t]+/g, " ")
      .trim() ?? "",
  );

/** A header of the mail ("Content-Language"), or undefined. */
export const headerOf = (mail: Mail, name: string): string | undefined =>
  new RegExp(`^${name}: (.*)$`, "mi").exec(mail.raw.split(/\r?\n\r?\n/)[0] ?? "")?.[1]?.trim();

/** The text of a single-part mail as sent: its transfer encoding (base64, quoted-printable) undone, as UTF-8. */
export function bodyOf(mail: Mail): string {
  const split = /\r?\n\r?\n/.exec(mail.raw);
  const body = split ? mail.raw.slice(split.index + split[0].length) : "";
  const encoding = headerOf(mail, "Content-Transfer-Encoding")?.toLowerCase();
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding === "quoted-printable")
    return utf8(
      body
        .replace(/=\r?\n/g, "")
        .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    ).replace(/\r\n/g, "\n");
  return body.replace(/\r\n/g, "\n");
}

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
