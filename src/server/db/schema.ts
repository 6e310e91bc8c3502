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
  /** The account's language (core/i18n/locales.ts: LOCALES); null: not chosen. */
  language: ColumnType<string | null, string | null | undefined, string | null>;
  /** The language the account was created in (the sign-up request's Accept-Language, matched to LOCALES); null:
   * unknown. Its mail follows it while `language` is null (profile/account-locale.ts). */
  signup_language: ColumnType<string | null, string | null | undefined, string | null>;
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
  /** The canonical schedule as JSON text, `{"weekdays":[1,3,5]}` (core/schedule.ts); null: every day. */
  schedule: ColumnType<string | null, string | null | undefined, string | null>;
  archived: ColumnType<number, number | undefined, number>; // 0 or 1
  /** Order on Today, ascending (a double: a move takes the middle between two neighbours). */
  position: ColumnType<number, number | undefined, number>;
  emoji: ColumnType<string | null, string | null | undefined, string | null>;
  /** What the habit counts (core/habit-kind.ts): "yesNo", "measurable" or "quit" (habit-kinds-migration.ts). */
  kind: ColumnType<string, string | undefined, string>;
  /** Its dated rules as JSON text (core/habit-kind.ts: HabitRule[]); null only from a writer of an older release. */
  rules: ColumnType<string | null, string | null | undefined, string | null>;
  /** What "Add" raises a measurable day by. */
  step: ColumnType<number, number | undefined, number>;
  /** Its Loop uuid (core/habit-uuid.ts), never changed; null only from a writer of an older release: its id's. */
  uuid: ColumnType<string | null, string | null | undefined, string | null>;
  /** The id of one of the user's groups (user_settings.groups, habit-groups-migration.ts); null: ungrouped. */
  group_id: ColumnType<string | null, string | null | undefined, string | null>;
};

/**
 * A (habit, day)'s state in the column `done` (history-migration.ts): DAY_DONE, DAY_SKIPPED, DAY_ENTRY (neither,
 * but a number or a note), or DAY_NONE, a tombstone (nothing left: no state, number nor note), kept so that a pull
 * can tell other devices. `value` and `note` (habit-kinds-migration.ts) go with any state but DAY_NONE.
 */
export type CompletionTable = {
  habit_id: string;
  date: string;
  user_id: string | null;
  version: Version;
  done: ColumnType<DayCode, DayCode | undefined, DayCode>;
  value: ColumnType<number | null, number | null | undefined, number | null>;
  note: ColumnType<string | null, string | null | undefined, string | null>;
};

export const DAY_NONE = 0;
export const DAY_DONE = 1;
export const DAY_SKIPPED = 2;
/**
 * Not done nor skipped, but holding a number or a note: a stored day (the quota counts it, pruning keeps it) that a
 * pull lists as "undone", with its number and note (docs/decisions/0063).
 */
export const DAY_ENTRY = 3;
export type DayCode = typeof DAY_NONE | typeof DAY_DONE | typeof DAY_SKIPPED | typeof DAY_ENTRY;

/** The user's day start (minutes, 0..360) and vacations (JSON text of `{from, to}[]`), changed at `version`. */
export type UserSettingsTable = {
  user_id: string;
  day_start: number;
  vacations: string;
  version: Version;
  /** The week's first day, 0 Sunday or 1 Monday; null: the browser's locale decides. */
  week_start: ColumnType<number | null, number | null | undefined, number | null>;
  /** The user's groups as JSON text (core/sync.ts: HabitGroup[]), ascending by position. */
  groups: ColumnType<string, string | undefined, string>;
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

/** Days done or skipped over all the user's habits (day-counts-migration.ts); no row: none yet. */
export type DayCountTable = { user_id: string; days: number };

/** Reminders (reminders-migration.ts): the user's zone and e-mail digest (0 or 1). */
export type ReminderSettingsTable = {
  user_id: string;
  time_zone: string | null;
  email_enabled: ColumnType<number, number | undefined, number>;
  /** When the digest's unsubscribe link was last used (ISO instant); a toggle made before it does not undo it. */
  email_unsubscribed_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** Push devices dropped for failing (delivery.ts), since the user last enabled push; and when the last was. */
  push_removed: ColumnType<number, number | undefined, number>;
  push_removed_at: ColumnType<string | null, string | null | undefined, string | null>;
};

/** A daily reminder time (habit_id null) or a habit's own; next_fire_at (ISO instant) for fire_date (local). */
export type ReminderTable = {
  id: string;
  user_id: string;
  habit_id: string | null;
  time: string;
  next_fire_at: string | null;
  fire_date: string | null;
  created_at: string;
  /** A habit's own reminder's weekdays as JSON (`[1,3]`, 0 Sunday; habit-kinds-migration.ts); null: every day. */
  weekdays: ColumnType<string | null, string | null | undefined, string | null>;
};

export type PushSubscriptionTable = {
  endpoint: string;
  user_id: string;
  p256dh: string;
  auth: string;
  created_at: string;
  /** Pushes in a row the push service did not take (delivery.ts drops the device at PUSH_FAILURES_MAX). */
  failures: ColumnType<number, number | undefined, number>;
};

/** The exactly-once key of a reminder: (user_id, reminder_id, date); outcome: claimed, then what happened. */
export type ReminderDeliveryTable = {
  user_id: string;
  reminder_id: string;
  date: string;
  outcome: string;
  created_at: string;
};

/** API writes per user in the current one-minute window (window_start: minutes since 1970). */
/**
 * Counts of one kind of action per user in its current window (window_start: windows since 1970): API writes
 * ("write", http/frame.ts), test reminders, imports.
 */
export type UserActionRateTable = { user_id: string; action: string; window_start: number; count: number };

/** The columns of Better Auth's tables that the API's session check reads (its migrations own them). */
export type AuthSessionTable = {
  token: string;
  userId: string;
  expiresAt: string | Date;
  createdAt: string | Date;
};
export type AuthUserTable = {
  id: string;
  email: string;
  name: string;
  banned: boolean | number | null;
  banExpires: string | Date | null;
  /** 0/1 on SQLite, a boolean on PostgreSQL. */
  emailVerified: boolean | number;
};

export type Database = {
  session: AuthSessionTable;
  user: AuthUserTable;
  profiles: ProfileTable;
  habits: HabitTable;
  completions: CompletionTable;
  user_action_rate: UserActionRateTable;
  sync_state: SyncStateTable;
  deleted_habits: DeletedHabitTable;
  sync_ops: SyncOpTable;
  sync_checkpoints: SyncCheckpointTable;
  sync_horizons: SyncHorizonTable;
  user_settings: UserSettingsTable;
  reminder_settings: ReminderSettingsTable;
  reminders: ReminderTable;
  push_subscriptions: PushSubscriptionTable;
  reminder_deliveries: ReminderDeliveryTable;
  day_counts: DayCountTable;
};
