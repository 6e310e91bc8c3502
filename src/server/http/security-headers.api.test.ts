import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { startServer, type RunningServer } from "../server";

// Behind TLS: BASE_URL is https, the server itself listens on plain http behind the proxy.
describe("security headers under an https BASE_URL", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "hs-https-"));
  let server: RunningServer;
  beforeAll(async () => {
    const config = loadConfig({
      PORT: "0",
      HOST: "127.0.0.1",
      BASE_URL: "https://habits.example.com",
      DATA_DIR: dataDir,
      AUTH_SECRET: "https-secret-https-secret-https-secret",
      LOG_LEVEL: "silent",
    });
    server = await startServer(config);
  });
  afterAll(async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("sends Strict-Transport-Security on pages and API answers", async () => {
    for (const path of ["/api/health", "/api/no-such-route", "/login"]) {
      const res = await server.app.request(`https://habits.example.com${path}`);
      expect(res.headers.get("strict-transport-security"), path).toBe("max-age=31536000");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    }
  });

  it("accepts writes from the https origin and refuses them from its http twin", async () => {
    const write = (origin: string) =>
      server.app.request("https://habits.example.com/api/profile", {
        method: "PATCH",
        headers: { origin, cookie: "x=1", "content-type": "application/json" },
        body: "{}",
      });
    expect((await write("http://habits.example.com")).status).toBe(403);
    // Past the Origin check, the made-up cookie is no session.
    expect((await write("https://habits.example.com")).status).toBe(401);
  });
});
