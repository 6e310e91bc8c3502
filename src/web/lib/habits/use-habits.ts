// useHabits() and the habit views it derives, in one file: every change of the store, a tick's too, passes both.
/**
 * useHabits(): the one data layer for habits, shared by Today, Stats, Settings and the habit page. It reads only
 * the user's local store (lib/sync, IndexedDB), so every screen renders at once from it, online or not.
 *
 *   const { habits, vacations, weekStart, today, status, source, retry, add, rename, remove, toggle, setDay,
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
 * - vacations: the user's vacations (for core's dayRulesOf / dayStatuses); today: the day the habits were derived for.
 * - weekStart: the first day of the week, 0 Sunday or 1 Monday: the user's setting, else the browser's locale's
 *   (lib/week-start.ts).
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
 *   - add(name, { emoji?, schedule?, kind?, rules?, step? }): with a kind, its rules (habit-kind.ts; needed for
 *     a measurable or quit habit) and the step of Add;
 *   - setAmount(id, date, value | null): a day's number (measurable and quit habits); addAmount(id, date, add):
 *     raises it by `add` (the server adds it to its own number); slipped(id): a quit habit's today raised by 1;
 *   - setNote(id, date, note | null): a day's note, any habit (trimmed, at most 500 characters; blank: none);
 *   - setRules(id, from, frequency, target): how often and the target from `from` on, the days before keeping theirs;
 *   - setStep(id, step): what Add raises a day by;
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
import { deriveFromDays, deriveHabit, type Habit } from "../../../core/habit";
import type { Frequency, HabitKind, HabitRule, Target, WeekStart } from "../../../core/habit-kind";
import { firstNotBefore, type LocalDate, toDayNumber } from "../../../core/local-date";
import { messages } from "../../../core/messages/first-screen";
import { isDue, type Schedule, scheduleMask } from "../../../core/schedule";
import { isOnVacation, type Vacation, vacationDayRanges } from "../../../core/vacation";
import { useCurrentUser } from "../current-user";
import { useToday } from "../use-today";
import { localeWeekStart } from "../week-start";
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
import type { ReplicaHabit } from "../sync/replica-state";
import { useBeforeHabitsLoad } from "./before-habits-load";
import type { KindToday, KindView } from "./kind-view";
import { preloadHabitValidation } from "./habit-validation";

export type { HabitExtras, HabitUpdate, KindToday, RemoveHandle };

export type HabitsStatus = "loading" | "ready" | "error";
export type HabitsSource = StoreSource;
export type ImportResult = { ok: boolean; source: HabitsSource };

/** How long a delete can be undone: its op waits this long in the outbox. */
export const UNDO_DELETE_MS = 5000;

export type UseHabits = {
  habits: HabitView[];
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
  importAll: (rows: readonly BackupHabit[]) => Promise<ImportResult>;
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
    settings: { dayStart: 0, vacations: [], weekStart: null },
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
  /** The kinds' figures (kind-view.ts), which load with the engine; null before (the store has no habits then). */
  kindView: () => KindFigureFn | null;
};

export type KindFigureFn = (
  habit: ReplicaHabit,
  today: LocalDate,
  vacations: readonly Vacation[],
  weekStart: WeekStart,
) => KindView | null;

const stores = new Map<string, HabitStore>();

