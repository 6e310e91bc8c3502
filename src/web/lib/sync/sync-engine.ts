// The local-first store of one signed-in user (docs/decisions/0025): an in-memory copy of the IndexedDB
// replica that the screens read, the habit writes as ops that apply at once and join the outbox, and the tab
// coordination. It loads after the first paint (use-habits.ts; docs/decisions/0060). The network side (push, pull,
// live events, backoff) runs in one tab only: see sync-loop.ts.
import type { BackupGroupItem } from "../../../core/backup-groups-schema";
import type { BackupHabit } from "../../../core/backup-schema";
import { ERROR_BANNER_MS } from "../../../core/constants";
import { type DayState, nextDayState } from "../../../core/day-state";
import {
  type Frequency,
  type HabitKind,
  type HabitRule,
  HABIT_KINDS,
  isAmount,
  isFrequency,
  isHabitRules,
  isStep,
  isTarget,
  MAX_HABIT_RULES,
  ruleProblem,
  type Target,
  withRuleFrom,
} from "../../../core/habit-kind";
import { positionForNewGroup } from "../../../core/habit-groups";
import { moveAmong, moveBefore, positionForNew, type PositionChange } from "../../../core/habit-order";
import { uuidOfId } from "../../../core/habit-uuid";
import { isLocalDate, type LocalDate, toDayNumber } from "../../../core/local-date";
import { messages } from "../../../core/messages";
import { normalizeName } from "../../../core/name";
import { normalizeSchedule, type Schedule } from "../../../core/schedule";
import { EARLIEST_DAY, MAX_EMOJI_LENGTH, MAX_NOTE_LENGTH, type SyncOp } from "../../../core/sync";
import { showError, showNotice } from "../../ui/notices";
import { groupProblem } from "../habits/groups";
import { parseHabitName } from "../habits/habit-validation";
import { newId } from "../habits/new-id";
import { setDayStart } from "../local-today";
import { inBackground, nextTask } from "../next-task";
import { perfMark } from "../perf-mark";
import {
  commitHeldDelete,
  commitLocal,
  listenToPulls,
  loadReplica,
  type Meta,
  newTabName,
  openReplicaDb,
  readOutbox,
  recordedWrites,
  recordWrite,
  settleWrite,
  tabLockName,
  undoHeldDelete,
  writerOf,
} from "./replica-db";
import {
  applyChanges,
  type Change,
  emptyReplica,
  entryAt,
  type ImportHabit,
  type ImportOp,
  type LocalOp,
  opChanges,
  type Replica,
  type ReplicaHabit,
  restoreChanges,
  storedHabits,
} from "./replica-state";
import { type CycleResult, failureMessage, startSyncLoop, type SyncLoop } from "./sync-loop";

export type StoreStatus = "loading" | "ready" | "error";
export type DeleteOp = Extract<LocalOp, { type: "deleteHabit" }>;
/** "server": the last sync reached the server; "local": the stored copy is shown, the server could not be reached. */
export type StoreSource = "server" | "local";

export type StoreSnapshot = {
  status: StoreStatus;
  source: StoreSource | null;
  /** In their order (core/habit-order.ts), archived ones included. */
  habits: ReplicaHabit[];
  replica: Replica;
  /** Local writes the server has not confirmed yet (the outbox). */
  pending: number;
  meta: Meta;
};

export type TabMessage = { type: "changed" } | { type: "kick" } | { type: "notice"; text: string };

/** "saved": the server holds the import; "refused": the server refused it; "queued": the server could not take
 * it now, so the imported list is loaded on this device and the import waits in the outbox. */
export type ImportOutcome = "saved" | "refused" | "queued";

/**
 * A new habit's optional fields. Without `kind` a yes/no habit of `schedule` (the add form); with a measurable or
 * quit `kind`, its `rules` (habit-kind.ts) are needed, and `step` is what Add raises a day by.
 */
