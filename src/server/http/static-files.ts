// The built web app's files (docs/decisions/0059-server-read-path.md): compressed once at build by scripts/precompress.mjs
// (a .br and a .gz beside each text file), sent precompressed by the request's Accept-Encoding (brotli first).
import type { Context, MiddlewareHandler } from "hono";
import { serveStatic } from "@hono/node-server/serve-static";
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from "hono/compress";
import { getMimeType } from "hono/utils/mime";

/** Hashed names (/assets/*) never change content: a browser keeps them a year without asking. */
export const IMMUTABLE = "public, max-age=31536000, immutable";
/** The page, the service worker and the manifest must be checked on every visit, or a release is seen late. */
export const REVALIDATE = "no-cache";

const ALWAYS_CHECKED = new Set(["/sw.js", "/manifest.webmanifest"]);

function cacheControlOf(path: string): string | undefined {
  if (path.startsWith("/assets/")) return IMMUTABLE;
  if (ALWAYS_CHECKED.has(path) || path === "/" || path.endsWith(".html")) return REVALIDATE;
  return undefined;
}

/** The answer depends on Accept-Encoding whenever a compressed copy could have been chosen. */
const compressible = (file: string) =>
  COMPRESSIBLE_CONTENT_TYPE_REGEX.test(getMimeType(file.replace(/\.(br|gz)$/, "")) ?? "");

const onFound = (file: string, c: Context) => {
  const cacheControl = cacheControlOf(c.req.path);
  if (cacheControl) c.header("Cache-Control", cacheControl);
  if (compressible(file)) c.header("Vary", "Accept-Encoding");
};

/** Real files under `root`; a path with no file goes on to the next handler. */
export const staticFiles = (root: string): MiddlewareHandler =>
  serveStatic({ root, precompressed: true, onFound });

/** The app's page, index.html, for every client route (never long-cached). */
export const appPage = (root: string): MiddlewareHandler =>
  serveStatic({
    root,
    path: "index.html",
    precompressed: true,
    onFound: (_file, c) => {
      c.header("Cache-Control", REVALIDATE);
      c.header("Vary", "Accept-Encoding");
    },
  });
