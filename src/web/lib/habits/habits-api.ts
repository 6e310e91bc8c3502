// The one REST call of the habits API (docs/api.md) the web still makes: the first-visit migration. Everything
// else goes through the local store and /api/sync (lib/sync). An import goes as PUT /api/habits from the outbox.
import type { Habit } from "../../../core/habit";
import { apiRequest } from "../api";

export type MigrationResult = { migrated: number; failed: number; skipped: boolean; habits: Habit[] };

export const habitsApi = {
  /** Items go as stored: the server validates each and counts the invalid ones as failed. */
  migrate: (habits: readonly unknown[]) =>
    apiRequest<MigrationResult>("/api/habits/migrate", { method: "POST", body: habits }),
};