export type HabitExtras = {
  emoji?: string | null;
  schedule?: Schedule | null;
  kind?: HabitKind;
  rules?: HabitRule[];
  step?: number;
  /** One of the user's groups (null or absent: ungrouped). */
  groupId?: string | null;
};
export type HabitUpdate = {
  schedule?: Schedule | null;
  archived?: boolean;
  emoji?: string | null;
  /** One of the user's groups, or null: ungrouped. */
  groupId?: string | null;
};
/** A group's change from Settings: its name, whether its section starts folded on Today. */
export type GroupUpdate = { name?: string; folded?: boolean };
export type SettingsChange = Omit<Extract<SyncOp, { type: "setSettings" }>, "opId" | "type">;
/** What remove() gives back: undo() until the delete has been sent. */
export type RemoveHandle = { undo: () => Promise<boolean> };

/** The engine's writes; lib/habits/use-habits.ts documents each habit write. Each resolves once stored here. */
export type SyncEngine = {
  subscribe: (listener: () => void) => () => void;
  getSnapshot: () => StoreSnapshot;
  add: (name: string, extras?: HabitExtras) => Promise<boolean>;
  rename: (id: string, name: string) => Promise<boolean>;
  /** Deletes at once; the op waits `holdMs` in the outbox, and undo() until then takes it back. */
  remove: (id: string, holdMs: number) => Promise<RemoveHandle | null>;
  setDay: (today: LocalDate, id: string, date: LocalDate, state: DayState) => Promise<boolean>;
  toggle: (today: LocalDate, id: string) => Promise<boolean>;
  cycleDay: (today: LocalDate, id: string, date: LocalDate) => Promise<boolean>;
  setAmount: (today: LocalDate, id: string, date: LocalDate, value: number | null) => Promise<boolean>;
  addAmount: (today: LocalDate, id: string, date: LocalDate, add: number) => Promise<boolean>;
  setNote: (today: LocalDate, id: string, date: LocalDate, note: string | null) => Promise<boolean>;
  setRules: (id: string, from: LocalDate, frequency: Frequency, target: Target | null) => Promise<boolean>;
  setStep: (id: string, step: number) => Promise<boolean>;
  update: (id: string, changes: HabitUpdate) => Promise<boolean>;
  move: (id: string, direction: "up" | "down") => Promise<boolean>;
  moveTo: (id: string, beforeId: string | null) => Promise<boolean>;
  /** The user's day start or vacations (lib/habits/use-user-settings.ts checks them). */
  setSettings: (settings: SettingsChange) => Promise<boolean>;
  /** The user's groups (lib/habits/use-groups.ts documents them). */
  addGroup: (name: string) => Promise<boolean>;
  updateGroup: (id: string, update: GroupUpdate) => Promise<boolean>;
  moveGroup: (id: string, direction: "up" | "down") => Promise<boolean>;
  removeGroup: (id: string) => Promise<boolean>;
  /** Replaces every habit: applied here at once, sent as one transaction through the outbox, with the file's groups. */
  importAll: (rows: readonly BackupHabit[], groups?: readonly BackupGroupItem[]) => Promise<ImportOutcome>;
  /** Sync now (a retry, an import or a migration changed the server). `full`: replace the copy with the server's. */
  sync: (full?: boolean) => Promise<void>;
};

/** What the habit writes below use of the engine: its copy, and its writes of ops. */
export type WriteTarget = {
  getSnapshot: () => { replica: Replica; habits: ReplicaHabit[] };
  write: (op: LocalOp) => Promise<boolean>;
  /** Deletes a habit here at once; its op waits in the outbox for `holdMs` before it is sent. */
  removeHeld: (op: DeleteOp, holdMs: number) => Promise<boolean>;
  /** True when the held delete `opId` was taken back (it had not been sent): the habit and its days come back. */
  undo: (opId: string) => Promise<boolean>;
};

const initial: StoreSnapshot = {
  status: "loading",
  source: null,
  habits: [],
  replica: emptyReplica(),
  pending: 0,
  meta: {},
};

