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
};

export type CompletionTable = {
  habit_id: string;
  date: string;
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
};
