import { secureHeaders } from "hono/secure-headers";

// One CSP for every page: our own scripts and styles only, no framing, no plugins.
export const securityHeaders = ({ hsts }: { hsts: boolean }) =>
  secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      // 'wasm-unsafe-eval' lets WebAssembly compile (sql.js reads a Loop backup, docs/decisions/0036); JS eval stays off.
      scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "data:", "https:"],
      connectSrc: ["'self'"],
      // The service worker (and its Workbox runtime, loaded by importScripts) and the web app manifest.
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      fontSrc: ["'self'", "data:"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    xFrameOptions: "DENY",
    referrerPolicy: "strict-origin-when-cross-origin",
    // Only behind TLS: a browser that saw HSTS on plain http://localhost would refuse it later.
    strictTransportSecurity: hsts ? "max-age=31536000" : false,
  });
