// The databases every API test runs against: SQLite always, PostgreSQL when the global setup provides one.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomUUID } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import type { Dialect } from "../../src/server/db/database";

export type TestDatabase = { url: string; drop: () => Promise<void> };
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

async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A fresh database per test file on the shared server, dropped (with any leftover connection) at the end. */
const postgres = (serverUrl: string): TestDialect => ({
  dialect: "postgres",
  async create() {
    const name = `hs_test_${randomUUID().replaceAll("-", "")}`;
    await onServer(serverUrl, `create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      drop: () => onServer(serverUrl, `drop database if exists ${name} with (force)`),
    };
  },
});

export function testDialects(): TestDialect[] {
  const serverUrl = inject("postgresUrl");
  return serverUrl ? [sqlite, postgres(serverUrl)] : [sqlite];
}