/** A backup row as an import carries it: the original fields and the history ones the row has (backup-schema.ts). */
function importHabit(row: BackupHabit, id: string): ImportHabit {
  const habit: ImportHabit = { id, name: row.name, completedDates: [...new Set(row.completedDates)].sort() };
  const extra: Partial<ImportHabit> = row;
  if (extra.skippedDates) habit.skippedDates = [...new Set(extra.skippedDates)].sort();
  if (extra.schedule !== undefined) habit.schedule = extra.schedule;
  if (extra.archived !== undefined) habit.archived = extra.archived;
  if (extra.position !== undefined) habit.position = extra.position;
  if (extra.emoji !== undefined) habit.emoji = extra.emoji;
  if (extra.kind !== undefined) habit.kind = extra.kind;
  if (extra.rules !== undefined) habit.rules = extra.rules;
  if (extra.step !== undefined) habit.step = extra.step;
  if (extra.values !== undefined) habit.values = extra.values;
  if (extra.notes !== undefined) habit.notes = extra.notes;
  if (extra.reminder !== undefined) habit.reminder = extra.reminder;
  habit.uuid = extra.uuid ?? uuidOfId(id);
  if (extra.group !== undefined) habit.group = extra.group;
  return habit;
}

/** The name as the shared schema accepts it; null when refused, or when the schema could not be loaded. */
async function checkName(name: string, failure: string): Promise<string | null> {
  try {
    return await parseHabitName(name);
  } catch {
    showError(failure);
    return null;
  }
}

/** An emoji as the contract takes it: a short text (at most MAX_EMOJI_LENGTH code units, no control character). */
function cleanEmoji(emoji: string | null | undefined): string | null {
  const text = emoji?.trim() ?? "";
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  return text === "" || text.length > MAX_EMOJI_LENGTH || /[\u0000-\u001f\u007f-\u009f]/.test(text)
    ? null
    : text;
}

/** A day that can be set: from 2000-01-01 up to today. */
const settable = (date: LocalDate, today: LocalDate) =>
  isLocalDate(date) && date >= EARLIEST_DAY && date <= today;

const has = (engine: WriteTarget, id: string) => engine.getSnapshot().replica.habits.has(id);
const groupsOf = (engine: WriteTarget) => engine.getSnapshot().replica.settings.groups;
/** A habit's group as a write may give it: null, or one of the user's groups (the server refuses others). */
const knownGroup = (engine: WriteTarget, groupId: string | null) =>
  groupId === null || groupsOf(engine).some((group) => group.id === groupId);
const kindOf = (engine: WriteTarget, id: string) => engine.getSnapshot().replica.habits.get(id)?.kind;
/** A habit that counts a number a day (measurable or quit). */
const counts = (engine: WriteTarget, id: string) => {
  const kind = kindOf(engine, id);
  return kind === "measurable" || kind === "quit";
};

/** The day's state as stored now. */
function stateOf(engine: WriteTarget, id: string, date: LocalDate): DayState {
  const { replica } = engine.getSnapshot();
  if (replica.done.get(id)?.has(date)) return "done";
  return replica.skipped.get(id)?.has(date) ? "skipped" : "none";
}

/** The day's number as stored now, null without one. */
function amountOf(engine: WriteTarget, id: string, date: LocalDate): number | null {
  return entryAt(engine.getSnapshot().replica.values.get(id), toDayNumber(date)) ?? null;
}

/** Writes each position change as a moveHabit op, in order; true when all were stored. */
async function writeMoves(engine: WriteTarget, moves: readonly PositionChange[]): Promise<boolean> {
  let ok = moves.length > 0;
  for (const { id, position } of moves)
    ok = (await engine.write({ opId: newId(), type: "moveHabit", habitId: id, position })) && ok;
  return ok;
}

