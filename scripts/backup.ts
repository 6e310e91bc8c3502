// A consistent snapshot of the SQLite database while the server keeps running (same configuration as the server):
//   npm run backup -- FILE
// On PostgreSQL, use pg_dump instead (docs/operating.md, Backups).
import { backupSqlite } from "../src/server/db/sqlite-backup";
import { runSqliteCommand } from "./sqlite-command";

await runSqliteCommand("npm run backup -- FILE", async (config, target) => {
  await backupSqlite(config.databaseUrl, target);
  return [`Backed up ${config.databaseUrl} to ${target}`];
});
