// The backup routes take the largest bodies: they answer 400 or 413 for anything a client sends, never 500.
import { beforeAll, describe, expect, it } from "vitest";
import { testDialects } from "../../../test/support/databases";
import { expectError, useTestServer, type TestUser } from "../../../test/support/api-server";

const sqlite = testDialects().filter((d) => d.dialect === "sqlite");

describe.each(sqlite)("large import and migration bodies on $dialect", (dialect) => {
  const t = useTestServer(dialect);
  let alice: TestUser;
  beforeAll(async () => {
    alice = await t.signUp();
  });

  it.each(["PUT /api/habits", "POST /api/habits/migrate"])(
    "%s answers 400, not 500, to an array of 300,000 numbers",
    async (route) => {
      const [method, path] = route.split(" ") as [string, string];
      const body = `[${"1,".repeat(300_000)}1]`;
      const res = await t.call(alice, method, path, { body });
      expect(res.status).toBe(400);
      expect(["VALIDATION_FAILED", "INVALID_JSON"]).toContain(
        (res.body as { error: { code: string } }).error.code,
      );
    },
  );

  it("answers 413 to a body above the limit of the largest account (3 MiB)", async () => {
    const body = JSON.stringify([{ name: "A", completedDates: [], id: "x".repeat(3 * 1024 * 1024) }]);
    expectError(await t.call(alice, "PUT", "/api/habits", { body }), 413, "PAYLOAD_TOO_LARGE", /3072 KiB/);
  });
});
