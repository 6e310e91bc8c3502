// useHabits() and the habit views it derives, in one file: every change of the store, a tick's too, passes both.
/**
 * useHabits(): the one data layer for habits, shared by Today, Stats, Settings and the habit page. It reads only
 * the user's local store (lib/sync, IndexedDB), so every screen renders at once from it, online or not.
 *
 *   const { habits, groups, vacations, weekStart, today, status, source, retry, add, rename, remove, toggle, setDay,
 *           cycleDay, setAmount, addAmount, slipped, setNote, setRules, setStep, update, move, moveTo,
 *           importAll } = useHabits();
 *
 * - habits: HabitView[], every habit including archived ones, in their order (position ascending, ties newest
 *   first: core/habit-order.ts), derived once per change of the store for the user's today (day start included)
 *   and vacations; they change when the day begins without a reload. Besides src/core's Habit each carries its
 *   skippedDates, schedule, archived, position and emoji (absent without one), and for today: dueToday (its
 *   schedule has today), skippedToday (skipped by the user), onVacationToday; kind, rules and step; values and
 *   notes (as [date, x] pairs, absent without any). A habit that counts by kind (core/kind-habit.ts: a measurable
 *   or quit habit, one due N times a period, or one whose rules changed) also carries kindToday
 *   (lib/habits/kind-view.ts: today's number, the unit's progress and whether it is met, the figures of
 *   core/kind-figures.ts), and its streakCount, bestStreak, completionRate and completedToday are those figures (a
 *   streak of weeks or months for a target per period); a yes/no habit under one rule, every day or on weekdays,
 *   keeps core/habit's figures, unchanged.
 * - groups: the user's groups of habits, in their order (a habit's groupId names one, or is null).
 * - vacations: the user's vacations (for core's dayRulesOf / dayStatuses); today: the day the habits were derived for.
 * - weekStart: the first day of the week, 0 Sunday or 1 Monday: the user's setting, else the browser's locale's
 *   (lib/week-start.ts).
 * - status: "loading" | "ready" | "error". "error": no local copy and the server could not be reached
 *   ('Unable to load habits', with the manual form 3 s later; a manual add is then queued, not lost).
 * - source: "server" (the last sync reached the server) | "local" (the stored copy is shown because the server
 *   could not be reached, announced once with 'Failed to load your habits from the cloud. Using local
 *   data instead.') | null before the first sync. With useHabits({ saved: true }) (Today), "snapshot" until the store
 *   opens: the list Today last drew from the store on this day (SavedToday), status "ready"; a tick on it shows
 *   at once and is stored once the store opens, as every write made meanwhile (docs/decisions/0066).
 * - Writes apply to the store at once and join the outbox; the sync engine sends them. A write the server refuses
 *   is rolled back with its failure text. Each resolves to true once stored on this device, false when it was not
 *   made (a blank name, an unknown habit, a day after today or before 2000-01-01, nothing to change):
 *   - add(name, { emoji?, schedule? }): first in the order. A blank name is ignored.
 *   - rename(id, name); toggle(id): today done ↔ not done; setDay(id, date, "done" | "skipped" | "none");
 *     cycleDay(id, date): not done → done → skipped → not done (core nextDayState);
 *   - add(name, { emoji?, schedule?, kind?, rules?, step?, groupId? }): with a kind, its rules (habit-kind.ts; needed for
 *     a measurable or quit habit) and the step of Add;
 *   - setAmount(id, date, value | null): a day's number (measurable and quit habits); addAmount(id, date, add):
 *     raises it by `add` (the server adds it to its own number); slipped(id): a quit habit's today raised by 1;
 *   - setNote(id, date, note | null): a day's note, any habit (trimmed, at most 500 characters; blank: none);
 *   - setRules(id, from, frequency, target): how often and the target from `from` on, the days before keeping theirs;
 *   - setStep(id, step): what Add raises a day by;
 *   - update(id, { schedule?, archived?, emoji?, groupId? }): a schedule is stored in canonical form (every day:
 *     null); groupId is one of the user's groups or null (ungrouped);
 *   - move(id, "up" | "down"): one place among the habits shown with it (archived ones among archived ones,
 *     the others among the others); moveTo(id, beforeId | null): just before `beforeId`, or last.
 *   - remove(id) → { undo } | null: the habit goes at once; its delete waits UNDO_DELETE_MS in the outbox, and
 *     until it is sent undo() puts the habit and its days back exactly, resolving to true (false once sent).
 *     A reload during the wait keeps the delete.
 * - importAll(rows, groups?): replaces every habit (each row's `group` found or made among the file's groups), here at once and on the server in one transaction, sent through the
 *   outbox. When the server cannot take it now, it says 'Failed to import habits. Please try again.' and the
 *   imported list stays loaded here, queued (source "local"); when the server refuses it, the copy
 *   returns to the server's state (source "server").
 * - isSaving(id): false: a queued habit is a habit like any other.
 * Before the store opens, the step given by BeforeHabitsLoadProvider runs: app/ gives the first-visit migration.
 */
