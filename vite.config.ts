import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { pwaPlugins } from "./scripts/vite-pwa.ts";
import { startAfterPaint } from "./scripts/vite-start-after-paint.ts";

export default defineConfig({
  root: "src/web",
  publicDir: "public",
  plugins: [react(), tailwindcss(), startAfterPaint(), ...pwaPlugins("src/web/public/favicon.svg")],
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
