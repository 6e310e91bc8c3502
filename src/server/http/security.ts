// One CSP for every page: our own scripts and styles only, no framing, no plugins.
const CSP: Record<string, readonly string[]> = {
  "default-src": ["'self'"],
  // 'wasm-unsafe-eval' lets WebAssembly compile (sql.js reads a Loop backup, docs/decisions/0036); JS eval stays off.
  // index.html's two inline scripts by their hashes: the theme's, and the one that starts the app after the first
  // paint (docs/decisions/0060-web-start.md); test/inline-script-csp.test.ts recomputes them.
  "script-src": [
    "'self'",
    "'wasm-unsafe-eval'",
    "'sha256-O4DfTvEWpiiF/xYwxeJU7/lqF4jK5hO/a9OryTYoCuo='",
    "'sha256-+9RgF0K9B+fy2PcuMXXgevllkV0kHmnV9fUhuTuJvSY='",
  ],
  "style-src": ["'self'", "'unsafe-inline'"],
  "img-src": ["'self'", "data:", "https:"],
  "connect-src": ["'self'"],
  // The service worker and the web app manifest.
  "worker-src": ["'self'"],
  "manifest-src": ["'self'"],
  "font-src": ["'self'", "data:"],
  "object-src": ["'none'"],
  "base-uri": ["'self'"],
  "form-action": ["'self'"],
  "frame-ancestors": ["'none'"],
};

/**
 * The security headers of every answer, as [name, value], built once (http/frame.ts sets them): the CSP above, no
 * framing, no MIME sniffing, a strict referrer policy, and the usual isolation headers. COOP is
 * same-origin-allow-popups so the app keeps its link to an identity provider's popup (auth/popup-headers.ts).
 */
export function securityHeaderList({ hsts }: { hsts: boolean }): readonly (readonly [string, string])[] {
  const list: [string, string][] = [
    ["Cross-Origin-Resource-Policy", "same-origin"],
    ["Cross-Origin-Opener-Policy", "same-origin-allow-popups"],
    ["Origin-Agent-Cluster", "?1"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["X-Content-Type-Options", "nosniff"],
    ["X-DNS-Prefetch-Control", "off"],
    ["X-Download-Options", "noopen"],
    ["X-Frame-Options", "DENY"],
    ["X-Permitted-Cross-Domain-Policies", "none"],
    ["X-XSS-Protection", "0"],
    [
      "Content-Security-Policy",
      Object.entries(CSP)
        .map(([directive, sources]) => `${directive} ${sources.join(" ")}`)
        .join("; "),
    ],
  ];
  // Only behind TLS: a browser that saw HSTS on plain http://localhost would refuse it later.
  if (hsts) list.splice(5, 0, ["Strict-Transport-Security", "max-age=31536000"]);
  return list;
}