import { startTransition, useCallback, useEffect, useMemo, useState, useSyncExternalStore } from "react";
import type { BackupGroupItem } from "../../../core/backup-groups-schema";
import type { BackupHabit } from "../../../core/backup-schema";
import type { DayState } from "../../../core/day-state";
import type { Frequency, Target, WeekStart } from "../../../core/habit-kind";
import type { LocalDate } from "../../../core/local-date";
import { messages } from "../../../core/messages/first-screen";
import type { Vacation } from "../../../core/vacation";
import { useCurrentUser } from "../current-user";
import { useToday } from "../use-today";
import { localeWeekStart } from "../week-start";
import { readStorage, WEB_STORAGE_KEYS } from "../storage";
import { showError } from "../../ui/notices";
import { retryImport } from "../pwa/retry-import";
import type {
  HabitExtras,
  HabitUpdate,
  RemoveHandle,
  StoreSnapshot,
  StoreSource,
  SyncEngine,
} from "../sync/sync-engine";
import { useBeforeHabitsLoad } from "./before-habits-load";
import type { DeriveAll, HabitView, KindFigureFn } from "./habit-views";
import type { KindToday } from "./kind-view";
import { preloadHabitValidation } from "./habit-validation";
import { newId } from "./new-id";
import type { HabitGroup, SyncOp } from "../../../core/sync";

export type { HabitExtras, HabitUpdate, HabitView, KindFigureFn, KindToday, RemoveHandle };

export type HabitsStatus = "loading" | "ready" | "error";
/** "snapshot": Today drawn from the last list it showed (SavedToday), before the store has opened. */
export type HabitsSource = StoreSource | "snapshot";
export type ImportResult = { ok: boolean; source: HabitsSource };

/** How long a delete can be undone: its op waits this long in the outbox. */
export const UNDO_DELETE_MS = 5000;

export type UseHabits = {
  habits: HabitView[];
  /** The user's groups in their order (none: the screens look as without groups). */
  groups: readonly HabitGroup[];
  vacations: readonly Vacation[];
  weekStart: WeekStart;
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
  setAmount: (id: string, date: LocalDate, value: number | null) => Promise<boolean>;
  addAmount: (id: string, date: LocalDate, add: number) => Promise<boolean>;
  slipped: (id: string) => Promise<boolean>;
  setNote: (id: string, date: LocalDate, note: string | null) => Promise<boolean>;
  setRules: (id: string, from: LocalDate, frequency: Frequency, target: Target | null) => Promise<boolean>;
  setStep: (id: string, step: number) => Promise<boolean>;
  update: (id: string, update: HabitUpdate) => Promise<boolean>;
  move: (id: string, direction: "up" | "down") => Promise<boolean>;
  moveTo: (id: string, beforeId: string | null) => Promise<boolean>;
  importAll: (rows: readonly BackupHabit[], groups?: readonly BackupGroupItem[]) => Promise<ImportResult>;
  isSaving: (id: string) => boolean;
};

