// The pure part of the local store (issue 9): the replica as plain data, and the changes that a local write or
// a pulled page makes to it, as a list of record changes that the IndexedDB store and the in-memory copy apply
// alike. Ops waiting in the outbox are re-applied on top of every pull, so a pull never hides a local write.
import type { StoredHabit } from "../../../core/habit";
import type { LocalDate } from "../../../core/local-date";
import { expandDayRanges } from "../../../core/day-ranges";
import type { SyncHabit, SyncPull } from "../../../core/sync";
import type { LocalOp } from "./outbox";

export type Replica = {
  habits: ReadonlyMap<string, SyncHabit>;
  done: ReadonlyMap<string, ReadonlySet<LocalDate>>;
};

export type Change =
  | { kind: "clear" }
  | { kind: "putHabit"; habit: SyncHabit }
  | { kind: "renameHabit"; id: string; name: string; updatedAt: string }
  | { kind: "deleteHabit"; id: string }
  | { kind: "setDone"; habitId: string; date: LocalDate; done: boolean }
  | { kind: "setDays"; habitId: string; dates: readonly LocalDate[]; done: boolean };

export const emptyReplica = (): Replica => ({ habits: new Map(), done: new Map() });

/** What a local write changes; `nowIso` stamps a new or renamed habit until the server's stamps arrive. */
export function opChanges(op: LocalOp, nowIso: string): Change[] {
  switch (op.type) {
    case "importAll": {
      // Newest first as the server stores an import: each habit a millisecond before the one above it.
      const now = Date.parse(nowIso);
      const changes: Change[] = [{ kind: "clear" }];
      op.habits.forEach(({ id, name, completedDates }, index) => {
        const at = new Date(now - index).toISOString();
        changes.push({ kind: "putHabit", habit: { id, name, createdAt: at, updatedAt: at } });
        changes.push({ kind: "setDays", habitId: id, dates: completedDates, done: true });
      });
      return changes;
    }
    case "createHabit":
      return [
        { kind: "putHabit", habit: { id: op.habitId, name: op.name, createdAt: nowIso, updatedAt: nowIso } },
      ];
    case "renameHabit":
      return [{ kind: "renameHabit", id: op.habitId, name: op.name, updatedAt: nowIso }];
    case "deleteHabit":
      return [{ kind: "deleteHabit", id: op.habitId }];
    case "setCompletion":
      return [{ kind: "setDone", habitId: op.habitId, date: op.date, done: op.done }];
  }
}

/** What a pulled page changes (`fromScratch`: the first page of a full pull replaces everything). Days travel as
 * ranges (core/day-ranges.ts); a malformed range throws, and the page is not applied. */
export function pullChanges(pull: SyncPull, fromScratch: boolean): Change[] {
  const changes: Change[] = fromScratch ? [{ kind: "clear" }] : [];
  for (const habit of pull.habits) changes.push({ kind: "putHabit", habit });
  for (const { habitId, done, undone } of pull.completions) {
    if (done.length > 0) changes.push({ kind: "setDays", habitId, dates: expandDayRanges(done), done: true });
    if (undone.length > 0)
      changes.push({ kind: "setDays", habitId, dates: expandDayRanges(undone), done: false });
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
 * (a delete wins), and a completion of an unknown habit is kept only when its habit arrives in the same pull. */
export function applyChanges(replica: Replica, changes: readonly Change[]): Replica {
  let habits = new Map(replica.habits);
  let done = new Map(replica.done);
  const editable = (id: string) => {
    const dates = new Set(done.get(id) ?? []);
    done.set(id, dates);
    return dates;
  };
  for (const change of changes) {
    switch (change.kind) {
      case "clear":
        habits = new Map();
        done = new Map();
        break;
      case "putHabit":
        habits.set(change.habit.id, change.habit);
        break;
      case "renameHabit": {
        const habit = habits.get(change.id);
        if (habit) habits.set(change.id, { ...habit, name: change.name, updatedAt: change.updatedAt });
        break;
      }
      case "deleteHabit":
        habits.delete(change.id);
        done.delete(change.id);
        break;
      case "setDone":
        if (change.done) editable(change.habitId).add(change.date);
        else if (done.has(change.habitId)) editable(change.habitId).delete(change.date);
        break;
      case "setDays": {
        if (!change.done && !done.has(change.habitId)) break;
        const dates = editable(change.habitId);
        for (const date of change.dates) {
          if (change.done) dates.add(date);
          else dates.delete(date);
        }
        break;
      }
    }
  }
  for (const id of done.keys()) if (!habits.has(id)) done.delete(id);
  return { habits, done };
}

/** The list the screens show: newest first, as src/core's StoredHabit. */
export function storedHabits(replica: Replica): StoredHabit[] {
  return [...replica.habits.values()]
    .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : a.id < b.id ? 1 : -1))
    .map((h) => ({ ...h, completedDates: [...(replica.done.get(h.id) ?? [])].sort() }));
}
