// A database as an earlier release left it: Better Auth's tables, our migrations up to `target`, one account, and
// whatever rows `fill` writes the way that release wrote them. Migration tests then start today's server on it.
import { getMigrations } from "better-auth/db/migration";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createAuth } from "../../src/server/auth/auth";
import { loadConfig } from "../../src/server/config";
import { openDatabase, type Db } from "../../src/server/db/database";
import { migrateAppTables } from "../../src/server/db/migrations";
import { newAccount, TEST_PASSWORD_HASH, TEST_SECRET, type Account } from "./test-server";

export async function buildOldDatabase<T>(
  url: string,
  target: string,
  // Today's types serve: a column added since is optional on insert, and the old rows name only theirs.
  fill: (db: Db, users: { id: string; account: Account }[]) => Promise<T>,
  accounts = 1,
): Promise<{ accounts: Account[]; filled: T }> {
  const dataDir = mkdtempSync(join(tmpdir(), "hs-old-"));
  const config = loadConfig({
    DATABASE_URL: url,
    DATA_DIR: dataDir,
    AUTH_SECRET: TEST_SECRET,
    LOG_LEVEL: "silent",
  });
  const database = openDatabase(url);
  try {
    const auth = createAuth({ config, database, passwordHash: TEST_PASSWORD_HASH });
    await (await getMigrations(auth.options)).runMigrations();
    await migrateAppTables(database.db as never, target);
    const users = [];
    for (let i = 0; i < accounts; i++) {
      const account = newAccount();
      const { user } = await auth.api.signUpEmail({ body: account });
      users.push({ id: user.id, account });
    }
    const filled = await fill(database.db, users);
    return { accounts: users.map((u) => u.account), filled };
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
