// The web client of the sync protocol (src/core/sync.ts). Answers are checked by shape before use: a value is
// typed only once a guard has proven it, never cast (GUIDE §4.13).
import type {
  SyncHabit,
  SyncHabitDays,
  SyncOp,
  SyncOpResult,
  SyncPull,
  SyncPushResult,
} from "../../../core/sync";
import { apiRequest } from "../api";

type Shape = Record<string, unknown>;
const isObject = (v: unknown): v is Shape => typeof v === "object" && v !== null && !Array.isArray(v);
const isString = (v: unknown): v is string => typeof v === "string";
const isArrayOf = <T>(v: unknown, item: (x: unknown) => x is T): v is T[] =>
  Array.isArray(v) && v.every(item);

const isHabit = (v: unknown): v is SyncHabit =>
  isObject(v) && isString(v.id) && isString(v.name) && isString(v.createdAt) && isString(v.updatedAt);

// Each range is checked when it is expanded (replica-state.ts: pullChanges).
const isHabitDays = (v: unknown): v is SyncHabitDays =>
  isObject(v) && isString(v.habitId) && isArrayOf(v.done, isString) && isArrayOf(v.undone, isString);

export const isSyncPull = (v: unknown): v is SyncPull =>
  isObject(v) &&
  isString(v.cursor) &&
  typeof v.more === "boolean" &&
  isArrayOf(v.habits, isHabit) &&
  isArrayOf(v.completions, isHabitDays) &&
  isArrayOf(v.deletedHabitIds, isString);

const isOpResult = (v: unknown): v is SyncOpResult =>
  isObject(v) &&
  isString(v.opId) &&
  (v.status === "applied" ||
    v.status === "duplicate" ||
    v.status === "dropped" ||
    (v.status === "rejected" && isString(v.code) && isString(v.message)));

export const isSyncPushResult = (v: unknown): v is SyncPushResult =>
  isObject(v) && isString(v.cursor) && isArrayOf(v.results, isOpResult);

export class SyncShapeError extends Error {
  override name = "SyncShapeError";
}

function checked<T>(guard: (v: unknown) => v is T, what: string) {
  return (value: unknown): T => {
    if (!guard(value)) throw new SyncShapeError(`The server's ${what} answer has an unexpected shape`);
    return value;
  };
}

const asPull = checked(isSyncPull, "sync");
const asPush = checked(isSyncPushResult, "push");

export const syncApi = {
  pull: async (cursor: string, limit?: number): Promise<SyncPull> => {
    const query = new URLSearchParams({ cursor, ...(limit !== undefined && { limit: String(limit) }) });
    return asPull(await apiRequest<unknown>(`/api/sync?${query}`));
  },
  push: async (ops: readonly SyncOp[]): Promise<SyncPushResult> =>
    asPush(await apiRequest<unknown>("/api/sync/push", { method: "POST", body: { ops } })),
};
