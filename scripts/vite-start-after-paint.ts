// The app's code starts after the splash's first paint (LCP; docs/decisions/0060-web-start.md).
// Vite writes the entry's module script, its modulepreload links and the stylesheet's link into index.html, where
// Chromium fetches them at once; on loopback they can finish before the splash paints, and Lighthouse's simulation
// then counts them in LCP. This build step takes those tags out and hands their URLs to index.html's start script
// (`<script data-app-start>`), which adds them once the splash has painted. vite.config.ts adds the plugin.
import type { Plugin } from "vite";

const ENTRY = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/g;
const PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;
const STYLES = /<link rel="stylesheet" crossorigin href="([^"]+\.css)">\s*/g;
const START = "<script data-app-start>";

/** Every URL the pattern captures in `html`, and `html` without those tags. */
function take(html: string, pattern: RegExp): [string[], string] {
  const urls = [...html.matchAll(pattern)].map((match) => match[1]!);
  return [urls, html.replace(pattern, "")];
}

export const startAfterPaint = (): Plugin => ({
  name: "habit-streaks:start-after-paint",
  apply: "build",
  transformIndexHtml: {
    order: "post",
    handler(source) {
      const [entries, withoutEntry] = take(source, ENTRY);
      const [preloads, withoutPreloads] = take(withoutEntry, PRELOAD);
      const [styles, html] = take(withoutPreloads, STYLES);
      if (entries.length !== 1)
        throw new Error(`index.html: expected one entry script, found ${entries.length}`);
      if (styles.length !== 1)
        throw new Error(`index.html: expected one stylesheet link, found ${styles.length}`);
      if (html.split(START).length !== 2) throw new Error(`index.html: expected one ${START}`);
      const attributes = `data-entry="${entries[0]}" data-preload="${preloads.join(" ")}" data-styles="${styles[0]}"`;
      return html.replace(START, `<script data-app-start ${attributes}>`);
    },
  },
});
