// Static files compressed once at build (scripts/precompress.mjs) and sent by Accept-Encoding, with cache lifetimes
// by kind: hashed assets a year, the page, the service worker and the manifest checked on every visit.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { testDialects } from "../../../test/support/databases";
import { useTestServer } from "../../../test/support/api-server";
import { IMMUTABLE, REVALIDATE } from "./static-files";

const web = mkdtempSync(join(tmpdir(), "hs-static-"));
mkdirSync(join(web, "assets"));
const script = `export const days = [${Array.from({ length: 400 }, (_, i) => `"day ${i}"`).join(",")}];\n`;
const page = `<!doctype html><html><head><title>Habit Streaks</title></head><body>${"<p>splash</p>".repeat(80)}</body></html>`;
const files: Record<string, string> = {
  "index.html": page,
  "assets/index-AbC123.js": script,
  "sw.js": `self.addEventListener("fetch", () => {});${" ".repeat(600)}`,
  "manifest.webmanifest": JSON.stringify({ name: "Habit Streaks", description: "x".repeat(600) }),
};
for (const [name, text] of Object.entries(files)) writeFileSync(join(web, name), text);
execFileSync(process.execPath, ["scripts/precompress.mjs", web]);
afterAll(() => rmSync(web, { recursive: true, force: true }));

const [sqlite] = testDialects();

describe("precompressed static files", () => {
  const t = useTestServer(sqlite!, undefined, { env: { WEB_DIR: web }, transport: "in-process" });
  const get = (path: string, encoding?: string) =>
    t.running.app.request(`http://localhost${path}`, {
      headers: encoding === undefined ? {} : { "accept-encoding": encoding },
    });
  const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer());

  it("writes a .br and a .gz beside each text file", () => {
    for (const name of Object.keys(files)) {
      const original = readFileSync(join(web, name));
      expect(brotliDecompressSync(readFileSync(join(web, `${name}.br`)))).toEqual(original);
      expect(gunzipSync(readFileSync(join(web, `${name}.gz`)))).toEqual(original);
    }
  });

  it("sends brotli, gzip or the file as it is by Accept-Encoding, always the same content", async () => {
    const path = "/assets/index-AbC123.js";
    const br = await get(path, "gzip, deflate, br");
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(brotliDecompressSync(await bytes(br)).toString()).toBe(script);
    const gz = await get(path, "gzip");
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(await bytes(gz)).toString()).toBe(script);
    const plain = await get(path);
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect((await bytes(plain)).toString()).toBe(script);
    for (const res of [br, gz, plain]) {
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^text\/javascript/);
      expect(res.headers.get("vary")).toBe("Accept-Encoding");
      expect(res.headers.get("cache-control")).toBe(IMMUTABLE);
    }
    expect(Number(br.headers.get("content-length"))).toBeLessThan(script.length / 3);
  });

  it("never long-caches the page, the service worker or the manifest", async () => {
    for (const path of ["/", "/index.html", "/sw.js", "/manifest.webmanifest", "/habits/some-client-route"]) {
      const res = await get(path, "br, gzip");
      expect(res.status, path).toBe(200);
      expect(res.headers.get("cache-control"), path).toBe(REVALIDATE);
      expect(res.headers.get("content-encoding"), path).toBe("br");
      expect(res.headers.get("vary"), path).toBe("Accept-Encoding");
      const name = path === "/" || path.startsWith("/habits") ? "index.html" : path.slice(1);
      expect(brotliDecompressSync(await bytes(res)).toString(), path).toBe(files[name]);
    }
  });
});
