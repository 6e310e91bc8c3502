import type { MiddlewareHandler } from "hono";
import { OAUTH_POPUP_SCRIPT_CSP_HASH } from "better-auth/plugins";

// The page that ends a popup sign-in posts the outcome to the app with one inline script, pinned by its hash.
const COMPLETION_PAGE_CSP = `default-src 'none'; script-src '${OAUTH_POPUP_SCRIPT_CSP_HASH}'; base-uri 'none'`;

/**
 * Adjusts the security headers for the provider popup (docs/decisions/0013-identity-providers.md). Registered
 * before securityHeaders(), so it runs after it on the way out:
 * - app pages get COOP same-origin-allow-popups, so they keep their link to the popup while it visits the provider;
 * - auth responses carry no COOP, so the popup coming back from the provider is not cut from its opener;
 * - the completion page keeps its own CSP instead of ours, which would block its script.
 */
export const popupHeaders = (): MiddlewareHandler => async (c, next) => {
  await next();
  const headers = c.res.headers;
  if (c.req.path.startsWith("/api/auth/")) {
    headers.delete("cross-origin-opener-policy");
    if (headers.get("content-type")?.startsWith("text/html"))
      headers.set("content-security-policy", COMPLETION_PAGE_CSP);
  } else if (headers.get("cross-origin-opener-policy") === "same-origin") {
    headers.set("cross-origin-opener-policy", "same-origin-allow-popups");
  }
};
