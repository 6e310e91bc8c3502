// Compact day lists for sync: a run of consecutive days travels as one "first/last" item (ISO 8601
// interval), so ten years of daily ticks cost a few items instead of 3,650 dates.
import { fromDayNumber, toDayNumber, type LocalDate } from "./local-date";

/** "2026-01-01" (one day) or "2026-01-01/2026-03-31" (every day from the first to the last, both included). */
export type DayRange = string;

/** The ranges of `dates` (any order, duplicates ignored), ascending. */
export function toDayRanges(dates: readonly LocalDate[]): DayRange[] {
  const days = [...new Set(dates.map(toDayNumber))].sort((a, b) => a - b);
  const out: DayRange[] = [];
  for (let i = 0; i < days.length;) {
    let j = i;
    while (j + 1 < days.length && days[j + 1] === days[j]! + 1) j++;
    const first = fromDayNumber(days[i]!);
    out.push(j === i ? first : `${first}/${fromDayNumber(days[j]!)}`);
    i = j + 1;
  }
  return out;
}

/** Every day the ranges name, ascending as given; throws RangeError on an item that is not a day or range. */
export function expandDayRanges(ranges: readonly DayRange[]): LocalDate[] {
  const out: LocalDate[] = [];
  for (const range of ranges) {
    const [first = "", last = first, extra] = range.split("/");
    const from = toDayNumber(first);
    const to = toDayNumber(last);
    if (extra !== undefined || to < from) throw new RangeError(`Not a day range: ${JSON.stringify(range)}`);
    for (let day = from; day <= to; day++) out.push(fromDayNumber(day));
  }
  return out;
}

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
const daysInMonth = (year: number, month: number) =>
  month === 2
    ? isLeapYear(year)
      ? 29
      : 28
    : month === 4 || month === 6 || month === 9 || month === 11
      ? 30
      : 31;

/** The "YYYY-MM-DD" at `at` as the number YYYYMMDD (ordered as the days are), or -1 when it is not a real day. */
function dayKeyAt(joined: string, at: number): number {
  let key = 0;
  for (let i = at; i < at + 10; i++) {
    const code = joined.charCodeAt(i);
    if (i === at + 4 || i === at + 7) {
      if (code !== 45) return -1; // "-"
    } else if (code >= 48 && code <= 57) key = key * 10 + code - 48;
    else return -1;
  }
  const year = Math.floor(key / 10000);
  const month = Math.floor(key / 100) % 100;
  const day = key % 100;
  const real =
    year >= 1000 && month >= 1 && month <= 12 && day >= 1 && (day <= 28 || day <= daysInMonth(year, month));
  return real ? key : -1;
}

const keyToDate = (key: number): LocalDate =>
  `${String(Math.floor(key / 10000)).padStart(4, "0")}-${String(Math.floor(key / 100) % 100).padStart(2, "0")}-${String(key % 100).padStart(2, "0")}`;

/** The real day after the real day `key` (both YYYYMMDD). */
function nextDayKey(key: number): number {
  const year = Math.floor(key / 10000);
  const month = Math.floor(key / 100) % 100;
  if (key % 100 < daysInMonth(year, month)) return key + 1;
  return month === 12 ? (year + 1) * 10000 + 101 : key - (key % 100) + 101;
}

/** True when the day `b` extends a run that ends on `a`: the next day, or `a` again (the database repeats none). */
const continues = (a: number, b: number) => b === a + 1 || b === a || b === nextDayKey(a);

/**
 * The ranges of distinct days joined by commas ("2026-01-02,2026-01-01"), as a database aggregates them, in any
 * order. A first sync reads 180,000 of them: they are read in place as numbers, without a string per day, and
 * sorted only when they are not ascending already.
 */
export function joinedDayRanges(joined: string): DayRange[] {
  if (joined === "") return [];
  const count = (joined.length + 1) / 11;
  const keys = Number.isInteger(count) ? new Int32Array(count) : undefined;
  let ascending = true;
  for (let i = 0; keys && i < count; i++) {
    const key = dayKeyAt(joined, i * 11);
    if (key < 0 || (i + 1 < count && joined.charCodeAt(i * 11 + 10) !== 44))
      return toDayRanges(joined.split(","));
    keys[i] = key;
    if (i > 0 && key < keys[i - 1]!) ascending = false;
  }
  if (!keys) return toDayRanges(joined.split(","));
  if (!ascending) keys.sort();
  // Ascending as stored: each end is cut from the string; otherwise written from its number.
  const dateAt = (i: number) => (ascending ? joined.slice(i * 11, i * 11 + 10) : keyToDate(keys[i]!));
  const out: DayRange[] = [];
  for (let i = 0; i < count;) {
    let j = i;
    while (j + 1 < count && continues(keys[j]!, keys[j + 1]!)) j++;
    out.push(keys[j] === keys[i] ? dateAt(i) : `${dateAt(i)}/${dateAt(j)}`);
    i = j + 1;
  }
  return out;
}
