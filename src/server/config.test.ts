import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

const dataDir = mkdtempSync(join(tmpdir(), "hs-config-"));
const base = { DATA_DIR: dataDir, AUTH_SECRET: "x".repeat(32) };
const load = (env: Record<string, string>) => loadConfig({ ...base, ...env });

describe("loadConfig", () => {
  it("gives every variable its default", () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.port).toBe(3000);
    expect(config.host).toBe("0.0.0.0");
    expect(config.baseUrl).toBe("http://localhost:3000");
    expect(config.databaseUrl).toBe(`sqlite:${join(dataDir, "habit-streaks.db")}`);
    expect(config.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(config.trustProxy).toBe(false);
    expect(config.pushAllowPrivateHosts).toBe(false);
    expect(config.rateLimit).toEqual({ window: 60, max: 5, signUpMax: 5, resetMax: 3 });
    expect(config.userLimits).toEqual({ maxHabits: 500, maxDays: 100_000, writeRateMax: 300 });
    expect(config.logLevel).toBe("info");
    expect(config.syncStreamsMax).toBe(1000);
    expect(config.smtpUrl).toBeNull();
    expect(config.google).toBeNull();
    expect(config.oidc).toBeNull();
  });

  it("reads valid values", () => {
    const config = load({
      PORT: "8080",
      TRUST_PROXY: "true",
      PUSH_ALLOW_PRIVATE_HOSTS: "true",
      SIGN_IN_RATE_MAX: "7",
      BASE_URL: "https://habits.example.com/",
      TRUSTED_ORIGINS: "https://a.example, http://b.example:8080",
      DATABASE_URL: "postgres://u:p@db:5432/habits",
      USER_WRITE_RATE_MAX: "1000",
      SYNC_STREAMS_MAX: "50",
    });
    expect(config.port).toBe(8080);
    expect(config.trustProxy).toBe(true);
    expect(config.pushAllowPrivateHosts).toBe(true);
    expect(config.rateLimit.max).toBe(7);
    expect(config.baseUrl).toBe("https://habits.example.com");
    expect(config.trustedOrigins).toEqual([
      "https://habits.example.com",
      "https://a.example",
      "http://b.example:8080",
    ]);
    expect(config.userLimits.writeRateMax).toBe(1000);
    expect(config.syncStreamsMax).toBe(50);
  });

  it("treats an empty value as unset", () => {
    expect(load({ SMTP_URL: "", PORT: "" }).port).toBe(3000);
  });

  it.each([
    ["SIGN_IN_RATE_MAX", "five", /SIGN_IN_RATE_MAX: expected a count: a whole number.*got "five"/],
    ["SIGN_IN_RATE_MAX", "0", /SIGN_IN_RATE_MAX: expected a count from 1/],
    ["PORT", "70000", /PORT: expected a port number from 0 to 65535.*got "70000"/],
    ["PORT", "80.5", /PORT: expected a port number/],
    ["TRUST_PROXY", "yes", /TRUST_PROXY: expected "true" or "false".*got "yes"/],
    ["PUSH_ALLOW_PRIVATE_HOSTS", "on", /PUSH_ALLOW_PRIVATE_HOSTS: expected "true" or "false".*got "on"/],
    ["AUTH_SECRET", "short", /AUTH_SECRET: expected at least 32 characters$/],
    ["DATABASE_URL", "mysql://u:p@h/db", /DATABASE_URL: expected postgres:\/\/.* or sqlite:/],
    ["BASE_URL", "habits.example.com", /BASE_URL: expected the public URL starting with http/],
    [
      "TRUSTED_ORIGINS",
      "https://a.example/path",
      /TRUSTED_ORIGINS: expected a comma-separated list of origins/,
    ],
    ["SMTP_URL", "mail.example.com", /SMTP_URL: expected smtp:\/\//],
    ["FEEDBACK_EMAIL", "nobody", /FEEDBACK_EMAIL: expected an e-mail address/],
    ["LOG_LEVEL", "loud", /LOG_LEVEL: expected one of/],
    ["USER_MAX_HABITS", "-1", /USER_MAX_HABITS: expected a count/],
    ["USER_MAX_DAYS", "1e9", /USER_MAX_DAYS: expected a count/],
    ["SIGN_IN_RATE_WINDOW", "60s", /SIGN_IN_RATE_WINDOW: expected seconds/],
    ["SYNC_STREAMS_MAX", "0", /SYNC_STREAMS_MAX: expected a count from 1/],
  ])("refuses %s=%s, naming the variable and what is expected", (name, value, message) => {
    expect(() => load({ [name]: value })).toThrow(ConfigError);
    expect(() => load({ [name]: value })).toThrow(message);
  });

  it("refuses half a provider", () => {
    expect(() => load({ GOOGLE_CLIENT_ID: "id" })).toThrow(/GOOGLE_CLIENT_SECRET must be set together/);
    expect(() => load({ OIDC_ISSUER: "https://id.example" })).toThrow(/OIDC_CLIENT_ID must be set together/);
  });

  it("stops the server with exit code 1 and the message on a bad value", () => {
    const result = spawnSync(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
      // Not process.env: vitest sets BASE_URL="/" for the web build.
      env: { PATH: process.env.PATH, ...base, SIGN_IN_RATE_MAX: "five", PORT: "0" },
      encoding: "utf8",
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("Configuration error: SIGN_IN_RATE_MAX: expected a count");
  });
});
