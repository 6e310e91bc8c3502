import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    setupFiles: ["./src/test-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: "forks",
    // At least two: the API tests wait on PostgreSQL, child processes and the disk about half of the time.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        extends: true,
        test: {
          name: "server",
          include: ["src/server/**/*.test.ts", "test/**/*.test.ts"],
          // One PostgreSQL server per run for the API tests (test/support/databases.ts).
          globalSetup: ["./test/support/global-setup.ts"],
          // Each test file starts its own servers on its own databases, and the server code keeps no state of its
          // own between them: one worker runs file after file without loading better-auth, kysely and hono anew.
          isolate: false,
        },
      },
      {
        extends: true,
        // Pure core code and the web app in jsdom, each file in a fresh module graph (the web app keeps shared
        // state in modules, such as the one clock of use-today.ts).
        test: { name: "unit", include: ["src/core/**/*.test.{ts,tsx}", "src/web/**/*.test.{ts,tsx}"] },
      },
    ],
  },
});
