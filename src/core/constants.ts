// Every business constant of the product (docs/product.md, "Limits"), in one place.
export const APP_VERSION = "0.1.0";
export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 128;
export const SPLASH_MIN_MS = 1500;
export const ERROR_BANNER_MS = 5000;
export const MANUAL_ADD_DELAY_MS = 3000;
export const MILESTONE_EVERY = 5;
export const MILESTONE_SHOW_MS = 2000;
export const PULSE_STREAK = 10;
export const COMPLETION_ANIMATION_MS = 500;
export const MIGRATION_MESSAGE_MS = 5000;
export const PROFILE_SUCCESS_MS = 3000;
export const QUICK_ADD_HINT_OVER = 6;
export const DEFAULT_STATS_SORT = "streak" as const;
export const MAX_HABIT_NAME_LENGTH = 100;

/** Browser storage keys; `habits` and `habitStreaksFirstVisit` are the product's own names. */
export const STORAGE_KEYS = {
  habits: "habits",
  firstVisit: "habitStreaksFirstVisit",
  theme: "habitStreaksTheme",
} as const;

/** Import limits: every input has a size (docs/product.md, "Backup, import and export"). */
export const MAX_BACKUP_HABITS = 1000;
export const MAX_BACKUP_CHARS = 5 * 1024 * 1024;

/** Imports (replace all, add, local-to-cloud migration) one account may make a minute: each is a bulk write. */
export const IMPORTS_PER_MINUTE = 10;

/** GET /api/stats answers one account may ask for a minute: each walks every day of every habit. */
export const STATS_PER_MINUTE = 60;
