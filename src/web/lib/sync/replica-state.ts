// The pure part of the local store: the replica as plain data, and the changes that a local write or
// a pulled page makes to it, as a list of record changes that the IndexedDB store and the in-memory copy apply
// alike. Ops waiting in the outbox are re-applied on top of every pull, so a pull never hides a local write.
import type { DayState } from "../../../core/day-state";
import { DEFAULT_DAY_START } from "../../../core/day-start";
import type { StoredHabit } from "../../../core/habit";
import { lastIndexAtOrBefore, sortedDayNumbers, withDay } from "../../../core/habit-days";
import {
  DEFAULT_STEP,
  type HabitKind,
  type HabitRule,
  HABIT_KINDS,
  isHabitRules,
  isStep,
  MAX_AMOUNT,
  roundAmount,
  withRuleFrom,
} from "../../../core/habit-kind";
import {
  isHabitGroup,
  sortGroups,
  withGroup,
  withGroupChanged,
  withoutGroup,
} from "../../../core/habit-groups";
import { sortHabits } from "../../../core/habit-order";
import { uuidOfId } from "../../../core/habit-uuid";
import { fromDayNumber, isLocalDate, type LocalDate, toDayNumber } from "../../../core/local-date";
import { expandDayRanges } from "../../../core/day-ranges";
import type { Schedule } from "../../../core/schedule";
import {
  EARLIEST_DAY,
  type HabitGroup,
  type SyncHabit,
  type SyncOp,
  type SyncPull,
  type SyncSettings,
} from "../../../core/sync";
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
  kind?: HabitKind;
  rules?: HabitRule[];
  step?: number;
  values?: [LocalDate, number][];
  notes?: [LocalDate, string][];
  /** The habit's own reminder (a Loop file's), created on the server with the habit. */
  reminder?: { time: string; weekdays?: number[] } | null;
  /** Its Loop uuid: the file's, else made here from its local id and kept by the server (core/habit-uuid.ts). */
  uuid?: string;
  /** Its group's name in the file: the server finds the user's group of that name, or makes it. */
  group?: string | null;
};
/**
 * An import the server could not take yet (the imported list is still loaded locally). It stays a
 * device-only op: it goes alone, as the one-transaction PUT /api/habits, when it reaches the head of the queue.
 */
export type ImportOp = {
  opId: string;
  type: "importAll";
  habits: ImportHabit[];
  /** The file's groups, in their order (absent: none); they reach this device with the pull after the import. */
  groups?: { name: string; folded?: boolean }[];
};
/** Anything the outbox holds: a sync op, or an import. */
export type LocalOp = SyncOp | ImportOp;

/** What a delete removed, kept with its op while it can be undone; `cursor`: the pull cursor then. */
export type DeletedHabit = {
  habit: SyncHabit;
  done: LocalDate[];
  skipped: LocalDate[];
  /** Its days' numbers and notes (absent: none, as a delete stored before they existed). */
  values?: [LocalDate, number][];
  notes?: [LocalDate, string][];
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
  /** Each habit's days with a number (measurable and quit habits), by day number; no entry without any. */
  values: ReadonlyMap<string, DayEntries<number, Float64Array>>;
  /** Each habit's days with a note, by day number; no entry without any. */
  notes: ReadonlyMap<string, DayEntries<string>>;
  /** The user's day start, vacations and week start. */
  settings: SyncSettings;
};

/**
 * A habit's days that hold a number or a note: the day numbers ascending and distinct, and each one's item at the
 * same index. Compact, and what core/kind-figures.ts reads (its `days` and `values`).
 */
export type DayEntries<T, Items extends ArrayLike<T> = ArrayLike<T>> = { days: Int32Array; items: Items };

/** What a local write may change of a habit besides its days. */
export type HabitPatch = Partial<
  Pick<SyncHabit, "name" | "schedule" | "archived" | "emoji" | "position" | "step" | "groupId">
>;

/** What a local write may change of a group. */
export type GroupPatch = Partial<Omit<HabitGroup, "id">>;

