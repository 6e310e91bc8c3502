// GET /api/openapi.json and GET /api/docs: public, built once per process, cacheable with an ETag.
import { createHash } from "node:crypto";
import { Hono, type Context } from "hono";
import type { AppEnv } from "../http/env";
import { buildOpenApiDocument } from "./document";
import { renderDocsPage } from "./docs-page";

const etagOf = (text: string) => `"${createHash("sha256").update(text).digest("base64url").slice(0, 27)}"`;

function cached(c: Context<AppEnv>, body: string, etag: string, type: string) {
  c.header("ETag", etag);
  // An hour in caches, then revalidated; the document changes only with a new release.
  c.header("Cache-Control", "public, max-age=3600, must-revalidate");
  if (c.req.header("if-none-match") === etag) return c.body(null, 304);
  return c.body(body, 200, { "content-type": type });
}

export function openApiRoutes(baseUrl: string) {
  const document = buildOpenApiDocument(baseUrl);
  const json = JSON.stringify(document);
  const page = renderDocsPage(document);
  const [jsonTag, pageTag] = [etagOf(json), etagOf(page)];
  return new Hono<AppEnv>()
    .get("/openapi.json", (c) => cached(c, json, jsonTag, "application/json; charset=UTF-8"))
    .get("/docs", (c) => cached(c, page, pageTag, "text/html; charset=UTF-8"));
}
