/**
 * useHabits(): the one data layer for habits, shared by Today, Stats and Settings. It reads only the user's local
 * store (lib/sync, IndexedDB), so every screen renders at once from it, online or not (issue 9).
 *
 *   const { habits, source, status, retry, add, rename, remove, toggle, importAll } = useHabits();
 *
 * - habits: Habit[] (src/core shape), newest first, derived once per change of the store for the user's local
 *   today; they change at local midnight without a reload.
 * - status: "loading" | "ready" | "error". "error": no local copy and the server could not be reached (SPEC §2
 *   'Unable to load habits', with the manual form 3 s later; a manual add is then queued, not lost).
 * - source: "server" (the last sync reached the server) | "local" (the stored copy is shown because the server
 *   could not be reached, announced once with SPEC §8 'Failed to load your habits from the cloud. Using local
 *   data instead.') | null before the first sync.
 * - add(name), toggle(id), rename(id, name), remove(id): apply to the store at once and join the outbox; the sync
 *   engine sends them. A write the server refuses is rolled back with its SPEC §8 text. A blank name is ignored.
 *   Each resolves to true once stored on this device.
 * - importAll(rows): replaces every habit, here at once and on the server in one transaction, sent through the
 *   outbox. When the server cannot take it now, it says 'Failed to import habits. Please try again.' and the
 *   imported list stays loaded here (SPEC §8), queued (source "local"); when the server refuses it, the copy
 *   returns to the server's state (source "server").
 * - isSaving(id): false: a queued habit is a habit like any other.
 * Before the store opens, the step given by BeforeHabitsLoadProvider runs: app/ gives the first-visit migration.
 */
import { useCallback, useEffect, useMemo, useSyncExternalStore } from "react";
import type { BackupHabit } from "../../../core/backup-schema";
import type { Habit, StoredHabit } from "../../../core/habit";
import { deriveHabit } from "../../../core/habit";
import type { LocalDate } from "../../../core/local-date";
import { messages } from "../../../core/messages";
import { useCurrentUser } from "../current-user";
import { useToday } from "../use-today";
import { showError } from "../../ui/notices";
import { syncEngineFor } from "../sync/lazy-engine";
import type { StoreSnapshot, StoreSource, SyncEngine } from "../sync/sync-engine";
import { useBeforeHabitsLoad } from "./before-habits-load";
import { parseHabitName, preloadHabitValidation } from "./habit-validation";
import { newId } from "./new-id";

export type HabitsStatus = "loading" | "ready" | "error";
export type HabitsSource = StoreSource;
export type ImportResult = { ok: boolean; source: HabitsSource };

export type UseHabits = {
  habits: Habit[];
  status: HabitsStatus;
  source: HabitsSource | null;
  retry: () => void;
  add: (name: string) => Promise<boolean>;
  rename: (id: string, name: string) => Promise<boolean>;
  remove: (id: string) => Promise<boolean>;
  toggle: (id: string) => Promise<boolean>;
  importAll: (rows: readonly BackupHabit[]) => Promise<ImportResult>;
  isSaving: (id: string) => boolean;
};

/** The name as the shared schema accepts it; null when refused, or when the schema could not be loaded. */
async function checkName(name: string, failure: string): Promise<string | null> {
  try {
    return await parseHabitName(name);
  } catch {
    showError(failure);
    return null;
  }
}

// Derived once per change of the store and day, however many screens and hooks read it.
const derived = new WeakMap<readonly StoredHabit[], { today: LocalDate; habits: Habit[] }>();
function deriveAll(stored: readonly StoredHabit[], today: LocalDate): Habit[] {
  const cached = derived.get(stored);
  if (cached?.today === today) return cached.habits;
  const habits = stored.map((habit) => deriveHabit(habit, today));
  derived.set(stored, { today, habits });
  return habits;
}

/** The user's store engine and its current snapshot. */
export function useHabitStore(): { engine: SyncEngine; snapshot: StoreSnapshot } {
  const { id: userId } = useCurrentUser();
  const beforeLoad = useBeforeHabitsLoad();
  const engine = useMemo(() => syncEngineFor(userId, beforeLoad), [userId, beforeLoad]);
  const snapshot = useSyncExternalStore(engine.subscribe, engine.getSnapshot);
  return { engine, snapshot };
}

export function useHabits(): UseHabits {
  const today = useToday();
  const { engine, snapshot } = useHabitStore();
  const habits = useMemo(() => deriveAll(snapshot.habits, today), [snapshot.habits, today]);
  useEffect(preloadHabitValidation, []);

  const add = useCallback(
    async (name: string) => {
      const valid = await checkName(name, messages.habits.saveFailed);
      if (valid === null) return false; // SPEC §5: a blank name is ignored
      return engine.write({ opId: newId(), type: "createHabit", habitId: newId(), name: valid });
    },
    [engine],
  );
  const rename = useCallback(
    async (id: string, name: string) => {
      const valid = await checkName(name, messages.habits.updateFailed);
      if (valid === null || !engine.getSnapshot().replica.habits.has(id)) return false;
      return engine.write({ opId: newId(), type: "renameHabit", habitId: id, name: valid });
    },
    [engine],
  );
  const remove = useCallback(
    async (id: string) =>
      engine.getSnapshot().replica.habits.has(id) &&
      engine.write({ opId: newId(), type: "deleteHabit", habitId: id }),
    [engine],
  );
  const toggle = useCallback(
    async (id: string) => {
      const { replica } = engine.getSnapshot();
      if (!replica.habits.has(id)) return false;
      const done = !(replica.done.get(id)?.has(today) ?? false);
      return engine.write({ opId: newId(), type: "setCompletion", habitId: id, date: today, done });
    },
    [engine, today],
  );
  const importAll = useCallback(
    async (rows: readonly BackupHabit[]): Promise<ImportResult> => {
      const outcome = await engine.importAll(rows, newId);
      // A refusal has shown its SPEC §8 text; a queued import says it failed for now (its list is shown here).
      if (outcome === "queued") showError(messages.habits.importFailed);
      return outcome === "saved"
        ? { ok: true, source: "server" }
        : { ok: false, source: outcome === "queued" ? "local" : "server" };
    },
    [engine],
  );

  return {
    habits,
    status: snapshot.status,
    source: snapshot.source,
    retry: () => void engine.sync(),
    add,
    rename,
    remove,
    toggle,
    importAll,
    isSaving: () => false,
  };
}