export type Change =
  /** Every habit and day goes (a full pull, an import); the settings stay: a full pull carries them. */
  | { kind: "clear" }
  | { kind: "putHabit"; habit: SyncHabit }
  | { kind: "patchHabit"; id: string; patch: HabitPatch; updatedAt: string }
  | { kind: "deleteHabit"; id: string }
  | { kind: "setDays"; habitId: string; dates: readonly LocalDate[]; state: DayState }
  /** The days of `clear` lose their number, then each of `values` is set (a pulled page, setAmount). */
  | {
      kind: "setValues";
      habitId: string;
      clear: readonly LocalDate[];
      values: readonly (readonly [LocalDate, number])[];
    }
  /** A day's number raised by `add` (addAmount): the server adds to its own number, and its pull corrects this. */
  | { kind: "addValue"; habitId: string; date: LocalDate; add: number }
  | {
      kind: "setNotes";
      habitId: string;
      clear: readonly LocalDate[];
      notes: readonly (readonly [LocalDate, string])[];
    }
  /** A rule from its day on (setRules), the earlier rules kept (core withRuleFrom). */
  | { kind: "ruleFrom"; id: string; rule: HabitRule; updatedAt: string }
  | { kind: "putSettings"; settings: SyncSettings }
  | { kind: "patchSettings"; patch: Partial<SyncSettings> }
  | GroupChange;

/** A change of the user's groups (groupsAfter); a deleted group's habits become ungrouped. */
export type GroupChange =
  /** A new group; without a position it goes last (core/habit-groups.ts: withGroup). */
  | { kind: "putGroup"; group: Pick<HabitGroup, "id" | "name"> & Partial<HabitGroup> }
  | { kind: "patchGroup"; id: string; patch: GroupPatch }
  | { kind: "deleteGroup"; id: string };

export const DEFAULT_SETTINGS: SyncSettings = {
  dayStart: DEFAULT_DAY_START,
  vacations: [],
  weekStart: null,
  groups: [],
};

/** The groups of stored or pulled settings, in their order; none when absent (a server or store without groups). */
export function readGroups(value: unknown): HabitGroup[] {
  if (!Array.isArray(value)) return [];
  return sortGroups(
    value.filter(isHabitGroup).map(({ id, name, position, folded }) => ({ id, name, position, folded })),
  );
}

/**
 * The groups after one local group change, by the rules the server applies (core/habit-groups.ts). A change the
 * server would refuse changes nothing here (its op is refused and rolled back), and so does one applied twice (a
 * write re-applied on top of the pull that brought it back).
 */
export function groupsAfter(groups: readonly HabitGroup[], change: GroupChange): HabitGroup[] {
  const next =
    change.kind === "putGroup"
      ? withGroup(groups, change.group)
      : change.kind === "patchGroup"
        ? withGroupChanged(groups, change.id, change.patch)
        : withoutGroup(groups, change.id);
  return Array.isArray(next) ? next : [...groups];
}

export const emptyReplica = (): Replica => ({
  habits: new Map(),
  done: new Map(),
  skipped: new Map(),
  doneDays: new Map(),
  skippedDays: new Map(),
  values: new Map(),
  notes: new Map(),
  settings: DEFAULT_SETTINGS,
});

type HabitFields = Pick<SyncHabit, "id" | "name" | "createdAt" | "updatedAt"> & {
  [K in "schedule" | "archived" | "position" | "emoji" | "kind" | "rules" | "step" | "uuid" | "groupId"]?:
    SyncHabit[K] | undefined;
};

/**
 * A habit row as an older release stored it (or an older server sent it), with the missing fields at their
 * defaults: a yes/no habit of one rule, its schedule, from the day it was made (docs/decisions/0061).
 */
