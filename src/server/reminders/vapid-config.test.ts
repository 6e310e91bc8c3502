// The VAPID keys of the configuration: from the environment as a pair, else generated once into
// DATA_DIR and kept, so that the browsers' subscriptions survive a restart.
import { createECDH } from "node:crypto";
import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import webpush from "web-push";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../config";

const fresh = () => mkdtempSync(join(tmpdir(), "hs-vapid-"));
const base = (dataDir: string) => ({ DATA_DIR: dataDir, AUTH_SECRET: "x".repeat(32) });

describe("VAPID keys in the configuration", () => {
  it("generates a P-256 pair into DATA_DIR on first start and reads it again after", () => {
    const dataDir = fresh();
    const first = loadConfig(base(dataDir)).vapid;
    expect(first.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(first.privateKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.subject).toBe("mailto:feedback@example.com");
    // The private key belongs to the public one
    const ecdh = createECDH("prime256v1");
    ecdh.setPrivateKey(Buffer.from(first.privateKey, "base64url"));
    expect(ecdh.getPublicKey().toString("base64url")).toBe(first.publicKey);
    const file = join(dataDir, "vapid-keys.json");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({
      publicKey: first.publicKey,
      privateKey: first.privateKey,
    });
    expect(loadConfig(base(dataDir)).vapid).toEqual(first);
    // web-push accepts them as they are
    expect(() =>
      webpush.getVapidHeaders(
        "https://push.example.com",
        first.subject,
        first.publicKey,
        first.privateKey,
        "aes128gcm",
      ),
    ).not.toThrow();
  });

  it("takes the pair and the subject from the environment", () => {
    const keys = webpush.generateVAPIDKeys();
    const config = loadConfig({
      ...base(fresh()),
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
      VAPID_SUBJECT: "https://habits.example.com",
    });
    expect(config.vapid).toEqual({ ...keys, subject: "https://habits.example.com" });
  });

  it("refuses half a pair, a malformed key and a subject that is neither mailto: nor https:, never echoing the private key", () => {
    const keys = webpush.generateVAPIDKeys();
    expect(() => loadConfig({ ...base(fresh()), VAPID_PUBLIC_KEY: keys.publicKey })).toThrow(
      /VAPID_PRIVATE_KEY must be set together with VAPID_PUBLIC_KEY/,
    );
    const secret = "s3cret-" + "x".repeat(30);
    let message = "";
    try {
      loadConfig({ ...base(fresh()), VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: secret });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    expect(message).toMatch(/^VAPID_PRIVATE_KEY: expected a P-256 private key/);
    expect(message).not.toContain(secret);
    expect(() => loadConfig({ ...base(fresh()), VAPID_SUBJECT: "http://habits.example.com" })).toThrow(
      /VAPID_SUBJECT: expected mailto:/,
    );
  });
});
