// Online backup and offline restore of the SQLite database (npm run backup / restore; docs/operating.md, "Backups").
import {
  closeSync,
  copyFileSync,
  existsSync,
  fsyncSync,
  linkSync,
  openSync,
  renameSync,
  rmSync,
} from "node:fs";
import { dirname } from "node:path";
import { makePrivateFile } from "../private-files";
import { dialectOf, openDatabase } from "./database";
import { problemWith, releaseIfUnused, startNewSyncLineage, vacuumInto } from "./sqlite-backup.repo";

/** A refusal the operator can act on: the scripts print its message and exit with code 1. */
export class BackupError extends Error {}

export const POSTGRES_HINT =
  "DATABASE_URL is PostgreSQL: back up with pg_dump and restore with pg_restore (docs/operating.md, Backups), " +
  'for example: pg_dump --format=custom --file=habits.dump "$DATABASE_URL"';

/** The database file of a sqlite: URL (as database.ts reads it). */
function sqliteFile(databaseUrl: string): string {
  if (dialectOf(databaseUrl) !== "sqlite") throw new BackupError(POSTGRES_HINT);
  const file = databaseUrl.slice("sqlite:".length).replace(/^\/\/(?=\/)/, "");
  if (databaseUrl === ":memory:" || file === ":memory:")
    throw new BackupError("An in-memory database has no file");
  return file;
}

/** Writes the file's data and its directory entry to disk, so a rename survives a power cut. */
function syncToDisk(file: string): void {
  for (const path of [file, dirname(file)]) {
    const fd = openSync(path, "r");
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  }
}

/** An in-memory handle that only attaches files, so it holds no connection of its own to the live database. */
async function withScratch<T>(fn: (db: ReturnType<typeof openDatabase>["db"]) => Promise<T>): Promise<T> {
  const scratch = openDatabase(":memory:");
  try {
    return await fn(scratch.db);
  } finally {
    await scratch.close();
  }
}

/** A consistent snapshot of the live database in `target`, taken while the server keeps writing. */
export async function backupSqlite(databaseUrl: string, target: string): Promise<void> {
  const file = sqliteFile(databaseUrl);
  if (!existsSync(file)) throw new BackupError(`No database at ${file} (DATABASE_URL or DATA_DIR)`);
  if (existsSync(target)) throw new BackupError(`${target} exists: choose a new file name`);
  const partial = `${target}.partial-${process.pid}`;
  const database = openDatabase(databaseUrl);
  try {
    makePrivateFile(partial);
    await vacuumInto(database.db, partial);
    syncToDisk(partial);
    renameSync(partial, target);
    syncToDisk(target);
  } finally {
    rmSync(partial, { force: true });
    await database.close();
  }
}

/**
 * Puts the snapshot `source` in place of the live database, with the server stopped: refuses a damaged or foreign
 * file and a database that is in use. The replaced database is kept beside it; returns its name.
 */
export async function restoreSqlite(
  databaseUrl: string,
  source: string,
  now = new Date(),
): Promise<string | null> {
  const file = sqliteFile(databaseUrl);
  if (!existsSync(source)) throw new BackupError(`No backup at ${source}`);
  const incoming = `${file}.restoring-${process.pid}`;
  try {
    copyFileSync(source, incoming);
    makePrivateFile(incoming);
    await withScratch(async (db) => {
      const problem = await problemWith(db, incoming);
      if (problem) throw new BackupError(`${source} cannot be restored: ${problem}`);
      await startNewSyncLineage(db, incoming); // devices that synced with the replaced database start over
      if (existsSync(file) && !(await releaseIfUnused(db, file)))
        throw new BackupError(`${file} is in use: stop the server (and any npm run user) first`);
    });
    syncToDisk(incoming);
    let kept: string | null = null;
    if (existsSync(file)) {
      kept = `${file}.before-restore-${now.toISOString().replace(/[:.]/g, "-")}`;
      linkSync(file, kept);
    }
    for (const stale of ["-wal", "-shm", "-journal"]) rmSync(file + stale, { force: true });
    renameSync(incoming, file);
    syncToDisk(file);
    return kept;
  } finally {
    rmSync(incoming, { force: true });
    rmSync(`${incoming}-journal`, { force: true });
  }
}
