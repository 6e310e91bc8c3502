// Puts a snapshot made by `npm run backup` in place of the SQLite database (same configuration as the server).
// Stop the server first: the command refuses a database that is in use, and keeps the replaced one beside it.
//   npm run restore -- FILE
// On PostgreSQL, use pg_restore instead (docs/operating.md, Backups).
import { restoreSqlite } from "../src/server/db/sqlite-backup";
import { runSqliteCommand } from "./sqlite-command";

await runSqliteCommand("npm run restore -- FILE   (with the server stopped)", async (config, source) => {
  const kept = await restoreSqlite(config.databaseUrl, source);
  return [
    `Restored ${source} into ${config.databaseUrl}`,
    ...(kept ? [`The replaced database is kept as ${kept}`] : []),
  ];
});
