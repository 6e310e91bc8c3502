// Puts a snapshot made by `npm run backup` in place of the SQLite database (same configuration as the server).
// Stop the server first: the command refuses a database that is in use, and keeps the replaced one beside it.
//   npm run restore -- FILE
// On PostgreSQL, use pg_restore instead (README, Backups).
import { resolve } from "node:path";
import { ConfigError, loadConfig } from "../src/server/config";
import { BackupError, restoreSqlite } from "../src/server/db/sqlite-backup";

async function main(args: string[]): Promise<number> {
  if (args.length !== 1) {
    console.error("Usage: npm run restore -- FILE   (with the server stopped)");
    return 2;
  }
  const source = resolve(args[0]!);
  try {
    const config = loadConfig();
    const kept = await restoreSqlite(config.databaseUrl, source);
    console.log(`Restored ${source} into ${config.databaseUrl}`);
    if (kept) console.log(`The replaced database is kept as ${kept}`);
    return 0;
  } catch (error) {
    if (!(error instanceof BackupError || error instanceof ConfigError)) throw error;
    console.error(error.message);
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
