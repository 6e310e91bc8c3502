// The pure part of the local store: the replica as plain data, and the changes that a local write or
// a pulled page makes to it, as a list of record changes that the IndexedDB store and the in-memory copy apply
// alike. Ops waiting in the outbox are re-applied on top of every pull, so a pull never hides a local write.
import type { DayState } from "../../../core/day-state";
import { DEFAULT_DAY_START } from "../../../core/day-start";
import type { StoredHabit } from "../../../core/habit";
import { sortedDayNumbers, withDay } from "../../../core/habit-days";
import { sortHabits } from "../../../core/habit-order";
import { isLocalDate, type LocalDate, toDayNumber } from "../../../core/local-date";
import { expandDayRanges } from "../../../core/day-ranges";
import type { Schedule } from "../../../core/schedule";
import type { SyncHabit, SyncOp, SyncPull, SyncSettings } from "../../../core/sync";
import { normalizeVacations } from "../../../core/vacation";

// The ops the outbox holds (sync-loop.ts sends them), here at the bottom of the store's modules: replica-db.ts and
// sync-loop.ts both use them, and an import of them from either would close a cycle.
/** A habit of an import, with the id it has on this device until the server gives its own, and the optional fields
 * of a backup file. */
export type ImportHabit = {
  id: string;
  name: string;
  completedDates: LocalDate[];
  skippedDates?: LocalDate[];
  schedule?: Schedule | null;
  archived?: boolean;
  position?: number;
  emoji?: string | null;
};
/**
 * An import the server could not take yet (the imported list is still loaded locally). It stays a
 * device-only op: it goes alone, as the one-transaction PUT /api/habits, when it reaches the head of the queue.
 */
export type ImportOp = { opId: string; type: "importAll"; habits: ImportHabit[] };
/** Anything the outbox holds: a sync op, or an import. */
export type LocalOp = SyncOp | ImportOp;

/** What a delete removed, kept with its op while it can be undone; `cursor`: the pull cursor then. */
export type DeletedHabit = {
  habit: SyncHabit;
  done: LocalDate[];
  skipped: LocalDate[];
  cursor: string | null;
};

/**
 * An op as the outbox keeps it: `seq` is its place in the queue (IndexedDB's auto-increment key). A held op
 * (`notBefore`, ms since the epoch: a delete that can still be undone) waits until then, and so does every op
 * after it for the same habit; `undo` is what its delete removed.
 */
export type QueuedOp = { seq: number; op: LocalOp; notBefore?: number; undo?: DeletedHabit };
export type Replica = {
  habits: ReadonlyMap<string, SyncHabit>;
  /** Done days per habit. */
  done: ReadonlyMap<string, ReadonlySet<LocalDate>>;
  /** Skipped days per habit; a day is in one of the two at most. */
  skipped: ReadonlyMap<string, ReadonlySet<LocalDate>>;
  /**
   * The days of `done` and `skipped` as day numbers, ascending, each read once when it arrives: the figures are
   * derived from them (core's deriveFromDays; docs/decisions/0061). No entry for a habit without such days, nor for
   * one with a day that cannot be read (its figures are then derived from the strings, which shows the error).
   */
  doneDays: ReadonlyMap<string, Int32Array>;
  skippedDays: ReadonlyMap<string, Int32Array>;
  /** The user's day start and vacations. */
  settings: SyncSettings;
};

/** What a local write may change of a habit besides its days. */
export type HabitPatch = Partial<Pick<SyncHabit, "name" | "schedule" | "archived" | "emoji" | "position">>;

export type Change =
  /** Every habit and day goes (a full pull, an import); the settings stay: a full pull carries them. */
  | { kind: "clear" }
  | { kind: "putHabit"; habit: SyncHabit }
  | { kind: "patchHabit"; id: string; patch: HabitPatch; updatedAt: string }
  | { kind: "deleteHabit"; id: string }
  | { kind: "setDays"; habitId: string; dates: readonly LocalDate[]; state: DayState }
  | { kind: "putSettings"; settings: SyncSettings }
  | { kind: "patchSettings"; patch: Partial<SyncSettings> };

export const DEFAULT_SETTINGS: SyncSettings = { dayStart: DEFAULT_DAY_START, vacations: [] };

export const emptyReplica = (): Replica => ({
  habits: new Map(),
  done: new Map(),
  skipped: new Map(),
  doneDays: new Map(),
  skippedDays: new Map(),
  settings: DEFAULT_SETTINGS,
});