/** One engine per user and page; the first caller's `beforeLoad` (app/ gives the migration) runs before it opens. */
function storeFor(userId: string, beforeLoad: (userId: string) => Promise<unknown>): HabitStore {
  const known = stores.get(userId);
  if (known) return known;
  let engine: SyncEngine | null = null;
  let figures: KindFigureFn | null = null;
  const listeners = new Set<() => void>();
  const loaded = engineModule().then((module) => {
    figures = module.kindView;
    engine = module.createSyncEngine(userId, beforeLoad);
    engine.subscribe(() => listeners.forEach((listener) => listener()));
    listeners.forEach((listener) => listener());
    return engine;
  });
  const store: HabitStore = {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => engine?.getSnapshot() ?? loadingSnapshot,
    act: (action) => (engine ? action(engine) : loaded.then(action)),
    kindView: () => figures,
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

// The habits as the screens show them (useHabits' `habits`): core's figures derived from the store's rows for the
// user's today and vacations.

/** A habit as the screens show it: src/core's figures, the history fields, and how it stands today. */
export type HabitView = Habit & {
  skippedDates: LocalDate[];
  schedule: Schedule | null;
  archived: boolean;
  position: number;
  kind: HabitKind;
  rules: HabitRule[];
  step: number;
  /** A habit that counts by kind (core/kind-habit.ts): today and its figures (kind-view.ts). */
  kindToday?: KindToday;
  /** Its schedule has today (a habit not due today is folded away on Today). */
  dueToday: boolean;
  /** The user skipped today. */
  skippedToday: boolean;
  /** Today is in one of the user's vacations. */
  onVacationToday: boolean;
};

/** What the views are derived for: the user's today, vacations and week start, and the kinds' figures. */
export type ViewContext = {
  today: LocalDate;
  vacations: readonly Vacation[];
  weekStart: WeekStart;
  kindView: KindFigureFn | null;
};

const sameContext = (a: ViewContext, b: ViewContext) =>
  a.today === b.today &&
  a.vacations === b.vacations &&
  a.weekStart === b.weekStart &&
  a.kindView === b.kindView;

// Derived once per change of the store, day, vacations and week start, however many screens and hooks read it.
const derived = new WeakMap<readonly ReplicaHabit[], { context: ViewContext; habits: HabitView[] }>();

/** One habit's view: from the day numbers the store holds, or from the strings when it holds none. */
export function deriveView(
  { dayNumbers, dayValues: _values, dayNotes: _notes, ...stored }: ReplicaHabit,
  today: LocalDate,
  vacations: readonly Vacation[],
): HabitView {
  const habit = dayNumbers
    ? deriveFromDays(
        stored,
        {
          done: dayNumbers.done,
          skipped: dayNumbers.skipped,
          vacations: vacationDayRanges(vacations),
          mask: scheduleMask(stored.schedule),
        },
        toDayNumber(today),
      )
    : deriveHabit(stored, today, vacations);
  return {
    ...habit,
    skippedDates: habit.skippedDates ?? [],
    schedule: stored.schedule,
    archived: stored.archived,
    position: stored.position,
    kind: stored.kind,
    rules: stored.rules,
    step: stored.step,
    dueToday: isDue(stored.schedule, today),
    skippedToday: !habit.completedToday && stored.skippedDates.includes(today),
    onVacationToday: isOnVacation(vacations, today),
  };
}

/** The fields that need the habit's whole history: worked out on first read (lazyView). */
const HISTORY_FIELDS = [
  "completedDates",
  "skippedDates",
  "streakCount",
  "bestStreak",
  "lastCompletedDate",
  "completionRate",
] as const satisfies readonly (keyof HabitView)[];

/** The view of a habit whose figures core/kind-figures.ts counts (kind-view.ts), derived at once for Today's row. */
function kindHabitView(
  stored: ReplicaHabit,
  today: LocalDate,
  vacations: readonly Vacation[],
  kind: KindView,
) {
  const { dayNumbers: _, dayValues: _values, dayNotes: _notes, ...fields } = stored;
  return {
    ...fields,
    ...kind,
    dueToday: isDue(stored.schedule, today),
    skippedToday: stored.skippedDates.includes(today),
    onVacationToday: isOnVacation(vacations, today),
  };
}

/** Whether an ascending list of dates holds `date`. */
function holds(sorted: readonly LocalDate[], date: LocalDate): boolean {
  return sorted[firstNotBefore(sorted, date)] === date;
}

/**
 * deriveView's view, with the fields that read the whole history (HISTORY_FIELDS) derived on their first read, all
 * at once, and plain data fields from then on: every read gives what deriveView gives. How the habit stands today
 * is there at once (`stored.completedDates` is ascending and distinct, as the store sorts it: a binary search).
 * Today's heading reads only that of every habit, and its first render draws a few rows: deriving every habit's
 * whole history at once would lengthen that first render.
 */
function lazyView(stored: ReplicaHabit, today: LocalDate, vacations: readonly Vacation[]): HabitView {
  const completedToday = holds(stored.completedDates, today);
  const { dayNumbers: _, dayValues: _values, dayNotes: _notes, ...fields } = stored; // the views carry the dates only
  const view: HabitView = {
    ...fields,
    streakCount: 0,
    bestStreak: 0,
    lastCompletedDate: null,
    completedToday,
    completionRate: 0,
    dueToday: isDue(stored.schedule, today),
    skippedToday: !completedToday && stored.skippedDates.includes(today),
    onVacationToday: isOnVacation(vacations, today),
  };
  const settle = () => {
    const derived = deriveView(stored, today, vacations);
    for (const key of HISTORY_FIELDS)
      Object.defineProperty(view, key, {
        value: derived[key],
        writable: true,
        enumerable: true,
        configurable: true,
      });
  };
  for (const key of HISTORY_FIELDS)
    Object.defineProperty(view, key, {
      enumerable: true,
      configurable: true,
      get() {
        settle();
        return view[key];
      },
      set(value: unknown) {
        settle();
        Object.defineProperty(view, key, { value, writable: true, enumerable: true, configurable: true });
      },
    });
  return view;
}

// Each habit's view, kept while its row is the same object (the store makes a new row only for a habit that
// changed: replica-state.ts storedHabits), for the same day and vacations: a tick derives one habit, and the
// other views stay the same objects, so that their rows on Today are not drawn again.
const viewOf = new WeakMap<ReplicaHabit, { context: ViewContext; view: HabitView }>();

/**
 * Every habit's view, made once per change of the store, day, vacations and week start; a yes/no habit's derived
 * when first read, the others' at once (kindView).
 */
export function deriveAll(stored: readonly ReplicaHabit[], context: ViewContext): HabitView[] {
  const cached = derived.get(stored);
  if (cached && sameContext(cached.context, context)) return cached.habits;
  const { today, vacations, weekStart } = context;
  const habits = stored.map((habit) => {
    const last = viewOf.get(habit);
    if (last && sameContext(last.context, context)) return last.view;
    const kind = context.kindView?.(habit, today, vacations, weekStart);
    const view = kind ? kindHabitView(habit, today, vacations, kind) : lazyView(habit, today, vacations);
    viewOf.set(habit, { context, view });
    return view;
  });
  derived.set(stored, { context, habits });
  return habits;
}

/** The week's first day: the user's setting, else the locale's (read once: it does not change in a page). */
let localeWeek: WeekStart | undefined;
export const weekStartOf = (setting: WeekStart | null): WeekStart =>
  setting ?? (localeWeek ??= localeWeekStart());

export function useHabits(): UseHabits {
  const today = useToday();
  const { engine, snapshot } = useHabitStore();
  const { vacations } = snapshot.replica.settings;
  const weekStart = weekStartOf(snapshot.replica.settings.weekStart ?? null);
  const kindView = engine.kindView();
  const habits = useMemo(
    () => deriveAll(snapshot.habits, { today, vacations, weekStart, kindView }),
    [snapshot.habits, today, vacations, weekStart, kindView],
  );
  useEffect(preloadHabitValidation, []);
  const { act } = engine;

  const add = useCallback((name: string, extras?: HabitExtras) => act((e) => e.add(name, extras)), [act]);
  const rename = useCallback((id: string, name: string) => act((e) => e.rename(id, name)), [act]);
  const remove = useCallback((id: string) => act((e) => e.remove(id, UNDO_DELETE_MS)), [act]);
  const toggle = useCallback((id: string) => act((e) => e.toggle(today, id)), [act, today]);
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
    async (rows: readonly BackupHabit[]): Promise<ImportResult> => {
      const outcome = await act((e) => e.importAll(rows));
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
    vacations,
    weekStart,
    today,
    status: snapshot.status,
    source: snapshot.source,
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
