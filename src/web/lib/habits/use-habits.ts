/**
 * useHabits(): the one data layer for habits, shared by Today, Stats, Settings and the habit page. It reads only
 * the user's local store (lib/sync, IndexedDB), so every screen renders at once from it, online or not.
 *
 *   const { habits, vacations, today, status, source, retry, add, rename, remove, toggle, setDay, cycleDay,
 *           update, move, moveTo, importAll } = useHabits();
 *
 * - habits: HabitView[], every habit including archived ones, in their order (position ascending, ties newest
 *   first: core/habit-order.ts), derived once per change of the store for the user's today (day start included)
 *   and vacations; they change when the day begins without a reload. Besides src/core's Habit each carries its
 *   skippedDates, schedule, archived, position and emoji (absent without one), and for today: dueToday (its
 *   schedule has today), skippedToday (skipped by the user), onVacationToday.
 * - vacations: the user's vacations (for core's dayRulesOf / dayStatuses); today: the day the habits were derived for.
 * - status: "loading" | "ready" | "error". "error": no local copy and the server could not be reached
 *   ('Unable to load habits', with the manual form 3 s later; a manual add is then queued, not lost).
 * - source: "server" (the last sync reached the server) | "local" (the stored copy is shown because the server
 *   could not be reached, announced once with 'Failed to load your habits from the cloud. Using local
 *   data instead.') | null before the first sync.
 * - Writes apply to the store at once and join the outbox; the sync engine sends them. A write the server refuses
 *   is rolled back with its failure text. Each resolves to true once stored on this device, false when it was not
 *   made (a blank name, an unknown habit, a day after today or before 2000-01-01, nothing to change):
 *   - add(name, { emoji?, schedule? }): first in the order. A blank name is ignored.
 *   - rename(id, name); toggle(id): today done ↔ not done; setDay(id, date, "done" | "skipped" | "none");
 *     cycleDay(id, date): not done → done → skipped → not done (core nextDayState);
 *   - update(id, { schedule?, archived?, emoji? }): a schedule is stored in canonical form (every day: null);
 *   - move(id, "up" | "down"): one place among the habits shown with it (archived ones among archived ones,
 *     the others among the others); moveTo(id, beforeId | null): just before `beforeId`, or last.
 *   - remove(id) → { undo } | null: the habit goes at once; its delete waits UNDO_DELETE_MS in the outbox, and
 *     until it is sent undo() puts the habit and its days back exactly, resolving to true (false once sent).
 *     A reload during the wait keeps the delete.
 * - importAll(rows): replaces every habit, here at once and on the server in one transaction, sent through the
 *   outbox. When the server cannot take it now, it says 'Failed to import habits. Please try again.' and the
 *   imported list stays loaded here, queued (source "local"); when the server refuses it, the copy
 *   returns to the server's state (source "server").
 * - isSaving(id): false: a queued habit is a habit like any other.
 * Before the store opens, the step given by BeforeHabitsLoadProvider runs: app/ gives the first-visit migration.
 */
import { useCallback, useEffect, useMemo, useSyncExternalStore } from "react";
import type { BackupHabit } from "../../../core/backup-schema";
import type { DayState } from "../../../core/day-state";
import type { LocalDate } from "../../../core/local-date";
import { messages } from "../../../core/messages/first-screen";
import type { Vacation } from "../../../core/vacation";
import { useCurrentUser } from "../current-user";
import { lazyPart } from "../lazy-part";
import { useToday } from "../use-today";
import { showError } from "../../ui/notices";
import { loadedStoreWrites, loadStoreWrites, syncEngineFor, type StoreWrites } from "../sync/lazy-engine";
import type { StoreSnapshot, StoreSource, SyncEngine } from "../sync/sync-engine";
import { useBeforeHabitsLoad } from "./before-habits-load";
import type { HabitView } from "./habit-view";
import type { HabitExtras, HabitUpdate, RemoveHandle, Tools } from "../sync/store-writes";
import { parseHabitName, preloadHabitValidation } from "./habit-validation";
import { newId } from "./new-id";

export type { HabitExtras, HabitUpdate, HabitView, RemoveHandle };

export type HabitsStatus = "loading" | "ready" | "error";
export type HabitsSource = StoreSource;
export type ImportResult = { ok: boolean; source: HabitsSource };

/** How long a delete can be undone: its op waits this long in the outbox. */
export const UNDO_DELETE_MS = 5000;

