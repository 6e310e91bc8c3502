// A fresh account's address confirmed the way its owner does it: the link in the verification mail, opened, and
// its page's button pressed.
import { messages } from "../../src/core/messages";
import type { Mail, Mailbox } from "./mailbox";

/** The path and query of the verification link in a received mail (the server's BASE_URL may differ from ours). */
export function verificationLinkIn(mail: Mail): string {
  const match = /https?:\/\/[^/\s]+(\/api\/verify-email\?token=[\w.%-]+)/.exec(mail.text);
  if (!match?.[1]) throw new Error(`No verification link in the mail:\n${mail.text}`);
  return match[1];
}

/** Opens the link at `serverUrl` (no cookie, as from a mail app) and presses the page's button. */
export async function followVerificationLink(serverUrl: string, link: string): Promise<Response> {
  const page = await fetch(`${serverUrl}${link}`);
  const html = await page.text();
  if (page.status !== 200 || !html.includes(messages.account.verifyConfirm))
    throw new Error(`The verification page answered ${page.status}: ${html}`);
  return fetch(`${serverUrl}${link}`, { method: "POST" });
}

/** Waits for the newest verification mail to `email` and follows its link. */
export async function verifyAddress(mailbox: Mailbox, serverUrl: string, email: string): Promise<Response> {
  const mail = await mailbox.waitFor(email, { subject: messages.account.verifyMailSubject });
  const res = await followVerificationLink(serverUrl, verificationLinkIn(mail));
  if (res.status !== 200)
    throw new Error(`The verification link answered ${res.status}: ${await res.text()}`);
  return res;
}