type HabitFields = Pick<SyncHabit, "id" | "name" | "createdAt" | "updatedAt"> & {
  [K in "schedule" | "archived" | "position" | "emoji"]?: SyncHabit[K] | undefined;
};

/** A habit row as an older release stored it, with the history fields at their defaults. */
export function withHabitDefaults(habit: HabitFields): SyncHabit {
  return {
    id: habit.id,
    name: habit.name,
    createdAt: habit.createdAt,
    updatedAt: habit.updatedAt,
    schedule: habit.schedule ?? null,
    archived: habit.archived ?? false,
    position: typeof habit.position === "number" && Number.isFinite(habit.position) ? habit.position : 0,
    emoji: habit.emoji ?? null,
  };
}

/** What a local write changes; `nowIso` stamps a new or changed habit until the server's stamps arrive. */
export function opChanges(op: LocalOp, nowIso: string): Change[] {
  switch (op.type) {
    case "importAll": {
      // Newest first as the server stores an import: each habit a millisecond before the one above it.
      const now = Date.parse(nowIso);
      const changes: Change[] = [{ kind: "clear" }];
      op.habits.forEach((row, index) => {
        const at = new Date(now - index).toISOString();
        const { id, completedDates, skippedDates = [] } = row;
        const habit = withHabitDefaults({
          ...row,
          createdAt: at,
          updatedAt: at,
          position: row.position ?? index,
        });
        changes.push({ kind: "putHabit", habit });
        changes.push({ kind: "setDays", habitId: id, dates: skippedDates, state: "skipped" });
        changes.push({ kind: "setDays", habitId: id, dates: completedDates, state: "done" });
      });
      return changes;
    }
    case "createHabit":
      return [
        {
          kind: "putHabit",
          habit: withHabitDefaults({
            id: op.habitId,
            name: op.name,
            createdAt: nowIso,
            updatedAt: nowIso,
            schedule: op.schedule,
            emoji: op.emoji,
            position: op.position,
          }),
        },
      ];
    case "renameHabit":
      return [{ kind: "patchHabit", id: op.habitId, patch: { name: op.name }, updatedAt: nowIso }];
    case "updateHabit": {
      const patch: HabitPatch = {};
      if (op.schedule !== undefined) patch.schedule = op.schedule;
      if (op.archived !== undefined) patch.archived = op.archived;
      if (op.emoji !== undefined) patch.emoji = op.emoji;
      return [{ kind: "patchHabit", id: op.habitId, patch, updatedAt: nowIso }];
    }
    case "moveHabit":
      return [{ kind: "patchHabit", id: op.habitId, patch: { position: op.position }, updatedAt: nowIso }];
    case "deleteHabit":
      return [{ kind: "deleteHabit", id: op.habitId }];
    case "setCompletion":
      return [{ kind: "setDays", habitId: op.habitId, dates: [op.date], state: op.done ? "done" : "none" }];
    case "setDay":
      return [{ kind: "setDays", habitId: op.habitId, dates: [op.date], state: op.state }];
    case "setSettings": {
      const patch: Partial<SyncSettings> = {};
      if (op.dayStart !== undefined) patch.dayStart = op.dayStart;
      if (op.vacations !== undefined) patch.vacations = normalizeVacations(op.vacations);
      return [{ kind: "patchSettings", patch }];
    }
  }
}

/** The changes that put a deleted habit back as it was (an undone delete). */
export function restoreChanges({ habit, done, skipped }: DeletedHabit): Change[] {
  return [
    { kind: "putHabit", habit },
    { kind: "setDays", habitId: habit.id, dates: done, state: "done" },
    { kind: "setDays", habitId: habit.id, dates: skipped, state: "skipped" },
  ];
}

/** What a pulled page changes (`fromScratch`: the first page of a full pull replaces everything). Days travel as
 * ranges (core/day-ranges.ts); a malformed range throws, and the page is not applied. */
export function pullChanges(pull: SyncPull, fromScratch: boolean): Change[] {
  const changes: Change[] = fromScratch ? [{ kind: "clear" }] : [];
  if (pull.settings) changes.push({ kind: "putSettings", settings: pull.settings });
  for (const habit of pull.habits) changes.push({ kind: "putHabit", habit: withHabitDefaults(habit) });
  for (const { habitId, done, skipped = [], undone } of pull.completions) {
    const lists = [
      [undone, "none"],
      [skipped, "skipped"],
      [done, "done"],
    ] as const;
    for (const [ranges, state] of lists)
      if (ranges.length > 0)
        changes.push({ kind: "setDays", habitId, dates: expandDayRanges(ranges), state });
  }
  for (const id of pull.deletedHabitIds) changes.push({ kind: "deleteHabit", id });
  return changes;
}

