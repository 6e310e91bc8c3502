import { Migrator, PostgresAdapter, sql, type Kysely, type Migration, type MigrationProvider } from "kysely";
import { dayCountsMigration } from "./day-counts-migration";
import { emailConsentMigration } from "./email-consent-migration";
import { habitGroupsMigration } from "./habit-groups-migration";
import { habitKindsMigration } from "./habit-kinds-migration";
import { historyMigration } from "./history-migration";
import { pushFailuresMigration } from "./push-failures-migration";
import { remindersMigration } from "./reminders-migration";
import { syncMigration } from "./sync-migration";
import { syncPruningMigration } from "./sync-pruning-migration";
import { apiTokensMigration } from "../tokens/tokens-migration";
import { onWriter } from "./writer";

// Migrations live in code so that the server migrates itself at start, on SQLite and PostgreSQL alike.
const migrations: Record<string, Migration> = {
  "0001_profiles_habits_completions": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("profiles")
        .addColumn("user_id", "text", (c) => c.primaryKey().references("user.id").onDelete("cascade"))
        .addColumn("email", "text", (c) => c.notNull())
        .addColumn("display_name", "text", (c) => c.notNull())
        .addColumn("photo_url", "text")
        .addColumn("theme", "text", (c) => c.notNull().defaultTo("light"))
        .addColumn("notifications", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createTable("habits")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("habits_user_created")
        .on("habits")
        .columns(["user_id", "created_at"])
        .execute();
      await db.schema
        .createTable("completions")
        .addColumn("habit_id", "text", (c) => c.notNull().references("habits.id").onDelete("cascade"))
        .addColumn("date", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("completions_pk", ["habit_id", "date"])
        .execute();
    },
  },
  "0002_user_write_rate": {
    async up(db: Kysely<unknown>) {
      // Write counters (http/frame.ts) may be lost in a crash: unlogged, so counting costs no WAL flush.
      const unlogged = db.getExecutor().adapter instanceof PostgresAdapter;
      await db.schema
        .createTable("user_write_rate")
        .$call((t) => (unlogged ? t.modifyFront(sql`unlogged`) : t))
        .addColumn("user_id", "text", (c) => c.primaryKey().references("user.id").onDelete("cascade"))
        .addColumn("window_start", "integer", (c) => c.notNull())
        .addColumn("count", "integer", (c) => c.notNull())
        .execute();
    },
  },
  "0003_sync": syncMigration,
  "0005_sync_pruning": syncPruningMigration,
  "0006_history": historyMigration,
  "0007_reminders": remindersMigration,
  "0008_day_counts": dayCountsMigration,
  "0009_postgres_indexes": { up: async (db) => (await import("./postgres-indexes-migration")).up(db) },
  "0010_api_tokens": apiTokensMigration,
  "0011_email_consent": emailConsentMigration,
  "0012_push_failures": pushFailuresMigration,
  // Write counts are kept with the other actions' (user_action_rate, 0011): a count lost at the upgrade is harmless.
  "0013_one_rate_table": { up: (db) => db.schema.dropTable("user_write_rate").execute() },
  "0014_habit_kinds": habitKindsMigration,
  "0015_habit_groups": habitGroupsMigration,
  // A habit's Loop uuid (core/habit-uuid.ts, docs/decisions/0071): every habit so far gets its id without hyphens.
  "0016_habit_uuid": {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("habits").addColumn("uuid", "text").execute();
      await sql`update habits set uuid = lower(replace(id, '-', ''))`.execute(db);
    },
  },
  // The account's language (docs/decisions/0072); null until chosen: the app follows the browser's languages.
  "0017_profile_language": {
    up: (db) => db.schema.alterTable("profiles").addColumn("language", "text").execute(),
  },
  // The language the account was created in: its mail's language until it chooses one (profile/account-locale.ts).
  "0018_profile_signup_language": {
    up: (db) => db.schema.alterTable("profiles").addColumn("signup_language", "text").execute(),
  },
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** `target` stops at that migration: tests build a database as an older release left it. */
export const migrateAppTables = onWriter(
  "migrateAppTables",
  async function migrateAppTables(db: Kysely<unknown>, target?: string): Promise<void> {
    const migrator = new Migrator({
      db,
      provider,
      migrationTableName: "app_migrations",
      migrationLockTableName: "app_migrations_lock",
      // Numbers are handed out per issue, and issues land in any order: 0007_reminders came after 0008 and 0010.
      // A database that ran a later number first still gets an earlier one that it lacks.
      allowUnorderedMigrations: true,
    });
    const { error, results } = await (target ? migrator.migrateTo(target) : migrator.migrateToLatest());
    const failed = results?.find((r) => r.status === "Error");
    if (error || failed)
      throw new Error(`Database migration failed: ${failed?.migrationName ?? ""} ${String(error)}`);
  },
);
