import { OAUTH_POPUP_SCRIPT_CSP_HASH } from "better-auth/plugins";

// The page that ends a popup sign-in posts the outcome to the app with one inline script, pinned by its hash.
const COMPLETION_PAGE_CSP = `default-src 'none'; script-src '${OAUTH_POPUP_SCRIPT_CSP_HASH}'; base-uri 'none'`;

/**
 * The security headers for the provider popup (docs/decisions/0013-identity-providers.md), applied after the
 * common ones (http/frame.ts): app pages keep COOP same-origin-allow-popups (http/security.ts), so they keep their
 * link to the popup while it visits the provider; auth answers carry no COOP, so the popup coming back from the
 * provider is not cut from its opener; the completion page keeps its own CSP instead of ours, which would block
 * its script.
 */
export function adjustAuthHeaders(headers: Headers): void {
  headers.delete("cross-origin-opener-policy");
  if (headers.get("content-type")?.startsWith("text/html"))
    headers.set("content-security-policy", COMPLETION_PAGE_CSP);
}