const loadingSnapshot: StoreSnapshot = {
  status: "loading",
  source: null,
  habits: [],
  // As replica-state's emptyReplica(), written out: that module loads with the engine, after the first paint.
  replica: {
    habits: new Map(),
    done: new Map(),
    skipped: new Map(),
    doneDays: new Map(),
    skippedDays: new Map(),
    values: new Map(),
    notes: new Map(),
    settings: { dayStart: 0, vacations: [], weekStart: null, groups: [] },
  },
  pending: 0,
  meta: {},
};

// Without the engine no screen leaves its loading state, so its code is fetched until it arrives: after
// retryImport's quick retries, again when the connection returns or after ENGINE_RETRY_MS (a server restarting).
export const ENGINE_RETRY_MS = 10_000;
const nextChance = () =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      window.removeEventListener("online", done);
      resolve();
    };
    const timer = setTimeout(done, ENGINE_RETRY_MS);
    window.addEventListener("online", done);
  });
// Not kept in a variable: a promise shared by every caller made a tick's first frame come one frame later (the
// tick's INP in scripts/audit-web-vitals.ts went from 40 to 80 ms); the browser loads the module once either way.
const engineModule = () =>
  import("../sync/sync-engine").catch(async () => {
    for (;;) {
      try {
        return await retryImport(() => import("../sync/sync-engine"));
      } catch {
        await nextChance();
      }
    }
  });

/**
 * The user's store as the screens hold it. The engine (sync/sync-engine.ts) loads after the first paint (the
 * initial JavaScript budget, docs/decisions/0060): until then the snapshot is the loading one, and `act` waits for
 * the engine rather than losing a write. Once it is there, `act` calls it at once, in the caller's task: the store
 * changes, and React draws the row, in the click's own task (a tick shows in the next frame).
 */
export type HabitStore = {
  subscribe: (listener: () => void) => () => void;
  getSnapshot: () => StoreSnapshot;
  act: <T>(action: (engine: SyncEngine) => Promise<T>) => Promise<T>;
  /** Today's last list (SavedToday) until the store has opened; null without one, and after. */
  saved: () => SavedToday | null;
  /** A tick on a row of `saved`: shown there at once, stored once the store has opened. */
  tickSaved: (id: string, today: LocalDate) => Promise<boolean>;
  /** The kinds' figures (kind-view.ts), which load with the engine; null before (the store has no habits then). */
  kindView: () => KindFigureFn | null;
  /** The views' derivation (habit-views.ts), which loads with the engine; null before, as kindView. */
  deriveAll: () => DeriveAll | null;
};

const stores = new Map<string, HabitStore>();

/**
 * What Today's list drew last, written after it drew from the store (features/today/save-today.ts) and read
 * here at start, so that Today draws before the engine and IndexedDB have loaded (docs/decisions/0066). Its
 * completedDates and skippedDates hold the last 7 days only, the rows' strip.
 */
export type SavedToday = {
  v: 1;
  userId: string;
  today: LocalDate;
  weekStart: WeekStart;
  vacations: Vacation[];
  habits: HabitView[];
  /** The user's groups (absent from a list saved before groups existed: none). */
  groups?: HabitGroup[];
};

/** The saved list when it is of `today`: another day's states of today are not today's. */
export const savedOn = (saved: SavedToday | null, today: LocalDate) =>
  saved?.today === today ? saved : null;

/** The user's saved list, or null: another user's, or none, or unreadable. Its day is checked by savedOn. */
export function readSavedToday(userId: string): SavedToday | null {
  try {
    const saved = JSON.parse(readStorage(WEB_STORAGE_KEYS.todaySnapshot) ?? "null") as SavedToday | null;
    return saved?.v === 1 && saved.userId === userId && Array.isArray(saved.habits) ? saved : null;
  } catch {
    return null;
  }
}