export function withHabitDefaults(habit: HabitFields): SyncHabit {
  const schedule = habit.schedule ?? null;
  const kind = habit.kind !== undefined && HABIT_KINDS.includes(habit.kind) ? habit.kind : "yesNo";
  const rules =
    habit.rules !== undefined && habit.rules.length > 0 && isHabitRules(kind, habit.rules)
      ? habit.rules
      : [{ from: dayOf(habit.createdAt), frequency: schedule, target: null }];
  return {
    id: habit.id,
    name: habit.name,
    createdAt: habit.createdAt,
    updatedAt: habit.updatedAt,
    schedule,
    archived: habit.archived ?? false,
    position: typeof habit.position === "number" && Number.isFinite(habit.position) ? habit.position : 0,
    emoji: habit.emoji ?? null,
    kind,
    rules,
    step: isStep(habit.step) ? habit.step : DEFAULT_STEP,
    // A record of an older release, or a pull of an older server, has none (or ""): the id's, as the server makes it.
    uuid: habit.uuid || uuidOfId(habit.id),
    groupId: typeof habit.groupId === "string" ? habit.groupId : null,
  };
}

/** The date of an ISO timestamp, for a default rule's first day; the first day of history when unreadable. */
function dayOf(iso: string): LocalDate {
  const date = iso.slice(0, 10);
  return isLocalDate(date) && date >= EARLIEST_DAY ? date : EARLIEST_DAY;
}

/** The habit with `rule` from its day on; its schedule follows the last rule, as the server keeps it. */
export function withRule(habit: SyncHabit, rule: HabitRule, updatedAt: string): SyncHabit {
  const rules = withRuleFrom(habit.rules, rule.from, { frequency: rule.frequency, target: rule.target });
  return { ...habit, rules, schedule: scheduleOf(rules), updatedAt };
}

/** The schedule a reader of the previous release sees: the last rule's weekdays (null: every day, or N times). */
export function scheduleOf(rules: readonly HabitRule[]): Schedule | null {
  const last = rules.at(-1)?.frequency ?? null;
  return last !== null && "weekdays" in last ? { weekdays: last.weekdays } : null;
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
        if (row.values) changes.push({ kind: "setValues", habitId: id, clear: [], values: row.values });
        if (row.notes) changes.push({ kind: "setNotes", habitId: id, clear: [], notes: row.notes });
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
            schedule: op.schedule ?? (op.rules ? scheduleOf(op.rules) : null),
            emoji: op.emoji,
            position: op.position,
            kind: op.kind,
            rules: op.rules,
            step: op.step,
            uuid: op.uuid,
            groupId: op.groupId,
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
      if (op.step !== undefined) patch.step = op.step;
      if (op.groupId !== undefined) patch.groupId = op.groupId;
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
    case "setAmount": {
      const values = op.value === null ? [] : [[op.date, op.value] as const];
      return [{ kind: "setValues", habitId: op.habitId, clear: [op.date], values }];
    }
    case "addAmount":
      return [{ kind: "addValue", habitId: op.habitId, date: op.date, add: op.add }];
    case "setNote": {
      const notes = op.note === null ? [] : [[op.date, op.note] as const];
      return [{ kind: "setNotes", habitId: op.habitId, clear: [op.date], notes }];
    }
    case "setRules": {
      const rule = { from: op.from, frequency: op.frequency, target: op.target };
      return [{ kind: "ruleFrom", id: op.habitId, rule, updatedAt: nowIso }];
    }
    case "createGroup": {
      const { groupId: id, name, position, folded } = op;
      return [{ kind: "putGroup", group: { id, name, position, folded } }];
    }
    case "updateGroup": {
      const patch: GroupPatch = {};
      if (op.name !== undefined) patch.name = op.name;
      if (op.position !== undefined) patch.position = op.position;
      if (op.folded !== undefined) patch.folded = op.folded;
      return [{ kind: "patchGroup", id: op.groupId, patch }];
    }
    case "deleteGroup":
      return [{ kind: "deleteGroup", id: op.groupId }];
    case "setSettings": {
      const patch: Partial<SyncSettings> = {};
      if (op.dayStart !== undefined) patch.dayStart = op.dayStart;
      if (op.vacations !== undefined) patch.vacations = normalizeVacations(op.vacations);
      if (op.weekStart !== undefined) patch.weekStart = op.weekStart;
      return [{ kind: "patchSettings", patch }];
    }
  }
}

