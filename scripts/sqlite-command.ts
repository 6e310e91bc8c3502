// What `npm run backup` and `npm run restore` share: one FILE argument, the server's configuration, and a clear
// message with exit code 1 for a refusal (a wrong setting, a database in use, a file that is not a backup).
import { resolve } from "node:path";
import { ConfigError, loadConfig, type Config } from "../src/server/config";
import { BackupError } from "../src/server/db/sqlite-backup";

export async function runSqliteCommand(
  usage: string,
  action: (config: Config, file: string) => Promise<string[]>,
): Promise<void> {
  const args = process.argv.slice(2);
  if (args.length !== 1) {
    console.error(`Usage: ${usage}`);
    process.exitCode = 2;
    return;
  }
  try {
    for (const line of await action(loadConfig(), resolve(args[0]!))) console.log(line);
    process.exitCode = 0;
  } catch (error) {
    if (!(error instanceof BackupError || error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exitCode = 1;
  }
}
