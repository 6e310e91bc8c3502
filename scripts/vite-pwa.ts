// The installable app (docs/decisions/0022): web app manifest, icons rendered at build, and a service worker
// (src/web/sw.ts) that precaches the app shell and shows reminders. vite.config.ts adds these plugins.
import { VitePWA } from "vite-plugin-pwa";
import { manifestIcons, pwaIcons } from "./vite-pwa-icons.ts";

// Light and dark match the header and page background of each theme; index.html has both theme-color metas.
export const themeColours = {
  light: { theme: "#ffffff", background: "#f8fafc" },
  dark: { theme: "#0f172a", background: "#020617" },
} as const;
const BRAND = "#4f46e5"; // the favicon's own fill: a maskable icon's full-bleed background

export const pwaPlugins = (faviconPath: string) => [
  pwaIcons({ source: faviconPath, background: BRAND }),
  VitePWA({
    // Registration is our own (src/web/lib/pwa/register-service-worker.ts), after the load event.
    injectRegister: false,
    registerType: "autoUpdate",
    includeManifestIcons: false,
    manifest: {
      id: "/",
      name: "Habit Streaks",
      short_name: "Streaks",
      description: "Keep daily habits and build day streaks.",
      start_url: "/",
      scope: "/",
      display: "standalone",
      orientation: "any",
      lang: "en",
      theme_color: themeColours.light.theme,
      background_color: themeColours.light.background,
      icons: manifestIcons,
    },
    // Our own service worker (src/web/sw.ts: it also shows reminders), built by Vite into sw.js; Workbox
    // injects the precache list into it. It precaches, routes navigations and updates as generateSW did.
    strategies: "injectManifest",
    srcDir: ".",
    filename: "sw.ts",
    injectManifest: {
      globPatterns: ["**/*.{js,css,html,svg,png}"],
      // A classic script, as the generated one was: every browser with service workers runs it.
      rollupFormat: "iife",
      sourcemap: false,
    },
  }),
];
