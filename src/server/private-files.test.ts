// The data folder holds the auth secret, the VAPID private key and everyone's habits: nobody but the server's own
// user may read it, whatever the umask (this test runs under the usual 022, which leaves files readable by all).
import { chmodSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { sql } from "kysely";
import pino from "pino";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "./config";
import { openDatabase } from "./db/database";
import { migrateAll } from "./db/migrate";
import { createAuth } from "./auth/auth";
import { backupSqlite, restoreSqlite } from "./db/sqlite-backup";
import { warnAboutOpenSecrets } from "./private-files";

const root = mkdtempSync(join(tmpdir(), "hs-modes-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const modeOf = (path: string) => (statSync(path).mode & 0o777).toString(8);

describe("files under DATA_DIR", () => {
  it("creates the folder 0700, and the secret, the VAPID keys, the SQLite files and backups 0600", async () => {
    const dataDir = join(root, "fresh", "data");
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(modeOf(dataDir)).toBe("700");
    expect(modeOf(join(dataDir, "auth-secret"))).toBe("600");
    expect(modeOf(join(dataDir, "vapid-keys.json"))).toBe("600");

    const url = config.databaseUrl;
    const file = join(dataDir, "habit-streaks.db");
    const database = openDatabase(url);
    await migrateAll(createAuth({ config, database }), database.db as never);
    for (const path of [file, `${file}-wal`, `${file}-shm`])
      expect([path, modeOf(path)]).toEqual([path, "600"]);

    const backup = join(root, "fresh", "backup.db");
    await backupSqlite(url, backup);
    expect(modeOf(backup)).toBe("600");
    await database.close();

    chmodSync(backup, 0o644); // as a copy brought back from elsewhere may be
    await restoreSqlite(url, backup);
    expect(modeOf(file)).toBe("600");
  });

  it("makes an existing database file that others could read private when it opens it", async () => {
    const dataDir = join(root, "old");
    const file = join(dataDir, "old.db");
    const before = openDatabase(`sqlite:${file}`);
    await sql`create table t (x integer)`.execute(before.db);
    await before.close();
    chmodSync(file, 0o644);
    const database = openDatabase(`sqlite:${file}`);
    await sql`select 1`.execute(database.db);
    expect(modeOf(file)).toBe("600");
    await database.close();
  });

  it("warns at start-up about a secret file that others can read", () => {
    const dataDir = join(root, "open");
    loadConfig({ DATA_DIR: dataDir });
    const lines: string[] = [];
    const logger = pino(new Writable({ write: (chunk, _enc, done) => done(void lines.push(String(chunk))) }));
    warnAboutOpenSecrets(dataDir, logger);
    expect(lines).toEqual([]);

    chmodSync(join(dataDir, "auth-secret"), 0o644);
    writeFileSync(join(dataDir, "vapid-keys.json"), readableKeys(dataDir), { mode: 0o640 });
    chmodSync(join(dataDir, "vapid-keys.json"), 0o640);
    warnAboutOpenSecrets(dataDir, logger);
    const warned = lines.map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(warned.map((line) => line.level)).toEqual([40, 40]);
    expect(warned[0]!.msg).toContain(join(dataDir, "auth-secret"));
    expect(warned[0]!.msg).toContain("chmod 600");
    expect(warned[1]!.msg).toContain(join(dataDir, "vapid-keys.json"));
  });
});

function readableKeys(dataDir: string): string {
  return JSON.stringify(loadConfig({ DATA_DIR: dataDir }).vapid);
}