/** The changes that put a deleted habit back as it was (an undone delete). */
export function restoreChanges({ habit, done, skipped, values = [], notes = [] }: DeletedHabit): Change[] {
  return [
    { kind: "putHabit", habit },
    { kind: "setDays", habitId: habit.id, dates: done, state: "done" },
    { kind: "setDays", habitId: habit.id, dates: skipped, state: "skipped" },
    { kind: "setValues", habitId: habit.id, clear: [], values },
    { kind: "setNotes", habitId: habit.id, clear: [], notes },
  ];
}

/**
 * What a pulled page changes (`clear`: the first page of a full pull replaces everything; `gathering`: a page of a
 * full pull, written after that clear, so that no day of it has a number or a note to take away). Days travel as
 * ranges (core/day-ranges.ts); a malformed range throws, and the page is not applied. A listed day that the page's
 * `values` or `notes` do not hold has none (core/sync.ts, SyncHabitDays).
 */
export function pullChanges(pull: SyncPull, clear: boolean, gathering = clear): Change[] {
  const changes: Change[] = clear ? [{ kind: "clear" }] : [];
  if (pull.settings) changes.push({ kind: "putSettings", settings: pull.settings });
  for (const habit of pull.habits) changes.push({ kind: "putHabit", habit: withHabitDefaults(habit) });
  for (const { habitId, done, skipped = [], undone, values = [], notes = [] } of pull.completions) {
    const lists = [
      [undone, "none"],
      [skipped, "skipped"],
      [done, "done"],
    ] as const;
    const listed: LocalDate[] = [];
    for (const [ranges, state] of lists)
      if (ranges.length > 0) {
        const dates = expandDayRanges(ranges);
        changes.push({ kind: "setDays", habitId, dates, state });
        if (!gathering) listed.push(...dates);
      }
    if (listed.length > 0 || values.length > 0)
      changes.push({ kind: "setValues", habitId, clear: listed, values });
    if (listed.length > 0 || notes.length > 0)
      changes.push({ kind: "setNotes", habitId, clear: listed, notes });
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
  const changes = pullChanges(page, fromScratch && (reset || run.pages === 0), fromScratch);
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
  let values = new Map(replica.values);
  let notes = new Map(replica.notes);
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
        values = new Map();
        notes = new Map();
        break;
      case "putHabit":
        habits.set(change.habit.id, change.habit);
        break;
      case "patchHabit": {
        const habit = habits.get(change.id);
        if (habit) habits.set(change.id, { ...habit, ...change.patch, updatedAt: change.updatedAt });
        break;
      }
      case "ruleFrom": {
        const habit = habits.get(change.id);
        if (habit) habits.set(change.id, withRule(habit, change.rule, change.updatedAt));
        break;
      }
      case "deleteHabit":
        habits.delete(change.id);
        done.delete(change.id);
        skipped.delete(change.id);
        doneDays.delete(change.id);
        skippedDays.delete(change.id);
        values.delete(change.id);
        notes.delete(change.id);
        break;
      case "setValues":
        setEntries(values, change.habitId, change.clear, change.values, (n) => new Float64Array(n));
        break;
      case "addValue": {
        if (!isLocalDate(change.date)) break;
        const day = toDayNumber(change.date);
        const now = entryAt(values.get(change.habitId), day) ?? 0;
        const value = Math.min(MAX_AMOUNT, roundAmount(now + change.add));
        setEntries(values, change.habitId, [], [[change.date, value]], (n) => new Float64Array(n));
        break;
      }
      case "setNotes":
        setEntries(notes, change.habitId, change.clear, change.notes, (n) => new Array<string>(n));
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
          weekStart: change.settings.weekStart ?? null,
          groups: readGroups(change.settings.groups),
        };
        break;
      case "patchSettings":
        settings = { ...settings, ...change.patch };
        break;
      case "putGroup":
      case "patchGroup":
        settings = { ...settings, groups: groupsAfter(settings.groups, change) };
        break;
      case "deleteGroup":
        settings = { ...settings, groups: groupsAfter(settings.groups, change) };
        for (const habit of habits.values())
          if (habit.groupId === change.id) habits.set(habit.id, { ...habit, groupId: null });
        break;
    }
  }
  for (const id of done.keys()) if (!habits.has(id)) done.delete(id);
  for (const id of skipped.keys()) if (!habits.has(id)) skipped.delete(id);
  for (const id of doneDays.keys()) if (!habits.has(id)) doneDays.delete(id);
  for (const id of skippedDays.keys()) if (!habits.has(id)) skippedDays.delete(id);
  for (const id of values.keys()) if (!habits.has(id)) values.delete(id);
  for (const id of notes.keys()) if (!habits.has(id)) notes.delete(id);
  return { habits, done, skipped, doneDays, skippedDays, values, notes, settings };
}

