// What a pushed op came to, as answered and as kept in sync_ops (push.repo.ts).
import { inEnglish } from "../../core/messages/server-english";
import { errorText } from "../../core/messages/server";
import { DAY_DONE, DAY_NONE, DAY_SKIPPED, type DayCode } from "../db/schema";
import type { HabitKind } from "../../core/habit-kind";
import type { DayStateName, SyncOpResult } from "../../core/sync";

export type Outcome =
  { status: "applied" | "duplicate" | "dropped" } | { status: "rejected"; code: string; message: string };
/** An op's first outcome as sync_ops keeps it. */
export type Stored = { status: string; code: string | null; message: string | null };

export const applied: Outcome = { status: "applied" };
export const dropped: Outcome = { status: "dropped" };
export const rejected = (code: string, message: string): Outcome => ({ status: "rejected", code, message });
export const notFound = () => rejected("HABIT_NOT_FOUND", "Habit not found");
/**
 * Why an app of the previous release may not mark a measurable or quit habit's day done: it would store a yes where
 * the habit counts a number (docs/decisions/0061). The sentence is shown to the user.
 */
/** In English: the rejection is recorded once, for every later replay of the op. */
export const kindMismatchMessage = (kind: HabitKind) => inEnglish(errorText("kindMismatch", { kind }));
export const kindMismatch = (kind: HabitKind) => rejected("HABIT_KIND_MISMATCH", kindMismatchMessage(kind));
export const CODES: Record<DayStateName, DayCode> = { done: DAY_DONE, skipped: DAY_SKIPPED, none: DAY_NONE };

export type Owner = "mine" | "buried" | "other" | "none";

/** "mine": the user's habit; "buried": the user deleted it; "other": another user's id; "none": never seen. */
export function ownerOf(
  userId: string,
  live: string | null | undefined,
  dead: string | null | undefined,
): Owner {
  const owner = live ?? dead;
  if (owner == null) return "none";
  if (owner !== userId) return "other";
  return live != null ? "mine" : "buried";
}

export const toStored = (outcome: Outcome): Stored =>
  outcome.status === "rejected" ? outcome : { status: outcome.status, code: null, message: null };

/** A replayed op changes nothing; one first rejected or dropped answers so again, so the client still rolls back. */
export function replay(opId: string, { status, code, message }: Stored): SyncOpResult {
  if (status === "rejected") return { opId, status, code: code ?? "REJECTED", message: message ?? "" };
  return { opId, status: status === "dropped" ? "dropped" : "duplicate" };
}
