// The writes of useHabits, in the store engine's chunk: they load after the first paint of Today
// with the engine that carries them (the initial JavaScript budget). lib/habits/use-habits.ts documents each. What
// the first screen has already (ids, the name check) comes in as `tools`, so that no new shared chunk is made.
import type { DayState } from "../../../core/day-state";
import { nextDayState } from "../../../core/day-state";
import { moveAmong, moveBefore, positionForNew, type PositionChange } from "../../../core/habit-order";
import { isLocalDate, type LocalDate } from "../../../core/local-date";
import { messages } from "../../../core/messages";
import { normalizeSchedule, type Schedule } from "../../../core/schedule";
import { EARLIEST_DAY, MAX_EMOJI_LENGTH, type SyncOp } from "../../../core/sync";
import { showError } from "../../ui/notices";
import type { LocalOp } from "./outbox";
import type { Replica, ReplicaHabit } from "./replica-state";

/** The part of the store engine (sync-engine.ts) the writes use. */
export type WriteTarget = {
  getSnapshot: () => { replica: Replica; habits: ReplicaHabit[] };
  write: (op: LocalOp) => Promise<boolean>;
  removeHeld: (op: Extract<LocalOp, { type: "deleteHabit" }>, holdMs: number) => Promise<boolean>;
  undo: (opId: string) => Promise<boolean>;
};

/** The store, with a new UUID maker and the name rule (null: refused) from the caller. */
export type Tools = {
  engine: WriteTarget;
  newId: () => string;
  parseHabitName: (name: string) => Promise<string | null>;
};

export type HabitExtras = { emoji?: string | null; schedule?: Schedule | null };
export type HabitUpdate = { schedule?: Schedule | null; archived?: boolean; emoji?: string | null };
/** What remove() gives back: undo() until the delete has been sent. */
export type RemoveHandle = { undo: () => Promise<boolean> };

/** The name as the shared schema accepts it; null when refused, or when the schema could not be loaded. */
async function checkName(tools: Tools, name: string, failure: string): Promise<string | null> {
  try {
    return await tools.parseHabitName(name);
  } catch {
    showError(failure);
    return null;
  }
}

/** An emoji as the contract takes it: a short text (at most MAX_EMOJI_LENGTH code units, no control character). */
export function cleanEmoji(emoji: string | null | undefined): string | null {
  const text = emoji?.trim() ?? "";
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  return text === "" || text.length > MAX_EMOJI_LENGTH || /[\u0000-\u001f\u007f-\u009f]/.test(text)
    ? null
    : text;
}

/** A day that can be set: from 2000-01-01 up to today. */
export const settable = (date: LocalDate, today: LocalDate) =>
  isLocalDate(date) && date >= EARLIEST_DAY && date <= today;

const has = ({ engine }: Tools, id: string) => engine.getSnapshot().replica.habits.has(id);

/** The day's state as stored now. */
function stateOf({ engine }: Tools, id: string, date: LocalDate): DayState {
  const { replica } = engine.getSnapshot();
  if (replica.done.get(id)?.has(date)) return "done";
  return replica.skipped.get(id)?.has(date) ? "skipped" : "none";
}

/** Writes each position change as a moveHabit op, in order; true when all were stored. */
async function writeMoves({ engine, newId }: Tools, moves: readonly PositionChange[]): Promise<boolean> {
  let ok = moves.length > 0;
  for (const { id, position } of moves)
    ok = (await engine.write({ opId: newId(), type: "moveHabit", habitId: id, position })) && ok;
  return ok;
}

export async function add(tools: Tools, name: string, extras: HabitExtras = {}): Promise<boolean> {
  const { engine, newId } = tools;
  const valid = await checkName(tools, name, messages.habits.saveFailed);
  if (valid === null) return false; // a blank name is ignored
  const position = positionForNew([...engine.getSnapshot().replica.habits.values()]);
  const emoji = cleanEmoji(extras.emoji);
  const schedule = normalizeSchedule(extras.schedule);
  return engine.write({
    opId: newId(),
    type: "createHabit",
    habitId: newId(),
    name: valid,
    position,
    ...(emoji === null ? {} : { emoji }),
    ...(schedule === null ? {} : { schedule }),
  });
}

export async function rename(tools: Tools, id: string, name: string): Promise<boolean> {
  const valid = await checkName(tools, name, messages.habits.updateFailed);
  if (valid === null || !has(tools, id)) return false;
  return tools.engine.write({ opId: tools.newId(), type: "renameHabit", habitId: id, name: valid });
}

/** Deletes at once; the op waits `holdMs` in the outbox, and undo() until then takes it back. */
export async function remove(tools: Tools, id: string, holdMs: number): Promise<RemoveHandle | null> {
  const { engine } = tools;
  if (!has(tools, id)) return null;
  const opId = tools.newId();
  const stored = await engine.removeHeld({ opId, type: "deleteHabit", habitId: id }, holdMs);
  return stored ? { undo: () => engine.undo(opId) } : null;
}

export async function setDay(
  tools: Tools,
  today: LocalDate,
  id: string,
  date: LocalDate,
  state: DayState,
): Promise<boolean> {
  if (!has(tools, id) || !settable(date, today)) return false;
  return tools.engine.write({ opId: tools.newId(), type: "setDay", habitId: id, date, state });
}

/** Today done ↔ not done (a skipped today becomes done). */
export const toggle = (tools: Tools, today: LocalDate, id: string) =>
  setDay(tools, today, id, today, stateOf(tools, id, today) === "done" ? "none" : "done");

/** Not done → done → skipped → not done. */
export const cycleDay = (tools: Tools, today: LocalDate, id: string, date: LocalDate) =>
  setDay(tools, today, id, date, nextDayState(stateOf(tools, id, date)));

export async function update(
  tools: Tools,
  id: string,
  { schedule, archived, emoji }: HabitUpdate,
): Promise<boolean> {
  if (!has(tools, id)) return false;
  const op: Extract<SyncOp, { type: "updateHabit" }> = {
    opId: tools.newId(),
    type: "updateHabit",
    habitId: id,
  };
  if (schedule !== undefined) op.schedule = normalizeSchedule(schedule);
  if (archived !== undefined) op.archived = archived;
  if (emoji !== undefined) op.emoji = cleanEmoji(emoji);
  if (op.schedule === undefined && op.archived === undefined && op.emoji === undefined) return false;
  return tools.engine.write(op);
}

/** One place up or down among the habits shown with it: archived among archived, the others among the others. */
export async function move(tools: Tools, id: string, direction: "up" | "down"): Promise<boolean> {
  const sorted = tools.engine.getSnapshot().habits;
  const archived = sorted.find((habit) => habit.id === id)?.archived;
  return writeMoves(
    tools,
    moveAmong(sorted, id, direction, (habit) => habit.archived === archived),
  );
}

export const moveTo = (tools: Tools, id: string, beforeId: string | null) =>
  writeMoves(tools, moveBefore(tools.engine.getSnapshot().habits, id, beforeId));
