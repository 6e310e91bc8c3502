// Vacation mode (docs/decisions/0028): per-user date ranges that pause every habit. Each day in one
// counts as skipped for every habit, unless that habit was done on it (done wins).
import { addDays, isLocalDate, type LocalDate, toDayNumber } from "./local-date";

/** Every day from `from` to `to`, both included. Ending a vacation early moves `to`. */
export type Vacation = { from: LocalDate; to: LocalDate };

/** A vacation as it may arrive in a request: only `from` and `to`, real dates, `from` not after `to`. */
export function isVacation(value: unknown): value is Vacation {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  if (!("from" in value) || !("to" in value) || Object.keys(value).length !== 2) return false;
  const { from, to } = value;
  return isLocalDate(from) && isLocalDate(to) && from <= to;
}

/** Sorted by `from`, with overlapping and adjacent ranges merged; ranges with `to` before `from` are dropped. */
export function normalizeVacations(vacations: readonly Vacation[]): Vacation[] {
  const sorted = vacations.filter((v) => v.from <= v.to).sort((a, b) => (a.from < b.from ? -1 : 1));
  const out: Vacation[] = [];
  for (const { from, to } of sorted) {
    const last = out.at(-1);
    if (last && toDayNumber(from) <= toDayNumber(last.to) + 1) {
      if (to > last.to) last.to = to;
    } else out.push({ from, to });
  }
  return out;
}

export function isOnVacation(vacations: readonly Vacation[], date: LocalDate): boolean {
  return vacations.some((v) => v.from <= date && date <= v.to);
}

/**
 * The vacation ended on `today`: today and later days are no longer part of it, so `to` becomes yesterday at the
 * latest. A vacation that had not begun before today disappears (`null`); one that ended already is unchanged.
 */
export function endVacation(vacation: Vacation, today: LocalDate): Vacation | null {
  const yesterday = addDays(today, -1);
  if (vacation.to <= yesterday) return vacation;
  if (vacation.from > yesterday) return null;
  return { from: vacation.from, to: yesterday };
}

/** Vacations as day-number pairs [from0, to0, from1, to1, …], merged and ascending, for the streak walks. */
export function vacationDayRanges(vacations: readonly Vacation[] | undefined): Int32Array {
  if (!vacations || vacations.length === 0) return EMPTY;
  const merged = normalizeVacations(vacations);
  const out = new Int32Array(merged.length * 2);
  merged.forEach((v, i) => {
    out[2 * i] = toDayNumber(v.from);
    out[2 * i + 1] = toDayNumber(v.to);
  });
  return out;
}

const EMPTY = new Int32Array(0);

/** True when `day` lies in one of `ranges` (as vacationDayRanges gives them): a binary search, no allocation. */
export function inDayRanges(ranges: Int32Array, day: number): boolean {
  let lo = 0;
  let hi = ranges.length / 2 - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (day < ranges[2 * mid]!) hi = mid - 1;
    else if (day > ranges[2 * mid + 1]!) lo = mid + 1;
    else return true;
  }
  return false;
}
