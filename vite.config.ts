import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { pwaPlugins } from "./scripts/vite-pwa.ts";

/**
 * The app's stylesheet stops blocking the first paint (issue 11, LCP): index.html styles its splash inline, the
 * stylesheet's link becomes a print stylesheet (fetched at once at a low priority, blocking nothing; a preload's
 * highest priority made Lighthouse count it in the first paint) and lib/app-styles.ts, from the entry, adds it for
 * every medium; the session gate opens only once it is in, so the app never shows unstyled.
 */
const nonBlockingStylesheet = (): Plugin => ({
  name: "habit-streaks:non-blocking-stylesheet",
  apply: "build",
  transformIndexHtml: {
    order: "post",
    handler(html) {
      const link = /<link rel="stylesheet" crossorigin href="([^"]+\.css)">/g;
      const found = html.match(link)?.length ?? 0;
      if (found !== 1) throw new Error(`index.html: expected one stylesheet link, found ${found}`);
      return html.replace(
        link,
        '<link rel="stylesheet" crossorigin href="$1" media="print" data-app-styles>',
      );
    },
  },
});

export default defineConfig({
  root: "src/web",
  publicDir: "public",
  plugins: [react(), tailwindcss(), nonBlockingStylesheet(), ...pwaPlugins("src/web/public/favicon.svg")],
  build: {
    outDir: "../../dist/web",
    emptyOutDir: true,
    sourcemap: false,
    // No modulepreload polyfill (0.35 KiB of the initial file): the entry is one file, and a browser without
    // modulepreload (Safari < 17, Firefox < 115) still loads a lazy chunk's imports, only without preloading them.
    modulePreload: { polyfill: false },
    // Everything the first screen loads goes in one file (docs/decisions/0030): no modulepreload cascade of small
    // shared chunks, and one gzip stream instead of ten, 2.5 KiB smaller; pages loaded on demand stay split.
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: "index", tags: ["$initial"] }] } } },
  },
  server: { port: 5173, proxy: { "/api": "http://localhost:3000" } },
});