/** The item of `day` in `entries`, if it has one. */
export function entryAt<T>(entries: DayEntries<T> | undefined, day: number): T | undefined {
  if (!entries) return undefined;
  const at = lastIndexAtOrBefore(entries.days, day);
  return at >= 0 && entries.days[at] === day ? entries.items[at] : undefined;
}

/**
 * A habit's entries after the days of `clear` lost theirs and `set` was written: a new object when they change
 * (the lists of the other habits stay), none when nothing is left. Days that cannot be read are left out.
 */
function setEntries<T, Items extends { [index: number]: T; length: number }>(
  map: Map<string, DayEntries<T, Items>>,
  id: string,
  clear: readonly LocalDate[],
  set: readonly (readonly [LocalDate, T])[],
  make: (length: number) => Items,
): void {
  const held = map.get(id);
  if (!held && set.length === 0) return;
  const byDay = new Map<number, T>();
  if (held) for (let i = 0; i < held.days.length; i++) byDay.set(held.days[i]!, held.items[i]!);
  for (const date of clear) if (isLocalDate(date)) byDay.delete(toDayNumber(date));
  for (const [date, item] of set) if (isLocalDate(date)) byDay.set(toDayNumber(date), item);
  if (byDay.size === 0) {
    map.delete(id);
    return;
  }
  const days = Int32Array.from(byDay.keys()).sort();
  const items = make(days.length);
  for (let i = 0; i < days.length; i++) items[i] = byDay.get(days[i]!)!;
  map.set(id, { days, items });
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
  kind: HabitKind;
  rules: HabitRule[];
  step: number;
  /** The user's group it belongs to (HabitGroup's id); null: ungrouped. */
  groupId: string | null;
  /** `completedDates` and `skippedDates` as day numbers, index for index (Replica's doneDays and skippedDays): what
   * the figures are derived from. Absent when a day cannot be read. */
  dayNumbers?: { done: Int32Array; skipped: Int32Array };
  /** The days' numbers and notes as the replica holds them (`values` and `notes` are the same as dates). */
  dayValues?: DayEntries<number, Float64Array>;
  dayNotes?: DayEntries<string>;
};

type Made = {
  done: ReadonlySet<LocalDate> | undefined;
  skipped: ReadonlySet<LocalDate> | undefined;
  values: DayEntries<number, Float64Array> | undefined;
  notes: DayEntries<string> | undefined;
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
    const values = replica.values.get(record.id);
    const notes = replica.notes.get(record.id);
    const last = made.get(record);
    if (
      last &&
      last.done === done &&
      last.skipped === skipped &&
      last.values === values &&
      last.notes === notes
    )
      return last.stored;
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
    if (values) {
      stored.dayValues = values;
      stored.values = asDates(values);
    }
    if (notes) {
      stored.dayNotes = notes;
      stored.notes = asDates(notes);
    }
    made.set(record, { done, skipped, values, notes, stored });
    return stored;
  });
}

function asDates<T>({ days, items }: DayEntries<T>): [LocalDate, T][] {
  return Array.from(days, (day, i) => [fromDayNumber(day), items[i]!]);
}
