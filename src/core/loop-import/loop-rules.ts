// How Loop's frequency, measured target, reminder and notes become ours (docs/decisions/0064): exactly where we
// have an equal, else the nearest, with a note for the preview.
import {
  MAX_AMOUNT,
  MAX_TIMES,
  MAX_UNIT_LENGTH,
  type Frequency,
  type HabitRule,
  type Target,
  type TargetPer,
} from "../habit-kind";
import type { Weekday } from "../schedule";
import { MAX_NOTE_LENGTH } from "../sync";
import type { LoopHabit, LoopReminder } from "./loop-habit";

/** What the preview says about a habit beyond its counts. */
export type LoopNote =
  /** A yes/no frequency with no equal of ours: Loop's num in den days became `to`. */
  | { kind: "frequency"; num: number; den: number; to: Frequency }
  /** A target per `den` days (not a day, week or month) became Loop's own daily share of it. */
  | { kind: "targetPeriod"; amount: number; den: number; daily: number; unit: string }
  /** A target outside 0 to MAX_AMOUNT or with more than 3 decimals. */
  | { kind: "targetRounded"; from: number; to: number }
  | { kind: "auto"; days: number }
  | { kind: "dropped"; days: number }
  /** Amounts below 0 or above MAX_AMOUNT: not stored. */
  | { kind: "outOfRange"; days: number }
  | { kind: "notesCut"; days: number }
  | { kind: "unitCut"; original: string }
  | { kind: "nameCut"; original: string }
  | { kind: "unnamed" }
  | { kind: "noDaysFile" };

/** A habit's own reminder as the backup item holds it: weekdays with 0 = Sunday, absent for every day. */
export type PlannedReminder = { time: string; weekdays?: Weekday[] };

const isCount = (n: number) => Number.isInteger(n) && n >= 1;

/**
 * A yes/no habit's Loop frequency (`num` times in `den` days) as ours: exact for every day, n in 7 days and n in 30
 * or 31 days (Loop's "times per month"); any other becomes the nearest times a week, 1 to 7 (7: every day).
 */
export function frequencyOf(num: number, den: number): { frequency: Frequency; exact: boolean } {
  if (num === den && isCount(num)) return { frequency: null, exact: true };
  if (isCount(num) && isCount(den) && num < den) {
    if (den === 7) return { frequency: { times: num, per: "week" }, exact: true };
    if ((den === 30 || den === 31) && num <= MAX_TIMES.month)
      return { frequency: { times: num, per: "month" }, exact: true };
  }
  const perWeek = isCount(num) && isCount(den) ? Math.round((7 * num) / den) : 7;
  const times = Math.min(7, Math.max(1, perWeek));
  return { frequency: times === 7 ? null : { times, per: "week" }, exact: false };
}

/** Loop's target period: its frequency's `den` days (Loop's editor offers 1, 7 and 30). */
function targetPerOf(num: number, den: number): TargetPer | null {
  if (den === 1 || num === den) return "day";
  if (den === 7) return "week";
  if (den === 30 || den === 31) return "month";
  return null;
}

/** A number as thousandths, rounded, within 0 to MAX_AMOUNT. */
export const thousandthsOf = (value: number) =>
  Math.min(MAX_AMOUNT * 1000, Math.max(0, Number.isFinite(value) ? Math.round(value * 1000) : 0));

/** Thousandths as a number: one correctly rounded division, the same double as the decimal text. */
export const fromThousandths = (milli: number) => milli / 1000;

/** Loop's reminder as ours: Loop's day mask has Saturday as bit 0, ours 0 = Sunday; every day omits weekdays. */
export function reminderOf(reminder: LoopReminder | null | undefined): PlannedReminder | null {
  if (!reminder) return null;
  const { hour, minute, days } = reminder;
  if (
    !Number.isInteger(hour) ||
    hour < 0 ||
    hour > 23 ||
    !Number.isInteger(minute) ||
    minute < 0 ||
    minute > 59
  )
    return null;
  const weekdays: Weekday[] = [];
  for (let sunday = 0; sunday < 7; sunday++) {
    // Loop's bit b is the weekday (b + 6) % 7 of ours: bit 0 Saturday (6), bit 1 Sunday (0).
    const bit = (sunday + 1) % 7;
    if ((days >> bit) & 1) weekdays.push(sunday as Weekday);
  }
  if (weekdays.length === 0) return null; // Loop rings on no day: no reminder
  const time = `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`;
  return weekdays.length === 7 ? { time } : { time, weekdays };
}

/** A note as the app stores it: trimmed, at most MAX_NOTE_LENGTH, not cut inside a character. */
export function noteOf(text: string): { note: string; cut: boolean } {
  const trimmed = text.trim();
  if (trimmed.length <= MAX_NOTE_LENGTH) return { note: trimmed, cut: false };
  let end = MAX_NOTE_LENGTH;
  const last = trimmed.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--; // a high surrogate whose pair would be cut off
  return { note: trimmed.slice(0, end).trimEnd(), cut: true };
}

/** A measured habit's rule: its target per day, week or month, due every day. */
export function measuredRule(habit: LoopHabit, notes: LoopNote[]): Omit<HabitRule, "from"> {
  const loop = habit.target!;
  let amount = thousandthsOf(loop.value);
  if (fromThousandths(amount) !== loop.value)
    notes.push({ kind: "targetRounded", from: loop.value, to: fromThousandths(amount) });
  let per = targetPerOf(habit.freqNum, habit.freqDen);
  if (per === null) {
    // As Loop itself counts a day's share of it (its target card): the target over its days.
    const daily = isCount(habit.freqDen) ? Math.round(amount / habit.freqDen) : amount;
    notes.push({
      kind: "targetPeriod",
      amount: fromThousandths(amount),
      den: habit.freqDen,
      daily: fromThousandths(daily),
      unit: loop.unit.trim(),
    });
    [amount, per] = [daily, "day"];
  }
  let unit = loop.unit.trim();
  if (unit.length > MAX_UNIT_LENGTH) {
    notes.push({ kind: "unitCut", original: unit });
    unit = unit.slice(0, MAX_UNIT_LENGTH).trimEnd();
  }
  const target: Target = { atMost: loop.type === "atMost", amount: fromThousandths(amount), per, unit };
  return { frequency: null, target };
}
