import type { ColumnType } from "kysely";

/** A per-user change number (sync-migration.ts): PostgreSQL answers bigint as a string, so read it with Number. */
export type Version = ColumnType<number | string, number | undefined, number>;

// Our own tables; Better Auth's (user, session, account, verification, rateLimit) are managed by its migrations.
export type ProfileTable = {
  user_id: string;
  email: string;
  display_name: string;
  photo_url: string | null;
  theme: "light" | "dark";
  notifications: number; // 0 or 1: better-sqlite3 cannot bind booleans
  created_at: string;
  updated_at: string;
};

export type HabitTable = {
  id: string;
  user_id: string;
  name: string;
  created_at: string;
  updated_at: string;
  version: Version;
};

/** done = 0 is a tombstone (the day was unmarked), kept so that a pull can tell other devices. */
export type CompletionTable = {
  habit_id: string;
  date: string;
  user_id: string | null;
  version: Version;
  done: ColumnType<number, number | undefined, number>;
};

export type SyncStateTable = { user_id: string; version: Version };
export type DeletedHabitTable = { id: string; user_id: string; version: Version };
/** "The user's counter was `version` at `at`": dates tombstones for pruning (sync-pruning-migration.ts). */
export type SyncCheckpointTable = { user_id: string; version: Version; at: string };
/** The highest tombstone version pruned for the user: a cursor below it cannot be answered by changes. */
export type SyncHorizonTable = { user_id: string; version: Version };
export type SyncOpTable = {
  user_id: string;
  op_id: string;
  status: string;
  code: string | null;
  message: string | null;
  created_at: string;
};

/** API writes per user in the current one-minute window (window_start: minutes since 1970). */
export type UserWriteRateTable = { user_id: string; window_start: number; count: number };

/** The columns of Better Auth's tables that the API's session check reads (its migrations own them). */
export type AuthSessionTable = { token: string; userId: string; expiresAt: string | Date };
export type AuthUserTable = {
  id: string;
  email: string;
  name: string;
  banned: boolean | number | null;
  banExpires: string | Date | null;
};

export type Database = {
  session: AuthSessionTable;
  user: AuthUserTable;
  profiles: ProfileTable;
  habits: HabitTable;
  completions: CompletionTable;
  user_write_rate: UserWriteRateTable;
  sync_state: SyncStateTable;
  deleted_habits: DeletedHabitTable;
  sync_ops: SyncOpTable;
  sync_checkpoints: SyncCheckpointTable;
  sync_horizons: SyncHorizonTable;
};
