// A consistent snapshot of the SQLite database while the server keeps running (same configuration as the server):
//   npm run backup -- FILE
// On PostgreSQL, use pg_dump instead (README, Backups).
import { resolve } from "node:path";
import { ConfigError, loadConfig } from "../src/server/config";
import { BackupError, backupSqlite } from "../src/server/db/sqlite-backup";

async function main(args: string[]): Promise<number> {
  if (args.length !== 1) {
    console.error("Usage: npm run backup -- FILE");
    return 2;
  }
  const target = resolve(args[0]!);
  try {
    const config = loadConfig();
    await backupSqlite(config.databaseUrl, target);
    console.log(`Backed up ${config.databaseUrl} to ${target}`);
    return 0;
  } catch (error) {
    if (!(error instanceof BackupError || error instanceof ConfigError)) throw error;
    console.error(error.message);
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