/**
 * One pull in progress. By changes, each page is written as it arrives. From scratch (an empty cursor, or a page
 * that answers `reset`: the server cannot say what changed since the cursor), the pages are gathered and written
 * once, after the last: they replace the replica, so the screens never show half a list and nothing the server
 * lacks survives. A reset met while gathering starts the gathering over from its page.
 */
export type PullRun = {
  cursor: string;
  fromScratch: boolean;
  pages: number;
  resets: number;
  gathered: Change[];
};

export const startPull = (cursor: string): PullRun => ({
  cursor,
  fromScratch: cursor === "",
  pages: 0,
  resets: 0,
  gathered: [],
});

/** The run after `page`, and the changes to write now (null while a pull from scratch goes on gathering). */
export function takePage(run: PullRun, page: SyncPull): { run: PullRun; write: Change[] | null } {
  const reset = page.reset === true;
  const fromScratch = run.fromScratch || reset;
  const changes = pullChanges(page, fromScratch && (reset || run.pages === 0));
  const gathered = reset || !fromScratch ? changes : run.gathered.concat(changes);
  const next = {
    cursor: page.cursor,
    fromScratch,
    pages: run.pages + 1,
    resets: run.resets + (reset ? 1 : 0),
  };
  if (fromScratch && page.more) return { run: { ...next, gathered }, write: null };
  return { run: { ...next, gathered: [] }, write: gathered };
}

/** A pull, then the ops still waiting in the outbox, in their order. */
export function rebase(pulled: Change[], waiting: readonly LocalOp[], nowIso: string): Change[] {
  return [...pulled, ...waiting.flatMap((op) => opChanges(op, nowIso))];
}

/** The replica after `changes`; the maps of the input are not modified. A write to a missing habit is dropped
 * (a delete wins), and the days of an unknown habit are kept only when its habit arrives in the same pull. */
export function applyChanges(replica: Replica, changes: readonly Change[]): Replica {
  let habits = new Map(replica.habits);
  let done = new Map(replica.done);
  let skipped = new Map(replica.skipped);
  let doneDays = new Map(replica.doneDays);
  let skippedDays = new Map(replica.skippedDays);
  let settings = replica.settings;
  const editable = (map: Map<string, ReadonlySet<LocalDate>>, id: string) => {
    const dates = new Set(map.get(id) ?? []);
    map.set(id, dates);
    return dates;
  };
  for (const change of changes) {
    switch (change.kind) {
      case "clear":
        habits = new Map();
        done = new Map();
        skipped = new Map();
        doneDays = new Map();
        skippedDays = new Map();
        break;
      case "putHabit":
        habits.set(change.habit.id, change.habit);
        break;
      case "patchHabit": {
        const habit = habits.get(change.id);
        if (habit) habits.set(change.id, { ...habit, ...change.patch, updatedAt: change.updatedAt });
        break;
      }
      case "deleteHabit":
        habits.delete(change.id);
        done.delete(change.id);
        skipped.delete(change.id);
        doneDays.delete(change.id);
        skippedDays.delete(change.id);
        break;
      case "setDays": {
        const { habitId, state } = change;
        // Days already so (a pull bringing back this device's own tick) leave the habit's lists as they are.
        const doneNow = done.get(habitId);
        const skippedNow = skipped.get(habitId);
        const same = (date: LocalDate) =>
          (doneNow?.has(date) ?? false) === (state === "done") &&
          (skippedNow?.has(date) ?? false) === (state === "skipped");
        if (change.dates.every(same)) break;
        // Each list is copied once per change, and only when it holds the habit or gains a day.
        const fromDone = state !== "done" && done.has(habitId) ? editable(done, habitId) : null;
        const fromSkipped = state !== "skipped" && skipped.has(habitId) ? editable(skipped, habitId) : null;
        const into =
          state === "done"
            ? editable(done, habitId)
            : state === "skipped"
              ? editable(skipped, habitId)
              : null;
        for (const date of change.dates) {
          fromDone?.delete(date);
          fromSkipped?.delete(date);
          into?.add(date);
        }
        if (fromDone) setDayNumbers(doneDays, habitId, fromDone, change.dates);
        if (fromSkipped) setDayNumbers(skippedDays, habitId, fromSkipped, change.dates);
        if (into) setDayNumbers(state === "done" ? doneDays : skippedDays, habitId, into, change.dates);
        break;
      }
      case "putSettings":
        settings = {
          dayStart: change.settings.dayStart,
          vacations: normalizeVacations(change.settings.vacations),
        };
        break;
      case "patchSettings":
        settings = { ...settings, ...change.patch };
        break;
    }
  }
  for (const id of done.keys()) if (!habits.has(id)) done.delete(id);
  for (const id of skipped.keys()) if (!habits.has(id)) skipped.delete(id);
  for (const id of doneDays.keys()) if (!habits.has(id)) doneDays.delete(id);
  for (const id of skippedDays.keys()) if (!habits.has(id)) skippedDays.delete(id);
  return { habits, done, skipped, doneDays, skippedDays, settings };
}

