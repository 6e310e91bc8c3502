import { secureHeaders } from "hono/secure-headers";

// One CSP for every page: our own scripts and styles only, no framing, no plugins.
const CSP = {
  defaultSrc: ["'self'"],
  // 'wasm-unsafe-eval' lets WebAssembly compile (sql.js reads a Loop backup, docs/decisions/0036); JS eval stays off.
  // index.html's two inline scripts by their hashes: the theme's, and the one that starts the app after the first
  // paint (docs/decisions/0040-start-after-paint.md); test/inline-script-csp.test.ts recomputes them.
  scriptSrc: [
    "'self'",
    "'wasm-unsafe-eval'",
    "'sha256-O4DfTvEWpiiF/xYwxeJU7/lqF4jK5hO/a9OryTYoCuo='",
    "'sha256-+9RgF0K9B+fy2PcuMXXgevllkV0kHmnV9fUhuTuJvSY='",
  ],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", "data:", "https:"],
  connectSrc: ["'self'"],
  // The service worker and the web app manifest.
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  fontSrc: ["'self'", "data:"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/**
 * The security headers of every answer (hono's secureHeaders): the CSP above, no framing, no MIME sniffing, a strict
 * referrer policy, and hono's isolation headers. COOP is same-origin-allow-popups so the app keeps its link to an
 * identity provider's popup (auth/popup-headers.ts).
 */
export function appSecureHeaders({ hsts }: { hsts: boolean }) {
  return secureHeaders({
    contentSecurityPolicy: CSP,
    crossOriginOpenerPolicy: "same-origin-allow-popups",
    referrerPolicy: "strict-origin-when-cross-origin",
    xFrameOptions: "DENY",
    // Only behind TLS: a browser that saw HSTS on plain http://localhost would refuse it later.
    strictTransportSecurity: hsts ? "max-age=31536000" : false,
  });
}