/** One engine per user and page; the first caller's `beforeLoad` (app/ gives the migration) runs before it opens. */
function storeFor(userId: string, beforeLoad: (userId: string) => Promise<unknown>): HabitStore {
  const known = stores.get(userId);
  if (known) return known;
  let engine: SyncEngine | null = null;
  let figures: KindFigureFn | null = null;
  let derive: DeriveAll | null = null;
  let saved = readSavedToday(userId);
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());
  // The saved list is shown until the store has opened; a write made on it waits until then too, since the engine
  // knows no habit before (sync-engine.ts: a write on an unknown habit is not made).
  let opened: () => void;
  const open = new Promise<void>((resolve) => (opened = resolve));
  const loaded = engineModule().then((module) => {
    figures = module.kindView;
    derive = module.deriveAll;
    const created = (engine = module.createSyncEngine(userId, beforeLoad));
    const onChange = () => {
      if (saved && created.getSnapshot().status !== "loading") {
        saved = null;
        opened();
      }
      notify();
    };
    created.subscribe(onChange);
    onChange();
    return created;
  });
  const afterOpen = loaded.then((created) => open.then(() => created));
  const store: HabitStore = {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => engine?.getSnapshot() ?? loadingSnapshot,
    act: (action) => (saved ? afterOpen.then(action) : engine ? action(engine) : loaded.then(action)),
    saved: () => saved,
    tickSaved(id, today) {
      const habit = saved?.habits.find((row) => row.id === id);
      // A habit that counts by kind turns over its own way (sync-engine.ts): it shows once the store has opened.
      if (!saved || !habit || habit.kindToday) return store.act((e) => e.toggle(today, id));
      // The state the user saw turned over, sent as that state: a toggle would turn over the stored one.
      const done = !habit.completedToday;
      const ticked: HabitView = {
        ...habit,
        completedToday: done,
        skippedToday: false,
        completedDates: done
          ? [...habit.completedDates, today]
          : habit.completedDates.filter((date) => date !== today),
      };
      saved = { ...saved, habits: saved.habits.map((row) => (row === habit ? ticked : row)) };
      notify();
      // Recorded as soon as the journal's code is here (it loads with the engine), as the engine records its writes
      // (replica-db.ts): a page that goes before the store has opened leaves the tick for the next start, which
      // stores it before it reads its copy.
      const state = done ? "done" : "none";
      const op: SyncOp = { opId: newId(), type: "setDay", habitId: id, date: today, state };
      const recorded = import("../sync/replica-db").then((journal) => ({
        journal,
        key: journal.recordWrite(userId, {
          op,
          at: new Date().toISOString(),
          tab: journal.newTabName(),
          n: 1,
        }),
      }));
      return afterOpen.then(async (e) => {
        const stored = await e.setDay(today, id, today, state);
        const { journal, key } = await recorded;
        journal.settleWrite(key);
        return stored;
      });
    },
    kindView: () => figures,
    deriveAll: () => derive,
  };
  stores.set(userId, store);
  return store;
}

/** The user's store and its current snapshot. */
export function useHabitStore(): { engine: HabitStore; snapshot: StoreSnapshot } {
  const { id: userId } = useCurrentUser();
  const beforeLoad = useBeforeHabitsLoad();
  const engine = useMemo(() => storeFor(userId, beforeLoad), [userId, beforeLoad]);
  const snapshot = useSyncExternalStore(engine.subscribe, engine.getSnapshot);
  return { engine, snapshot };
}

const NO_HABITS: HabitView[] = [];
const NO_GROUPS: HabitGroup[] = [];

/** The week's first day: the user's setting, else the shown language's (it follows a change of language). */
export const weekStartOf = (setting: WeekStart | null): WeekStart => setting ?? localeWeekStart();

