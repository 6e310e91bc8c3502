// Initial JavaScript budget (docs/decisions/0060-web-start.md): the gzipped size of every script that
// dist/web/index.html loads at once (classic and module scripts and their modulepreload links, and the entry and
// preloads its start script adds after the first paint: data-entry, data-preload), and the workers they start. Run
// after `npm run build`; exits 1 over budget.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const WEB_DIR = process.argv[2] ?? "dist/web";
const BUDGET_KIB = 100; // docs/decisions/0060

const html = readFileSync(join(WEB_DIR, "index.html"), "utf8");
const attr = (tag, name) => new RegExp(`\\s${name}="([^"]+)"`).exec(tag)?.[1];
const files = new Set();
for (const [tag] of html.matchAll(/<script\b[^>]*>/g)) {
  for (const name of ["src", "data-entry", "data-preload"])
    for (const url of attr(tag, name)?.split(" ") ?? []) if (url) files.add(url);
}
for (const [tag] of html.matchAll(/<link\b[^>]*>/g)) {
  const href = attr(tag, "href");
  if (attr(tag, "rel") === "modulepreload" && href) files.add(href);
}
// Workers those scripts start (warm-intl's, at once) load with them.
for (const file of [...files]) {
  const code = readFileSync(join(WEB_DIR, file.replace(/^\//, "")), "utf8");
  for (const [name] of code.matchAll(/[\w.-]+\.worker-[\w-]+\.js/g)) files.add(`/assets/${name}`);
}
if (files.size === 0) {
  console.error(`No scripts found in ${join(WEB_DIR, "index.html")}`);
  process.exit(1);
}

let total = 0;
for (const file of files) {
  const size = gzipSync(readFileSync(join(WEB_DIR, file.replace(/^\//, "")))).length;
  total += size;
  console.log(`${(size / 1024).toFixed(2).padStart(8)} KiB  ${file}`);
}
const kib = total / 1024;
console.log(`${kib.toFixed(2).padStart(8)} KiB  initial JavaScript, gzipped (budget ${BUDGET_KIB} KiB)`);
if (kib > BUDGET_KIB) {
  console.error(`Over budget by ${(kib - BUDGET_KIB).toFixed(2)} KiB`);
  process.exit(1);
}