export type UseHabits = {
  habits: HabitView[];
  vacations: readonly Vacation[];
  today: LocalDate;
  status: HabitsStatus;
  source: HabitsSource | null;
  retry: () => void;
  add: (name: string, extras?: HabitExtras) => Promise<boolean>;
  rename: (id: string, name: string) => Promise<boolean>;
  remove: (id: string) => Promise<RemoveHandle | null>;
  toggle: (id: string) => Promise<boolean>;
  setDay: (id: string, date: LocalDate, state: DayState) => Promise<boolean>;
  cycleDay: (id: string, date: LocalDate) => Promise<boolean>;
  update: (id: string, update: HabitUpdate) => Promise<boolean>;
  move: (id: string, direction: "up" | "down") => Promise<boolean>;
  moveTo: (id: string, beforeId: string | null) => Promise<boolean>;
  importAll: (rows: readonly BackupHabit[]) => Promise<ImportResult>;
  isSaving: (id: string) => boolean;
};

/** The user's store engine and its current snapshot. */
export function useHabitStore(): { engine: SyncEngine; snapshot: StoreSnapshot } {
  const { id: userId } = useCurrentUser();
  const beforeLoad = useBeforeHabitsLoad();
  const engine = useMemo(() => syncEngineFor(userId, beforeLoad), [userId, beforeLoad]);
  const snapshot = useSyncExternalStore(engine.subscribe, engine.getSnapshot);
  return { engine, snapshot };
}

/**
 * Runs `write` with the writes (sync/store-writes.ts), loaded with the store engine (the first paint does without
 * them): once they are loaded, in a microtask of this task, so that the change shows in the next frame.
 */
function withWrites<T>(write: (writes: StoreWrites) => Promise<T>): Promise<T> {
  const writes = loadedStoreWrites();
  return (writes ? Promise.resolve(writes) : loadStoreWrites()).then(write);
}

/**
 * The figures of the habits (core's streaks, habit-view.ts) are derived only once the store has habits, so their
 * code loads after the first paint, beside the store engine; until it is there the habits are still "loading".
 * Code that cannot be loaded reaches the page's error boundary (a reload), as a page's chunk would.
 */
const useHabitViews = lazyPart(() => import("./habit-view"), { required: true });
const NO_HABITS: HabitView[] = [];

export function useHabits(): UseHabits {
  const today = useToday();
  const { engine, snapshot } = useHabitStore();
  const { vacations } = snapshot.replica.settings;
  const views = useHabitViews(true);
  const habits = useMemo(
    () => (views ? views.deriveAll(snapshot.habits, today, vacations) : NO_HABITS),
    [views, snapshot.habits, today, vacations],
  );
  const status = snapshot.status === "ready" && !views ? "loading" : snapshot.status;
  useEffect(preloadHabitValidation, []);
  const tools: Tools = useMemo(() => ({ engine, newId, parseHabitName }), [engine]);

  const add = useCallback(
    (name: string, extras?: HabitExtras) => withWrites((writes) => writes.add(tools, name, extras)),
    [tools],
  );
  const rename = useCallback(
    (id: string, name: string) => withWrites((writes) => writes.rename(tools, id, name)),
    [tools],
  );
  const remove = useCallback(
    (id: string) => withWrites((writes) => writes.remove(tools, id, UNDO_DELETE_MS)),
    [tools],
  );
  const toggle = useCallback(
    (id: string) => withWrites((writes) => writes.toggle(tools, today, id)),
    [tools, today],
  );
  const setDay = useCallback(
    (id: string, date: LocalDate, state: DayState) =>
      withWrites((writes) => writes.setDay(tools, today, id, date, state)),
    [tools, today],
  );
  const cycleDay = useCallback(
    (id: string, date: LocalDate) => withWrites((writes) => writes.cycleDay(tools, today, id, date)),
    [tools, today],
  );
  const update = useCallback(
    (id: string, changes: HabitUpdate) => withWrites((writes) => writes.update(tools, id, changes)),
    [tools],
  );
  const move = useCallback(
    (id: string, direction: "up" | "down") => withWrites((writes) => writes.move(tools, id, direction)),
    [tools],
  );
  const moveTo = useCallback(
    (id: string, beforeId: string | null) => withWrites((writes) => writes.moveTo(tools, id, beforeId)),
    [tools],
  );
  const importAll = useCallback(
    async (rows: readonly BackupHabit[]): Promise<ImportResult> => {
      const outcome = await engine.importAll(rows, newId);
      // A refusal has shown its failure text; a queued import says it failed for now (its list is shown here).
      if (outcome === "queued") showError(messages.habits.importFailed);
      return outcome === "saved"
        ? { ok: true, source: "server" }
        : { ok: false, source: outcome === "queued" ? "local" : "server" };
    },
    [engine],
  );

  return {
    habits,
    vacations,
    today,
    status,
    source: snapshot.source,
    retry: () => void engine.sync(),
    add,
    rename,
    remove,
    toggle,
    setDay,
    cycleDay,
    update,
    move,
    moveTo,
    importAll,
    isSaving: () => false,
  };
}