/**
 * The day numbers of a habit's list after `changed` went in or out of `dates` (the list as it is now): one day
 * set or cleared changes one number of the numbers held (a tick), more are read again from the list (a pulled
 * page, an import). Held only when every day of the list can be read.
 */
function setDayNumbers(
  numbers: Map<string, Int32Array>,
  id: string,
  dates: ReadonlySet<LocalDate>,
  changed: readonly LocalDate[],
) {
  const held = numbers.get(id);
  const [date] = changed;
  let next: Int32Array | undefined;
  if (changed.length === 1 && date !== undefined && isLocalDate(date) && (held || dates.size <= 1))
    next = withDay(held ?? NO_DAYS, toDayNumber(date), dates.has(date));
  else next = readable([...dates]);
  if (next && next.length > 0) numbers.set(id, next);
  else numbers.delete(id);
}

const NO_DAYS = new Int32Array(0);

function readable(dates: readonly LocalDate[]): Int32Array | undefined {
  try {
    return sortedDayNumbers(dates);
  } catch (error) {
    if (error instanceof RangeError) return undefined; // a day that cannot be read
    throw error;
  }
}

/** Each list of days sorted once: a change copies only the lists it touches (applyChanges), the others keep their
 * sets, and so their sorted arrays. */
const sortedLists = new WeakMap<ReadonlySet<LocalDate>, LocalDate[]>();
const NO_DATES: ReadonlySet<LocalDate> = new Set();

function sortedDates(dates: ReadonlySet<LocalDate> = NO_DATES): LocalDate[] {
  let sorted = sortedLists.get(dates);
  if (!sorted) sortedLists.set(dates, (sorted = [...dates].sort()));
  return sorted;
}

/** The habits as the screens read them, as src/core's StoredHabit with every history field, in their order
 * (core/habit-order.ts). */
export type ReplicaHabit = StoredHabit & {
  skippedDates: LocalDate[];
  schedule: SyncHabit["schedule"];
  archived: boolean;
  position: number;
  /** `completedDates` and `skippedDates` as day numbers, index for index (Replica's doneDays and skippedDays): what
   * the figures are derived from. Absent when a day cannot be read. */
  dayNumbers?: { done: Int32Array; skipped: Int32Array };
};

type Made = {
  done: ReadonlySet<LocalDate> | undefined;
  skipped: ReadonlySet<LocalDate> | undefined;
  stored: ReplicaHabit;
};
/** The row made last from a habit record, with the day sets it was made from. */
const made = new WeakMap<SyncHabit, Made>();

/**
 * The habits in their order. A habit whose record and days did not change since the last call is the same object
 * as then: a tick makes one new row, and what is derived from the others (use-habits.ts's views, the rows of Today) stays.
 */
export function storedHabits(replica: Replica): ReplicaHabit[] {
  return sortHabits([...replica.habits.values()]).map((record) => {
    const done = replica.done.get(record.id);
    const skipped = replica.skipped.get(record.id);
    const last = made.get(record);
    if (last && last.done === done && last.skipped === skipped) return last.stored;
    const { emoji, ...habit } = record;
    const completedDates = sortedDates(done);
    const skippedDates = sortedDates(skipped);
    const doneDays = replica.doneDays.get(record.id) ?? NO_DAYS;
    const skippedDays = replica.skippedDays.get(record.id) ?? NO_DAYS;
    const stored: ReplicaHabit = {
      ...habit,
      ...(emoji === null ? {} : { emoji }),
      completedDates,
      skippedDates,
    };
    if (doneDays.length === completedDates.length && skippedDays.length === skippedDates.length)
      stored.dayNumbers = { done: doneDays, skipped: skippedDays };
    made.set(record, { done, skipped, stored });
    return stored;
  });
}
