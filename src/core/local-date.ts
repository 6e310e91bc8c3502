// The one module that does date arithmetic. A LocalDate is a calendar day (YYYY-MM-DD) in the user's zone;
// we turn it into an integer count of days since 1970-01-01 (a UTC midnight) and back with pure integer
// maths, so no time zone, DST change or wall-clock hour can ever shift a day or make a day 23 or 25 hours long.
// The zod schema of a LocalDate is in local-date-schema.ts, so that date arithmetic does not load zod.
export type LocalDate = string;

export const INVALID_LOCAL_DATE_MESSAGE = "must be a real calendar date in YYYY-MM-DD form";

const MS_PER_DAY = 86_400_000;
// Years count from March in days_from_civil below, so that February's leap day ends a year: the day of that year
// each month (1 to 12) begins on.
const MARCH_DAYS = [0, 306, 337, 0, 31, 61, 92, 122, 153, 184, 214, 245, 275];
const MIN_DAY = dayNumberFromCivil(1000, 1, 1);
const MAX_DAY = dayNumberFromCivil(9999, 12, 31);

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

// Howard Hinnant's days_from_civil: proleptic Gregorian date -> days since 1970-01-01, for the years 1000 to 9999
// (so that integer division may truncate: every operand is positive).
function dayNumberFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = (y / 400) | 0;
  const yoe = y - era * 400;
  const doe = yoe * 365 + (yoe >> 2) - ((yoe / 100) | 0) + MARCH_DAYS[month]! + day - 1;
  return era * 146_097 + doe - 719_468;
}

// Howard Hinnant's civil_from_days, the inverse of dayNumberFromCivil.
function civilFromDayNumber(dayNumber: number): [number, number, number] {
  const z0 = dayNumber + 719_468;
  const era = Math.floor(z0 / 146_097);
  const doe = z0 - era * 146_097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return [yoe + era * 400 + (month <= 2 ? 1 : 0), month, day];
}

/** The day number of the first day of the month holding `dayNumber`, and of the month after it. */
export function monthOfDayNumber(dayNumber: number): { first: number; next: number } {
  const [year, month, day] = civilFromDayNumber(dayNumber);
  const first = dayNumber - day + 1;
  return { first, next: first + daysInMonth(year, month) };
}

const DIGIT_0 = 48;
const HYPHEN = 45;

// Hand-rolled and allocation-free instead of a regex: stats parse dates by the hundred thousand. NaN when invalid.
function dayNumberOrNaN(value: string): number {
  if (value.length !== 10 || value.charCodeAt(4) !== HYPHEN || value.charCodeAt(7) !== HYPHEN)
    return Number.NaN;
  const y0 = value.charCodeAt(0) - DIGIT_0;
  const y1 = value.charCodeAt(1) - DIGIT_0;
  const y2 = value.charCodeAt(2) - DIGIT_0;
  const y3 = value.charCodeAt(3) - DIGIT_0;
  const m0 = value.charCodeAt(5) - DIGIT_0;
  const m1 = value.charCodeAt(6) - DIGIT_0;
  const d0 = value.charCodeAt(8) - DIGIT_0;
  const d1 = value.charCodeAt(9) - DIGIT_0;
  // Every one a digit: none below 0 (a sign bit in the OR), and none above 9 (for m0 and d0, month and day then
  // fail their ranges below).
  if ((y0 | y1 | y2 | y3 | m0 | m1 | d0 | d1) < 0 || y0 > 9 || y1 > 9 || y2 > 9 || y3 > 9) return Number.NaN;
  if (m1 > 9 || d1 > 9) return Number.NaN;
  const year = y0 * 1000 + y1 * 100 + y2 * 10 + y3;
  const month = m0 * 10 + m1;
  const day = d0 * 10 + d1;
  if (year < 1000 || month < 1 || month > 12 || day < 1) return Number.NaN;
  if (day > 28 && day > daysInMonth(year, month)) return Number.NaN;
  return dayNumberFromCivil(year, month, day);
}

export function isLocalDate(value: unknown): value is LocalDate {
  return typeof value === "string" && !Number.isNaN(dayNumberOrNaN(value));
}

/** Days since 1970-01-01; throws RangeError for anything that is not a real LocalDate. */
export function toDayNumber(date: LocalDate): number {
  const dayNumber = dayNumberOrNaN(date);
  if (Number.isNaN(dayNumber)) throw new RangeError(`Not a LocalDate: ${JSON.stringify(date)}`);
  return dayNumber;
}

/** Inverse of toDayNumber; throws RangeError outside the years 1000..9999 that LocalDate can spell. */
export function fromDayNumber(dayNumber: number): LocalDate {
  if (!Number.isInteger(dayNumber) || dayNumber < MIN_DAY || dayNumber > MAX_DAY) {
    throw new RangeError(`Day number out of LocalDate range: ${dayNumber}`);
  }
  const [year, month, day] = civilFromDayNumber(dayNumber);
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

export function addDays(date: LocalDate, n: number): LocalDate {
  return fromDayNumber(toDayNumber(date) + n);
}

/** `to` minus `from` in whole days. */
export function daysBetween(from: LocalDate, to: LocalDate): number {
  return toDayNumber(to) - toDayNumber(from);
}

/** The first index of ascending `dates` whose date is not before `date` (YYYY-MM-DD compare as strings in order). */
export function firstNotBefore(dates: readonly LocalDate[], date: LocalDate): number {
  let low = 0;
  let high = dates.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (dates[mid]! < date) low = mid + 1;
    else high = mid;
  }
  return low;
}

export function compareLocalDates(a: LocalDate, b: LocalDate): number {
  // The fixed-width YYYY-MM-DD form sorts chronologically as plain text.
  return a < b ? -1 : a > b ? 1 : 0;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    // Constructing a formatter is costly and the zone set is small, so keep one per zone.
    formatter = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The calendar day `now` falls on in `timeZone`; throws RangeError for an unknown zone. */
export function todayInZone(now: Date, timeZone: string): LocalDate {
  const parts = formatterFor(timeZone).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  const date = `${part("year").padStart(4, "0")}-${part("month")}-${part("day")}`;
  if (!isLocalDate(date)) throw new RangeError(`Cannot express ${String(now)} as a LocalDate in ${timeZone}`);
  return date;
}

/** True when `date` is the UTC day of `now` or one day either side: every zone from UTC-12 to UTC+14. */
export function isWithinOneDayOf(date: LocalDate, now: Date): boolean {
  const ms = now.getTime();
  if (!isLocalDate(date) || Number.isNaN(ms)) return false;
  return Math.abs(toDayNumber(date) - Math.floor(ms / MS_PER_DAY)) <= 1;
}
