// Calls of the habits API (docs/api.md). The server answers SPEC §3 habits plus derived fields; we keep the
// stored facts and derive the rest on the client for the current day (so midnight needs no round trip).
import type { BackupHabit } from "../../../core/backup-schema";
import type { Habit, StoredHabit } from "../../../core/habit";
import type { LocalDate } from "../../../core/local-date";
import { apiRequest } from "../api";

export type ServerHabit = Habit;
export type MigrationResult = { migrated: number; failed: number; skipped: boolean; habits: ServerHabit[] };

const base = "/api/habits";
const path = (id: string) => `${base}/${encodeURIComponent(id)}`;

export const habitsApi = {
  list: () => apiRequest<ServerHabit[]>(base),
  create: (name: string) => apiRequest<ServerHabit>(base, { method: "POST", body: { name } }),
  rename: (id: string, name: string) =>
    apiRequest<ServerHabit>(path(id), { method: "PATCH", body: { name } }),
  remove: (id: string) => apiRequest<void>(path(id), { method: "DELETE" }),
  setDone: (id: string, date: LocalDate, done: boolean) =>
    apiRequest<ServerHabit>(`${path(id)}/completions/${date}`, { method: done ? "PUT" : "DELETE" }),
  replaceAll: (habits: readonly BackupHabit[]) =>
    apiRequest<ServerHabit[]>(base, { method: "PUT", body: habits }),
  /** Items go as stored: the server validates each and counts the invalid ones as failed. */
  migrate: (habits: readonly unknown[]) =>
    apiRequest<MigrationResult>(`${base}/migrate`, { method: "POST", body: habits }),
};

/** Only the stored facts: derived figures are recomputed for the current day. */
export function toStored(habit: ServerHabit | StoredHabit): StoredHabit {
  const { id, userId, name, completedDates, createdAt, updatedAt } = habit;
  return userId === undefined
    ? { id, name, completedDates, createdAt, updatedAt }
    : { id, userId, name, completedDates, createdAt, updatedAt };
}
