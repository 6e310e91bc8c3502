// The OpenAPI document: served without signing in and cacheable, covering every route the server
// registers, every error code and both ways to sign in; the reference page is self-contained; and the check that
// holds every API test's answers to the document (test/support/openapi-check.ts) finds what it should.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { API_ERROR_CODES } from "../../core/contract";
import { contract } from "../../core/contract-schema";
import { testDialects } from "../../../test/support/databases";
import { answerFaults, observeAnswer } from "../../../test/support/openapi-check";
import { useTestServer, type TestUser } from "../../../test/support/api-server";
import { CONTRACT_META } from "./api-routes";
import { openApiPath, type OpenApiDocument } from "./document";

const [sqlite] = testDialects();

describe("the OpenAPI document", () => {
  const t = useTestServer(sqlite!, undefined, { transport: "in-process" });
  let doc: OpenApiDocument;
  let ada: TestUser;
  beforeAll(async () => {
    const res = await t.call<OpenApiDocument>(null, "GET", "/api/openapi.json");
    expect(res.status).toBe(200);
    doc = res.body;
    ada = await t.signUp();
  });

  it("is served to anyone, as OpenAPI 3.1, cacheable with an ETag", async () => {
    expect(doc.openapi).toBe("3.1.0");
    const res = await t.call(null, "GET", "/api/openapi.json");
    expect(res.headers.get("cache-control")).toMatch(/public, max-age=\d+/);
    const etag = res.headers.get("etag");
    expect(etag).toMatch(/^".+"$/);
    const again = await t.call(null, "GET", "/api/openapi.json", { headers: { "if-none-match": etag! } });
    expect(again.status).toBe(304);
    expect(again.body).toBe("");
  });

  it("lists every route the server registers under /api, and no other", () => {
    const registered = new Set(
      t.running.app.routes
        .filter((r) => r.method !== "ALL" && r.path.startsWith("/api/") && !r.path.endsWith("*"))
        .map((r) => `${r.method} ${openApiPath(r.path)}`),
    );
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([path, methods]) =>
        Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
      ),
    );
    const ours = [...documented].filter((route) => !route.includes(" /api/auth/"));
    expect([...registered].filter((route) => !documented.has(route))).toEqual([]);
    expect(ours.filter((route) => !registered.has(route))).toEqual([]);
    // Better Auth's catch-all: the endpoints the web calls.
    for (const path of ["sign-up/email", "sign-in/email", "sign-out", "get-session"])
      expect(Object.keys(doc.paths)).toContain(`/api/auth/${path}`);
  });

  it("passes `redocly lint` (the recommended rules, less three: redocly.yaml) with no error and no warning", async () => {
    const dir = mkdtempSync(join(tmpdir(), "hs-openapi-"));
    try {
      const file = join(dir, "openapi.json");
      writeFileSync(file, JSON.stringify(doc));
      const config = join(import.meta.dirname, "redocly.yaml");
      const cli = join(process.cwd(), "node_modules/@redocly/cli/bin/cli.js");
      const { stdout } = await promisify(execFile)(
        process.execPath,
        [cli, "lint", file, "--config", config, "--format=json"],
        {
          timeout: 60_000,
          // No telemetry, update check or notice: the lint runs on this machine only.
          env: {
            ...process.env,
            REDOCLY_TELEMETRY: "off",
            REDOCLY_SUPPRESS_UPDATE_NOTICE: "true",
            REDOCLY_SUPPRESS_NOTIFICATIONS: "true",
          },
        },
      );
      const report = JSON.parse(stdout) as {
        totals: { errors: number; warnings: number };
        problems: unknown[];
      };
      expect(report.problems).toEqual([]);
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("describes every route of the contract in words", () => {
    expect(Object.keys(contract).filter((route) => !(route in CONTRACT_META))).toEqual([]);
  });

  it("names every error code and the error body, and both ways to sign in", () => {
    const schemas = doc.components.schemas as Record<string, { enum?: string[] }>;
    expect(schemas.ApiErrorCode?.enum).toEqual([...API_ERROR_CODES]);
    expect(JSON.stringify(schemas.ApiError)).toContain("#/components/schemas/ApiErrorCode");
    expect(doc.components.securitySchemes).toMatchObject({
      sessionCookie: { type: "apiKey", in: "cookie" },
      bearerToken: { type: "http", scheme: "bearer" },
    });
    const mark = doc.paths["/api/habits/{id}/completions/{date}"]?.put;
    expect(mark?.security).toEqual([{ sessionCookie: [] }, { bearerToken: [] }]);
    expect(doc.paths["/api/tokens"]?.post?.security).toEqual([{ sessionCookie: [] }]);
    expect(doc.paths["/api/health"]?.get?.security).toEqual([]);
    for (const [path, methods] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(methods)) {
        expect(op.summary, `${method} ${path}`).not.toBe("");
        if (op.security.length > 0) expect(Object.keys(op.responses), `${method} ${path}`).toContain("401");
      }
  });

  it("serves a reference page with an anchor per route and nothing from elsewhere", async () => {
    const res = await t.call<string>(null, "GET", "/api/docs");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    expect(res.headers.get("content-security-policy")).toContain("script-src 'self'");
    const page = res.body;
    for (const methods of Object.values(doc.paths))
      for (const op of Object.values(methods)) {
        expect(page).toContain(`id="${op.operationId}"`);
        expect(page).toContain(`href="#${op.operationId}"`);
      }
    expect(page).not.toMatch(/<script|<link|<img|<iframe|@import|url\(/i);
    expect(page).not.toMatch(/(src|href)="(https?:)?\/\//i);
    expect(page).toContain("/api/openapi.json");
  });

  it("holds an answer the document does not describe to account", async () => {
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
    observeAnswer("GET", "/api/profile", json({ id: 1 }));
    observeAnswer("GET", "/api/profile", json({ error: { code: "UNAUTHENTICATED", message: "x" } }, 418));
    observeAnswer("GET", "/api/nowhere", json({ ok: true }));
    observeAnswer("POST", "/api/tokens", json({ error: { code: "NOT_A_CODE", message: "x" } }, 400));
    observeAnswer("GET", "/api/docs", json({}));
    const faults = await answerFaults();
    expect(faults).toHaveLength(5);
    expect(faults).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^GET \/api\/profile → 200: body must have required property 'email'/),
        expect.stringMatching(/^GET \/api\/profile → 418: status not documented/),
        expect.stringMatching(/^GET \/api\/nowhere → 200: no such route/),
        expect.stringMatching(/^POST \/api\/tokens → 400: .*code/),
        expect.stringMatching(/^GET \/api\/docs → 200: application\/json where the document says text\/html/),
      ]),
    );
    // And the real ones pass.
    expect((await t.call(ada, "GET", "/api/profile")).status).toBe(200);
    expect((await t.call(null, "GET", "/api/nowhere")).status).toBe(404);
    expect(await answerFaults()).toEqual([]);
  });
});
