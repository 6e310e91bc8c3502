// Compresses the built web app once (docs/decisions/0059-server-read-path.md): a .br (brotli, quality 11) and a
// .gz (gzip, level 9) beside each text file, kept only when smaller; the server sends them by Accept-Encoding
// (src/server/http/static-files.ts) instead of compressing on every request. Run after `vite build`.
// Usage: node scripts/precompress.mjs [dir]   (default dist/web)
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const DIR = process.argv[2] ?? "dist/web";
// And WebAssembly (sql.js for the Loop import, docs/decisions/0036): 672 KiB, 284 KiB as brotli.
const TEXT = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml|map|wasm)$/;
// Below this a compressed copy saves less than a packet.
const MIN_BYTES = 512;

/** Every file under `dir`, recursively. */
function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

let count = 0;
let before = 0;
let brotli = 0;
for (const path of [...files(DIR)]) {
  if (/\.(?:br|gz)$/.test(path)) continue;
  // A copy left by an earlier build of another file would be sent for this one.
  for (const ext of [".br", ".gz"]) rmSync(path + ext, { force: true });
  if (!TEXT.test(path) || statSync(path).size < MIN_BYTES) continue;
  const data = readFileSync(path);
  const br = brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  const gz = gzipSync(data, { level: 9 });
  if (br.length < data.length) writeFileSync(`${path}.br`, br);
  if (gz.length < data.length) writeFileSync(`${path}.gz`, gz);
  count++;
  before += data.length;
  brotli += Math.min(br.length, data.length);
}
const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
console.log(`precompressed ${count} files in ${DIR}: ${kib(before)} -> ${kib(brotli)} brotli`);
