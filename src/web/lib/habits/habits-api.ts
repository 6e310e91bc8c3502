// The one REST call of the habits API (docs/api.md) the web still makes: the first-visit migration. Everything
// else goes through the local store and /api/sync (lib/sync). An import goes as PUT /api/habits from the outbox.
import type { MigrationResult } from "../../../core/contract-schema";

export type { MigrationResult };

export const habitsApi = {
  /**
   * Items go as stored: the server validates each and counts the invalid ones as failed. The client is loaded on
   * use: a migration runs at most once per device, and the first screen does without it.
   */
  migrate: async (habits: readonly unknown[]): Promise<MigrationResult> => {
    const { apiRequest } = await import("../api-request");
    return apiRequest("POST /api/habits/migrate", { body: [...habits] });
  },
};