/** `saved`: before the store opens, Today's last list of today (SavedToday) is shown, source "snapshot". */
export function useHabits({ saved: useSaved = false } = {}): UseHabits {
  const today = useToday();
  const { engine, snapshot } = useHabitStore();
  const stored = useSyncExternalStore(engine.subscribe, engine.saved);
  const savedNow = useSaved ? savedOn(stored, today) : null;
  // The store's list replaces the saved one in a transition, drawn in slices: as the store's own (synchronous)
  // update, deriving and drawing 50 habits of 10 years was one task of 63 ms unthrottled (Lighthouse's longest).
  const [held, setHeld] = useState(savedNow);
  useEffect(() => {
    if (savedNow) setHeld(savedNow);
    else startTransition(() => setHeld(null));
  }, [savedNow]);
  const saved = savedNow ?? held;
  const vacations = saved ? saved.vacations : snapshot.replica.settings.vacations;
  const groups = saved ? (saved.groups ?? NO_GROUPS) : snapshot.replica.settings.groups;
  const weekStart = saved ? saved.weekStart : weekStartOf(snapshot.replica.settings.weekStart ?? null);
  const kindView = engine.kindView();
  const deriveAll = engine.deriveAll();
  const derivedHabits = useMemo(
    () =>
      saved
        ? NO_HABITS
        : (deriveAll?.(snapshot.habits, { today, vacations, weekStart, kindView }) ?? NO_HABITS),
    [saved, deriveAll, snapshot.habits, today, vacations, weekStart, kindView],
  );
  const habits = saved ? saved.habits : derivedHabits;
  useEffect(preloadHabitValidation, []);
  const { act } = engine;

  const add = useCallback((name: string, extras?: HabitExtras) => act((e) => e.add(name, extras)), [act]);
  const rename = useCallback((id: string, name: string) => act((e) => e.rename(id, name)), [act]);
  const remove = useCallback((id: string) => act((e) => e.remove(id, UNDO_DELETE_MS)), [act]);
  const toggle = useCallback(
    (id: string) => (saved ? engine.tickSaved(id, today) : act((e) => e.toggle(today, id))),
    [act, engine, saved, today],
  );
  const setDay = useCallback(
    (id: string, date: LocalDate, state: DayState) => act((e) => e.setDay(today, id, date, state)),
    [act, today],
  );
  const cycleDay = useCallback(
    (id: string, date: LocalDate) => act((e) => e.cycleDay(today, id, date)),
    [act, today],
  );
  const setAmount = useCallback(
    (id: string, date: LocalDate, value: number | null) => act((e) => e.setAmount(today, id, date, value)),
    [act, today],
  );
  const addAmount = useCallback(
    (id: string, date: LocalDate, add: number) => act((e) => e.addAmount(today, id, date, add)),
    [act, today],
  );
  const slipped = useCallback(
    (id: string) =>
      act((e) =>
        e.getSnapshot().replica.habits.get(id)?.kind === "quit"
          ? e.addAmount(today, id, today, 1)
          : Promise.resolve(false),
      ),
    [act, today],
  );
  const setNote = useCallback(
    (id: string, date: LocalDate, note: string | null) => act((e) => e.setNote(today, id, date, note)),
    [act, today],
  );
  const setRules = useCallback(
    (id: string, from: LocalDate, frequency: Frequency, target: Target | null) =>
      act((e) => e.setRules(id, from, frequency, target)),
    [act],
  );
  const setStep = useCallback((id: string, step: number) => act((e) => e.setStep(id, step)), [act]);
  const update = useCallback((id: string, changes: HabitUpdate) => act((e) => e.update(id, changes)), [act]);
  const move = useCallback(
    (id: string, direction: "up" | "down") => act((e) => e.move(id, direction)),
    [act],
  );
  const moveTo = useCallback(
    (id: string, beforeId: string | null) => act((e) => e.moveTo(id, beforeId)),
    [act],
  );
  const importAll = useCallback(
    async (rows: readonly BackupHabit[], groups?: readonly BackupGroupItem[]): Promise<ImportResult> => {
      const outcome = await act((e) => e.importAll(rows, groups));
      // A refusal has shown its failure text; a queued import says it failed for now (its list is shown here).
      if (outcome === "queued") showError(messages.habits.importFailed);
      return outcome === "saved"
        ? { ok: true, source: "server" }
        : { ok: false, source: outcome === "queued" ? "local" : "server" };
    },
    [act],
  );

  return {
    habits,
    groups,
    vacations,
    weekStart,
    today,
    status: saved ? "ready" : snapshot.status,
    source: saved ? "snapshot" : snapshot.source,
    retry: () => void act((e) => e.sync()),
    add,
    rename,
    remove,
    toggle,
    setDay,
    cycleDay,
    setAmount,
    addAmount,
    slipped,
    setNote,
    setRules,
    setStep,
    update,
    move,
    moveTo,
    importAll,
    isSaving: () => false,
  };
}