/** The habit writes as ops, on the engine's copy (exported for their unit test, sync-engine.test.ts). */
export const habitWrites = {
  async add(engine: WriteTarget, name: string, extras: HabitExtras = {}): Promise<boolean> {
    const valid = await checkName(name, messages.habits.saveFailed);
    if (valid === null) return false; // a blank name is ignored
    const position = positionForNew([...engine.getSnapshot().replica.habits.values()]);
    const emoji = cleanEmoji(extras.emoji);
    const schedule = normalizeSchedule(extras.schedule);
    const { kind, rules, step, groupId = null } = extras;
    if (!knownGroup(engine, groupId)) return false;
    // A kind, rules or step that the server would refuse is not written (the form checks them first).
    if (kind !== undefined && !HABIT_KINDS.includes(kind)) return false;
    if (rules !== undefined && !isHabitRules(kind ?? "yesNo", rules)) return false;
    if (kind !== undefined && kind !== "yesNo" && rules === undefined) return false;
    if (step !== undefined && !isStep(step)) return false;
    return engine.write({
      opId: newId(),
      type: "createHabit",
      habitId: newId(),
      name: valid,
      position,
      ...(emoji === null ? {} : { emoji }),
      ...(schedule === null || rules !== undefined ? {} : { schedule }),
      ...(kind === undefined ? {} : { kind }),
      ...(rules === undefined ? {} : { rules }),
      ...(step === undefined ? {} : { step }),
      ...(groupId === null ? {} : { groupId }),
    });
  },

  async rename(engine: WriteTarget, id: string, name: string): Promise<boolean> {
    const valid = await checkName(name, messages.habits.updateFailed);
    if (valid === null || !has(engine, id)) return false;
    return engine.write({ opId: newId(), type: "renameHabit", habitId: id, name: valid });
  },

  async remove(engine: WriteTarget, id: string, holdMs: number): Promise<RemoveHandle | null> {
    if (!has(engine, id)) return null;
    const opId = newId();
    const stored = await engine.removeHeld({ opId, type: "deleteHabit", habitId: id }, holdMs);
    return stored ? { undo: () => engine.undo(opId) } : null;
  },

  async setDay(
    engine: WriteTarget,
    today: LocalDate,
    id: string,
    date: LocalDate,
    state: DayState,
  ): Promise<boolean> {
    if (!has(engine, id) || !settable(date, today)) return false;
    // The server refuses "done" on a habit that counts a number (HABIT_KIND_MISMATCH): its number says it.
    if (state === "done" && counts(engine, id)) return false;
    return engine.write({ opId: newId(), type: "setDay", habitId: id, date, state });
  },

  /** Today done ↔ not done (a skipped today becomes done). */
  toggle: (engine: WriteTarget, today: LocalDate, id: string) =>
    habitWrites.setDay(engine, today, id, today, stateOf(engine, id, today) === "done" ? "none" : "done"),

  /** Not done → done → skipped → not done; a habit that counts a number: not skipped ↔ skipped. */
  cycleDay(engine: WriteTarget, today: LocalDate, id: string, date: LocalDate) {
    const now = stateOf(engine, id, date);
    const next = counts(engine, id) ? (now === "skipped" ? "none" : "skipped") : nextDayState(now);
    return habitWrites.setDay(engine, today, id, date, next);
  },

  /** A day's number, or none (null); measurable and quit habits only. */
  setAmount(
    engine: WriteTarget,
    today: LocalDate,
    id: string,
    date: LocalDate,
    value: number | null,
  ): Promise<boolean> {
    if (!counts(engine, id) || !settable(date, today)) return Promise.resolve(false);
    if (value !== null && !isAmount(value)) return Promise.resolve(false);
    if (amountOf(engine, id, date) === value) return Promise.resolve(false);
    return engine.write({ opId: newId(), type: "setAmount", habitId: id, date, value });
  },

  /** Raises a day's number by `add` (above 0); the server adds it to its own number. */
  addAmount(
    engine: WriteTarget,
    today: LocalDate,
    id: string,
    date: LocalDate,
    add: number,
  ): Promise<boolean> {
    if (!counts(engine, id) || !settable(date, today) || !isStep(add)) return Promise.resolve(false);
    return engine.write({ opId: newId(), type: "addAmount", habitId: id, date, add });
  },

  /** A day's note (trimmed; blank: none), any kind of habit; at most MAX_NOTE_LENGTH characters. */
  setNote(engine: WriteTarget, today: LocalDate, id: string, date: LocalDate, note: string | null) {
    const trimmed = note?.trim() ?? "";
    const text = trimmed === "" ? null : trimmed;
    if (!has(engine, id) || !settable(date, today)) return Promise.resolve(false);
    if (text !== null && text.length > MAX_NOTE_LENGTH) return Promise.resolve(false);
    const notes = engine.getSnapshot().replica.notes.get(id);
    if ((entryAt(notes, toDayNumber(date)) ?? null) === text) return Promise.resolve(false);
    return engine.write({ opId: newId(), type: "setNote", habitId: id, date, note: text });
  },

  /** How often and the target from `from` on (the rules before it stay); false when it changes nothing. */
  setRules(
    engine: WriteTarget,
    id: string,
    from: LocalDate,
    frequency: Frequency,
    target: Target | null,
  ): Promise<boolean> {
    const habit = engine.getSnapshot().replica.habits.get(id);
    if (!habit || !isLocalDate(from) || from < EARLIEST_DAY) return Promise.resolve(false);
    if (!isFrequency(frequency) || !(target === null || isTarget(target))) return Promise.resolve(false);
    if (ruleProblem(habit.kind, { from, frequency, target }) !== null) return Promise.resolve(false);
    const next = withRuleFrom(habit.rules, from, { frequency, target });
    if (next.length > MAX_HABIT_RULES || JSON.stringify(next) === JSON.stringify(habit.rules))
      return Promise.resolve(false);
    return engine.write({ opId: newId(), type: "setRules", habitId: id, from, frequency, target });
  },

  /** What Add raises a day by. */
  setStep(engine: WriteTarget, id: string, step: number): Promise<boolean> {
    const habit = engine.getSnapshot().replica.habits.get(id);
    if (!habit || !isStep(step) || habit.step === step) return Promise.resolve(false);
    return engine.write({ opId: newId(), type: "updateHabit", habitId: id, step });
  },

  async update(
    engine: WriteTarget,
    id: string,
    { schedule, archived, emoji, groupId }: HabitUpdate,
  ): Promise<boolean> {
    const habit = engine.getSnapshot().replica.habits.get(id);
    if (!habit) return false;
    const op: Extract<SyncOp, { type: "updateHabit" }> = { opId: newId(), type: "updateHabit", habitId: id };
    if (schedule !== undefined) op.schedule = normalizeSchedule(schedule);
    if (archived !== undefined) op.archived = archived;
    if (emoji !== undefined) op.emoji = cleanEmoji(emoji);
    if (groupId !== undefined && groupId !== habit.groupId) {
      if (!knownGroup(engine, groupId)) return false;
      op.groupId = groupId;
    }
    const none = [op.schedule, op.archived, op.emoji, op.groupId].every((field) => field === undefined);
    if (none) return false;
    return engine.write(op);
  },

  /** One place up or down among the habits shown with it: archived among archived, the others among the others. */
  move(engine: WriteTarget, id: string, direction: "up" | "down"): Promise<boolean> {
    const sorted = engine.getSnapshot().habits;
    const archived = sorted.find((habit) => habit.id === id)?.archived;
    return writeMoves(
      engine,
      moveAmong(sorted, id, direction, (habit) => habit.archived === archived),
    );
  },

  moveTo: (engine: WriteTarget, id: string, beforeId: string | null) =>
    writeMoves(engine, moveBefore(engine.getSnapshot().habits, id, beforeId)),

  /** A new group, last in the order; false when its name breaks a rule (groupProblem) or the user has MAX_GROUPS. */
  addGroup(engine: WriteTarget, name: string): Promise<boolean> {
    const groups = groupsOf(engine);
    if (groupProblem(name, groups) !== null) return Promise.resolve(false);
    const position = positionForNewGroup(groups);
    const groupId = newId();
    return engine.write({ opId: newId(), type: "createGroup", groupId, name: normalizeName(name), position });
  },

  /** A group's name or folded-by-default; false when it changes nothing or the name breaks a rule. */
  updateGroup(engine: WriteTarget, id: string, { name, folded }: GroupUpdate): Promise<boolean> {
    const groups = groupsOf(engine);
    const group = groups.find((candidate) => candidate.id === id);
    if (!group) return Promise.resolve(false);
    const op: Extract<SyncOp, { type: "updateGroup" }> = { opId: newId(), type: "updateGroup", groupId: id };
    if (name !== undefined && normalizeName(name) !== group.name) {
      if (groupProblem(name, groups, id) !== null) return Promise.resolve(false);
      op.name = normalizeName(name);
    }
    if (folded !== undefined && folded !== group.folded) op.folded = folded;
    if (op.name === undefined && op.folded === undefined) return Promise.resolve(false);
    return engine.write(op);
  },

  /** One place up or down in the user's order of groups. */
  async moveGroup(engine: WriteTarget, id: string, direction: "up" | "down"): Promise<boolean> {
    const ordered = groupsOf(engine).map((group) => ({ ...group, createdAt: "" }));
    const moves = moveAmong(ordered, id, direction);
    let ok = moves.length > 0;
    for (const { id: groupId, position } of moves)
      ok = (await engine.write({ opId: newId(), type: "updateGroup", groupId, position })) && ok;
    return ok;
  },

  /** The group goes; its habits stay, ungrouped. */
  removeGroup(engine: WriteTarget, id: string): Promise<boolean> {
    if (!groupsOf(engine).some((group) => group.id === id)) return Promise.resolve(false);
    return engine.write({ opId: newId(), type: "deleteGroup", groupId: id });
  },
};

