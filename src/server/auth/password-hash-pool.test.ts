import { stat } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { createPasswordHasher } from "./password-hash";

// scrypt shares libuv's 4-thread pool with file reads, so hashes must never take every thread.
describe("password hashing beside file reads", () => {
  it("a file read issued during 8 concurrent OWASP hashes finishes before any of them", async () => {
    const hasher = createPasswordHasher();
    const order: string[] = [];
    const hashes = Array.from({ length: 8 }, (_, i) =>
      hasher.hash(`password ${i}`).then(() => void order.push("hash")),
    );
    const read = stat(import.meta.filename).then(() => void order.push("read"));
    await Promise.all([...hashes, read]);
    expect(order[0]).toBe("read");
  });

  it("a failed hash gives its turn to the next one", async () => {
    const hasher = createPasswordHasher({ N: 2 ** 10, r: 8, p: 1 });
    const broken = "scrypt$3$8$1$c2FsdA$a2V5"; // N must be a power of two: scrypt refuses it
    const results = await Promise.allSettled(
      Array.from({ length: 4 }, () => hasher.verify({ hash: broken, password: "x" })),
    );
    expect(results.every((r) => r.status === "rejected")).toBe(true);
    const hash = await hasher.hash("still hashing");
    expect(await hasher.verify({ hash, password: "still hashing" })).toBe(true);
  });
});
