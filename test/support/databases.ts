// The databases every API test runs against: SQLite always, PostgreSQL when the global setup provides one.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inject } from "vitest";
import type { Dialect } from "../../src/server/db/database";
import { createDatabase, type TestDatabase } from "./postgres-server";

export type { TestDatabase };
export type TestDialect = { dialect: Dialect; create: () => Promise<TestDatabase> };

const sqlite: TestDialect = {
  dialect: "sqlite",
  async create() {
    const dir = mkdtempSync(join(tmpdir(), "hs-sqlite-"));
    return {
      url: `sqlite:${join(dir, "test.db")}`,
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  },
};

/** A fresh database per test file on the shared server, dropped (with any leftover connection) at the end. */
const postgres = (serverUrl: string): TestDialect => ({
  dialect: "postgres",
  create: () => createDatabase(serverUrl),
});

export function testDialects(): TestDialect[] {
  const serverUrl = inject("postgresUrl");
  return serverUrl ? [sqlite, postgres(serverUrl)] : [sqlite];
}
