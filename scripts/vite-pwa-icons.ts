// Renders the app's PNG icons from src/web/public/favicon.svg at build, so the installable app's icons never drift
// from the favicon. resvg's binary ships inside its npm package: nothing is downloaded at build.
import { Resvg } from "@resvg/resvg-js";
import { readFileSync } from "node:fs";
import type { Plugin } from "vite";

export type PwaIcon = { src: string; sizes: string; type: "image/png"; purpose: "any" | "maskable" };

type IconSpec = { file: string; size: number; maskable: boolean };

const SPECS: readonly IconSpec[] = [
  { file: "icons/icon-192.png", size: 192, maskable: false },
  { file: "icons/icon-512.png", size: 512, maskable: false },
  { file: "icons/maskable-192.png", size: 192, maskable: true },
  { file: "icons/maskable-512.png", size: 512, maskable: true },
  // iOS ignores the manifest's icons and rounds the corners itself: full bleed, like a maskable icon.
  { file: "icons/apple-touch-icon-180.png", size: 180, maskable: true },
];

/** The icons the manifest lists (the apple-touch icon is linked from index.html instead). */
export const manifestIcons: PwaIcon[] = SPECS.filter((s) => !s.file.includes("apple")).map((s) => ({
  src: `/${s.file}`,
  sizes: `${s.size}x${s.size}`,
  type: "image/png",
  purpose: s.maskable ? "maskable" : "any",
}));

// A maskable icon is cropped to a circle of 80 % of its width: the favicon sits in that safe zone on a full-bleed
// background of its own colour, so any mask shape shows the same mark.
function maskableSvg(favicon: string, background: string): string {
  const inner = `data:image/svg+xml;base64,${Buffer.from(favicon).toString("base64")}`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 100 100">` +
    `<rect width="100" height="100" fill="${background}"/>` +
    `<image x="14" y="14" width="72" height="72" href="${inner}" xlink:href="${inner}"/></svg>`
  );
}

function renderPng(svg: string, size: number): Buffer {
  return new Resvg(svg, { fitTo: { mode: "width", value: size } }).render().asPng();
}

/** Emits the PNG icons into the build and links the apple-touch icon from index.html. */
export function pwaIcons({ source, background }: { source: string; background: string }): Plugin {
  return {
    name: "habit-streaks:pwa-icons",
    apply: "build",
    generateBundle() {
      const favicon = readFileSync(source, "utf8");
      for (const spec of SPECS) {
        const svg = spec.maskable ? maskableSvg(favicon, background) : favicon;
        this.emitFile({ type: "asset", fileName: spec.file, source: renderPng(svg, spec.size) });
      }
    },
    transformIndexHtml: () => [
      {
        tag: "link",
        attrs: { rel: "apple-touch-icon", href: "/icons/apple-touch-icon-180.png" },
        injectTo: "head",
      },
    ],
  };
}
