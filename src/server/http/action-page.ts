// The server's own small pages for links in mail (unsubscribe, verify an address): what the link is for, and a
// button that posts to the same address. A GET changes nothing, so a mail scanner that opens every link changes
// nothing (docs/decisions/0053-mail-only-to-verified-addresses.md). No script: the CSP's form-action 'self' allows it.
import type { Context } from "hono";
import { html } from "hono/html";
import { isRtl } from "../../core/i18n/locales";
import { messagesIn } from "../../core/messages/in-locale";
import { PRODUCT_NAME } from "../../core/messages/first-screen";
import { headerLocale } from "../profile/account-locale";

/** The catalogue in the language of the browser that opened the link (its Accept-Language), else English. */
export function pageMessages(c: Context) {
  const locale = headerLocale(c.req.header("accept-language")) ?? "en";
  return { locale, m: messagesIn(locale) };
}

export type ActionPage = {
  title: string;
  text: string;
  /** The button's label: it posts the form to the page's own address. */
  confirm?: string;
  /** The closing link, e.g. to Settings. */
  link: { href: string; text: string };
};

export function actionPage(c: Context, status: 200 | 400, body: ActionPage) {
  const { locale } = pageMessages(c);
  return c.html(
    html`<!doctype html>
      <html lang="${locale}" dir="${isRtl(locale) ? "rtl" : "ltr"}">
        <head>
          <meta charset="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <meta name="robots" content="noindex" />
          <!-- The browser's own dark colours for a reader in dark mode, as the app follows the system's theme. -->
          <meta name="color-scheme" content="light dark" />
          <style>
            button {
              font: inherit;
              padding: 0.5rem 1rem;
            }
          </style>
          <title>${body.title} · ${PRODUCT_NAME}</title>
        </head>
        <body
          style="font-family: system-ui, sans-serif; max-width: 32rem; margin: 3rem auto; padding: 0 1rem"
        >
          <h1>${body.title}</h1>
          <p>${body.text}</p>
          ${
            body.confirm === undefined
              ? ""
              : html`<form method="post"><button type="submit">${body.confirm}</button></form>`
          }
          <p><a href="${body.link.href}">${body.link.text}</a></p>
        </body>
      </html>`,
    status,
  );
}
