// GET and POST /api/verify-email?token=…: the link of the verification mail (docs/decisions/0053). The GET shows a
// page with one button and changes nothing, so a mail scanner that opens the link confirms no address; the button's
// POST has Better Auth verify the token and says so, with the way to Settings, which shows the address as verified.
import type { Context } from "hono";
import { APIError } from "better-auth/api";
import type { Config } from "../config";
import type { AppEnv } from "../http/env";
import { actionPage, pageMessages } from "../http/action-page";

export const VERIFY_EMAIL_PATH = "/api/verify-email";

/** `verify`: Better Auth's verifyEmail with the token; it throws an APIError for a bad or expired one. */
export function verifyEmailRoute(config: Config, verify: (token: string) => Promise<unknown>) {
  return async (c: Context<AppEnv>) => {
    const texts = pageMessages(c).m.account;
    const link = { href: `${config.baseUrl}/settings`, text: texts.verifyOpenSettings };
    if (c.req.method !== "POST")
      return actionPage(c, 200, {
        title: texts.verifyTitle,
        text: texts.verifyAsk,
        confirm: texts.verifyConfirm,
        link,
      });
    try {
      await verify(c.req.query("token") ?? "");
    } catch (error) {
      if (!(error instanceof APIError)) throw error;
      return actionPage(c, 400, { title: texts.verifyFailedTitle, text: texts.verifyFailed, link });
    }
    return actionPage(c, 200, { title: texts.verifiedTitle, text: texts.verified, link });
  };
}
