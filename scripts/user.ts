// Operator commands for accounts, on the same configuration and database as the server (DATA_DIR, DATABASE_URL...):
//   npm run user -- list
//   npm run user -- disable someone@example.com   (ends the account's sessions; sign-in is refused)
//   npm run user -- enable someone@example.com
import { loadConfig } from "../src/server/config";
import { openDatabase } from "../src/server/db/database";
import { migrateAll } from "../src/server/db/migrate";
import { createAuth } from "../src/server/auth/auth";
import { disableUser, enableUser, listUsers } from "../src/server/auth/user-admin";

const USAGE = "Usage: npm run user -- list | disable EMAIL | enable EMAIL";

async function main(args: string[]): Promise<number> {
  const [command, email] = args;
  if (command !== "list" && !((command === "disable" || command === "enable") && email)) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const database = openDatabase(config.databaseUrl);
  try {
    const auth = createAuth({ config, database });
    await migrateAll(auth, database.db as never);
    if (command === "list") {
      for (const u of await listUsers(auth)) {
        console.log([u.email, u.disabled ? "disabled" : "active", u.createdAt, u.name].join("\t"));
      }
    } else if (command === "disable" && email) {
      await disableUser(auth, email);
      console.log(`Disabled ${email} and ended its sessions`);
    } else if (email) {
      await enableUser(auth, email);
      console.log(`Enabled ${email}`);
    }
    return 0;
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    return 1;
  } finally {
    await database.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
