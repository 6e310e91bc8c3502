import { hashPassword as betterAuthHash } from "better-auth/crypto";
import { describe, expect, it } from "vitest";
import { createPasswordHasher, hashPassword, SCRYPT_PARAMS, verifyPassword } from "./password-hash";

describe("password hashing", () => {
  it("uses scrypt at OWASP parameters, with the parameters and a fresh salt in the hash", async () => {
    expect(SCRYPT_PARAMS).toEqual({ N: 2 ** 17, r: 8, p: 1 });
    const [a, b] = await Promise.all([hashPassword("correct horse"), hashPassword("correct horse")]);
    expect(a).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(a).not.toBe(b);
  });

  it("verifies the right password only, after Unicode normalisation", async () => {
    const hash = await hashPassword("caf\u00e9 au lait");
    expect(await verifyPassword({ hash, password: "caf\u00e9 au lait" })).toBe(true);
    expect(await verifyPassword({ hash, password: "cafe\u0301 au lait" })).toBe(true);
    expect(await verifyPassword({ hash, password: "cafe au lait" })).toBe(false);
  });

  it("still verifies hashes in Better Auth's default format", async () => {
    const hash = await betterAuthHash("an older password");
    expect(await verifyPassword({ hash, password: "an older password" })).toBe(true);
    expect(await verifyPassword({ hash, password: "another password" })).toBe(false);
  });

  it("takes cheaper parameters for tests, and any hasher verifies a hash by the parameters it carries", async () => {
    const cheap = createPasswordHasher({ N: 2 ** 10, r: 8, p: 1 });
    const hash = await cheap.hash("correct horse");
    expect(hash).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await verifyPassword({ hash, password: "correct horse" })).toBe(true);
    expect(await cheap.verify({ hash: await hashPassword("x y z"), password: "x y z" })).toBe(true);
  });

  it("refuses a malformed hash", async () => {
    expect(await verifyPassword({ hash: "scrypt$131072$8$1$", password: "x" })).toBe(false);
  });
});