export function createSyncEngine(
  userId: string,
  beforeLoad: (userId: string) => Promise<unknown>,
): SyncEngine {
  let snapshot = initial;
  const listeners = new Set<() => void>();
  /** Changes applied to the copy here (local writes, this tab's pulls): a reload that overlapped one reads again. */
  let localWrites = 0;
  /** The changes of local writes applied here whose transaction has not answered yet. */
  const unsettled = new Set<readonly Change[]>();
  let loop$: SyncLoop | null = null;
  let resolveLoop!: (loop: SyncLoop) => void;
  const loopReady = new Promise<SyncLoop>((resolve) => (resolveLoop = resolve));
  const channel =
    typeof BroadcastChannel === "function" ? new BroadcastChannel(`habit-streaks-${userId}`) : null;
  /** This tab, in the records of its writes (replica-db.ts); its Web Lock is held until the page goes. */
  const tab = newTabName();
  let written = 0;
  const locks = typeof navigator.locks?.request === "function" ? navigator.locks : null;
  void locks?.request(tabLockName(userId, tab), () => new Promise<never>(() => undefined));

  let readyMarked = false;
  const set = (next: Partial<StoreSnapshot>) => {
    snapshot = { ...snapshot, ...next };
    if (next.replica) {
      snapshot.habits = storedHabits(next.replica);
      setDayStart(userId, next.replica.settings.dayStart); // today follows it (local-today.ts)
    }
    if (!readyMarked && snapshot.status === "ready") {
      // Where scripts/audit-web-vitals.ts starts timing Today's render; a mark costs nothing.
      readyMarked = true;
      perfMark("hs:store-ready");
    }
    for (const listener of listeners) listener();
  };
  const post = (message: TabMessage) => channel?.postMessage(message);

  const dbReady = (async () => {
    await beforeLoad(userId).catch(() => undefined); // the migration reports its own failures
    return openReplicaDb(userId);
  })();

  let firstCycle: CycleResult | null = null;
  const imports = new Map<string, boolean>(); // opId → taken by the server, for imports that left the queue

  /**
   * Reads the stored copy again: with `replica` false only the outbox and the meta (this tab's own pulls and
   * writes are in the copy already; reading 180,000 days of a large account again took hundreds of milliseconds
   * after every sync). A change applied meanwhile makes it read once more, so that none is hidden.
   */
  async function reload(replica = true): Promise<void> {
    const db = await dbReady;
    for (;;) {
      const before = localWrites;
      const loaded: { replica?: Replica; outbox: unknown[]; meta: Meta } = replica
        ? await loadReplica(db)
        : await readOutbox(db);
      // Reading the whole copy and drawing it are two tasks, not one long one (total blocking time).
      if (replica) await nextTask();
      if (before !== localWrites) continue;
      const { meta } = loaded;
      const hasCopy = meta.cursor !== undefined || loaded.outbox.length > 0;
      const unreachable = meta.offlineSince !== undefined || meta.failingSince !== undefined;
      set({
        ...(loaded.replica && { replica: loaded.replica }),
        pending: loaded.outbox.length,
        meta,
        status: hasCopy ? "ready" : firstCycle && !firstCycle.ok ? "error" : snapshot.status,
        source: unreachable ? "local" : meta.cursor !== undefined ? "server" : hasCopy ? "local" : null,
      });
      return;
    }
  }

  /** On load: the stored copy is shown when the server cannot be reached; with no copy, the load failed. */
  function sayFirstOutcome(result: CycleResult): void {
    if (result.ok) return;
    if (snapshot.status === "ready")
      showNotice("warning", messages.habits.cloudLoadFallback, ERROR_BANNER_MS);
    else showError(messages.habits.loadFailed);
  }

  /**
   * A pull of this tab has written `changes` to the stored copy: the same go to the copy here, then the local
   * writes still under way (their transactions come after the pull's, or came before it and are in its rebase:
   * applied twice, they give the same).
   */
  function pulled(changes: readonly Change[]): void {
    if (changes.length === 0) return;
    localWrites += 1;
    set({ replica: applyChanges(snapshot.replica, [...changes, ...[...unsettled].flat()]) });
  }

  /**
   * Stores the recorded writes of the tab `other`, which is gone (this tab holds its lock), that IndexedDB does not
   * have: their transactions did not commit before their page went. `live`: the copy here is shown already, so the
   * writes also apply to it.
   */
  async function storeLeftWrites(db: IDBDatabase, other: string, live: boolean): Promise<void> {
    const entries = recordedWrites(userId).filter((entry) => entry.tab === other);
    if (entries.length === 0) return;
    const queued = new Set((await readOutbox(db)).outbox.map((q) => q.op.opId));
    let stored = 0;
    for (const { key, op, at, notBefore } of entries) {
      if (!queued.has(op.opId)) {
        const changes = opChanges(op, at);
        try {
          if (notBefore !== undefined && op.type === "deleteHabit")
            await commitHeldDelete(db, op, changes, notBefore);
          else await commitLocal(db, op, changes);
        } catch {
          continue; // the record stays for the next start
        }
        stored += 1;
        if (live) {
          localWrites += 1;
          set({ replica: applyChanges(snapshot.replica, changes), pending: snapshot.pending + 1 });
        }
      }
      settleWrite(key);
    }
    if (live && stored > 0) {
      post({ type: "changed" });
      kickAll();
    }
  }

  /** The tabs whose lock this tab waits for, to store what they leave unstored when they go. */
  const watched = new Set<string>();
  function watchTab(db: IDBDatabase, other: string): void {
    if (!locks || other === tab || watched.has(other)) return;
    watched.add(other);
    void locks.request(tabLockName(userId, other), async () => {
      watched.delete(other);
      await storeLeftWrites(db, other, true).catch(() => undefined);
    });
  }

  /**
   * The writes that gone tabs left recorded and unstored are stored now, before the copy is read. A tab whose lock
   * is still held (it lives, or its page is still going away) is watched: its writes are stored if it goes first.
   * So is every tab that records a write later (the storage event).
   */
  async function recoverWrites(db: IDBDatabase): Promise<void> {
    window.addEventListener("storage", (event) => {
      const other = writerOf(userId, event.key, event.newValue);
      if (other !== null) watchTab(db, other);
    });
    const others = new Set(recordedWrites(userId).map((entry) => entry.tab));
    others.delete(tab);
    await Promise.all(
      [...others].map(async (other) => {
        if (!locks) return storeLeftWrites(db, other, false);
        await locks.request(tabLockName(userId, other), { ifAvailable: true }, async (lock) => {
          if (lock) await storeLeftWrites(db, other, false);
          else watchTab(db, other);
        });
      }),
    );
  }

  async function start() {
    const db = await dbReady;
    await recoverWrites(db).catch(() => undefined);
    await reload();
    listenToPulls(db, pulled);
    const loop = startSyncLoop({
      db,
      userId,
      cycled: () => {
        void reload(false);
        post({ type: "changed" });
      },
      notice: (text) => {
        showError(text);
        post({ type: "notice", text });
      },
      imported: (opId, saved) => imports.set(opId, saved),
    });
    loop$ = loop;
    resolveLoop(loop);
    const result = await loop.run();
    firstCycle = result;
    await reload(false);
    sayFirstOutcome(result);
  }

  if (channel)
    channel.onmessage = (event: MessageEvent<TabMessage>) => {
      const message = event.data;
      if (message.type === "changed") void reload();
      if (message.type === "kick") loop$?.kick();
      if (message.type === "notice") showError(message.text);
    };
  const kickAll = () => {
    loop$?.kick();
    post({ type: "kick" });
  };
  window.addEventListener("online", kickAll);
  window.addEventListener("focus", kickAll);

  start().catch(() => set({ status: "error" }));

  async function importAll(
    rows: readonly BackupHabit[],
    groups: readonly BackupGroupItem[] = [],
  ): Promise<ImportOutcome> {
    const opId = newId();
    const habits = rows.map((row) => importHabit(row, newId()));
    const op: ImportOp = {
      opId,
      type: "importAll",
      habits,
      ...(groups.length > 0 && { groups: [...groups] }),
    };
    if (!(await write(op, false))) return "refused";
    // Sent from this tab now, whichever tab leads the loop (an import sent twice replaces all twice, alike).
    await (await loopReady).run();
    const saved = imports.get(opId);
    return saved === undefined ? "queued" : saved ? "saved" : "refused";
  }

  async function write(op: LocalOp, kick = true, holdMs?: number): Promise<boolean> {
    const at = new Date().toISOString();
    const changes = opChanges(op, at);
    const notBefore = holdMs === undefined ? undefined : Date.now() + holdMs;
    // Recorded before it shows: the page may go before IndexedDB has it (replica-db.ts).
    const record = recordWrite(userId, {
      op,
      at,
      tab,
      n: ++written,
      ...(notBefore !== undefined && { notBefore }),
    });
    localWrites += 1;
    unsettled.add(changes);
    set({
      replica: applyChanges(snapshot.replica, changes),
      pending: snapshot.pending + 1,
      status: "ready",
      source: snapshot.source ?? "local",
    });
    try {
      const db = await dbReady;
      if (notBefore !== undefined && op.type === "deleteHabit")
        await commitHeldDelete(db, op, changes, notBefore);
      else await commitLocal(db, op, changes);
    } catch {
      // The browser refused to store it: nothing was queued, so show the truth again.
      settleWrite(record);
      unsettled.delete(changes);
      showError(failureMessage(op));
      await reload().catch(() => undefined);
      return false;
    }
    settleWrite(record);
    unsettled.delete(changes);
    post({ type: "changed" });
    // The push waits for the frame that shows the change: its answer (a few milliseconds away) and the change
    // event after it would otherwise delay that frame (a tick's interaction to next paint).
    if (kick) inBackground(kickAll);
    return true;
  }

  const target: WriteTarget = {
    getSnapshot: () => snapshot,
    write: (op) => write(op),
    removeHeld: (op, holdMs) => write(op, true, holdMs),
    async undo(opId) {
      localWrites += 1;
      const restored = await undoHeldDelete(await dbReady, opId).catch(() => null);
      if (!restored) return false;
      set({
        replica: applyChanges(snapshot.replica, restoreChanges(restored)),
        pending: Math.max(0, snapshot.pending - 1),
      });
      post({ type: "changed" });
      kickAll();
      return true;
    },
  };
  const w = habitWrites;
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
    add: (name, extras) => w.add(target, name, extras),
    rename: (id, name) => w.rename(target, id, name),
    remove: (id, holdMs) => w.remove(target, id, holdMs),
    setDay: (today, id, date, state) => w.setDay(target, today, id, date, state),
    toggle: (today, id) => w.toggle(target, today, id),
    cycleDay: (today, id, date) => w.cycleDay(target, today, id, date),
    setAmount: (today, id, date, value) => w.setAmount(target, today, id, date, value),
    addAmount: (today, id, date, add) => w.addAmount(target, today, id, date, add),
    setNote: (today, id, date, note) => w.setNote(target, today, id, date, note),
    setRules: (id, from, frequency, rule) => w.setRules(target, id, from, frequency, rule),
    setStep: (id, step) => w.setStep(target, id, step),
    update: (id, changes) => w.update(target, id, changes),
    move: (id, direction) => w.move(target, id, direction),
    moveTo: (id, beforeId) => w.moveTo(target, id, beforeId),
    setSettings: (settings) => write({ opId: newId(), type: "setSettings", ...settings }),
    addGroup: (name) => w.addGroup(target, name),
    updateGroup: (id, update) => w.updateGroup(target, id, update),
    moveGroup: (id, direction) => w.moveGroup(target, id, direction),
    removeGroup: (id) => w.removeGroup(target, id),
    importAll,
    sync: async (full = false) => {
      if (loop$) await loop$.run(full);
    },
  };
}

// The kinds' figures load with the engine (lib/habits/kind-view.ts), after the first paint: use-habits.ts takes them
// from this module.
export { kindView } from "../habits/kind-view";
export { deriveAll } from "../habits/habit-views";
