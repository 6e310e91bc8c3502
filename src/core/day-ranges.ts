// Compact day lists for sync (issue 9): a run of consecutive days travels as one "first/last" item (ISO 8601
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

/** toDayRanges for days already ascending and distinct (as the database sorts them): one pass, no copies. */
export function sortedDayRanges(dates: readonly LocalDate[]): DayRange[] {
  const out: DayRange[] = [];
  for (let i = 0; i < dates.length;) {
    let j = i;
    let day = toDayNumber(dates[i]!);
    while (j + 1 < dates.length && toDayNumber(dates[j + 1]!) === day + 1) [j, day] = [j + 1, day + 1];
    out.push(j === i ? dates[i]! : `${dates[i]}/${dates[j]}`);
    i = j + 1;
  }
  return out;
}
