// Seeds the PostgreSQL database for the scale benchmark: 2,000 accounts and 2 million completions in the app's
// schema (scripts/bench/pg-scale.ts says how), on an embedded cluster kept in .tmp/pg-scale between runs, or on
// TEST_DATABASE_URL's server (database habits_scale; habits_scale_N for --users N). scripts/bench-postgres.ts and
// scripts/explain-postgres.ts use it.
// Usage: npx tsx scripts/seed-postgres.ts [--users N] [--reseed]
//   --users N   accounts to seed (1,000 completions each; default 2,000): fewer for a quick look
//   --reseed    seed again even when .tmp/pg-scale/habits_scale*.json says the database holds that seed
import { parseArgs } from "node:util";
import { DEFAULT_USERS, scaleDatabase } from "./bench/pg-scale";

const { values } = parseArgs({
  options: {
    users: { type: "string" },
    reseed: { type: "boolean", default: false },
  },
});
const users = Number(values.users ?? DEFAULT_USERS);
if (!(Number.isInteger(users) && users >= 1)) {
  console.error(`--users: expected a positive whole number, got ${values.users}`);
  process.exit(2);
}
const log = (line: string) => console.error(`  ${line}`);
const database = await scaleDatabase({ users, reseed: values.reseed, log });
try {
  const { seed } = database;
  console.log(
    `${database.server}: database ${seed.database}, ${seed.users} accounts, ${seed.habits} habits, ${seed.completions} completions up to ${seed.lastDay} (seeded ${seed.seededAt} in ${seed.seconds} s)`,
  );
} finally {
  await database.stop();
}
