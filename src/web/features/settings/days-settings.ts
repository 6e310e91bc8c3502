// The choices and checks of the Day start and Vacation mode cards. The rules themselves
// (which day is today, what a vacation does, how one ends early) are src/core's.
import { type DayStart, MAX_DAY_START } from "../../../core/day-start";
import { addDays, isLocalDate, type LocalDate } from "../../../core/local-date";
import { messages } from "../../../core/messages";
import { EARLIEST_DAY, MAX_VACATIONS } from "../../../core/sync";
import { normalizeVacations, type Vacation } from "../../../core/vacation";

const t = messages.settingsDays;

const STEP = 30;

/** "03:00" for 180. */
export function clockTime(minutes: DayStart): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/**
 * 00:00, 00:30 … 06:00; a day start set elsewhere to another minute (the API takes any) is offered too, in its
 * place, so that the select shows what is in force.
 */
export function dayStartChoices(current: DayStart): DayStart[] {
  const choices: DayStart[] = [];
  for (let m = 0; m <= MAX_DAY_START; m += STEP) choices.push(m);
  if (!choices.includes(current)) choices.push(current);
  return choices.sort((a, b) => a - b);
}

export type VacationsByTime = {
  /** The vacation today is in. */
  current: Vacation | null;
  /** Vacations that begin after today, soonest first. */
  upcoming: Vacation[];
  /** Vacations that ended before today, latest first. */
  past: Vacation[];
};

export function vacationsByTime(vacations: readonly Vacation[], today: LocalDate): VacationsByTime {
  const sorted = normalizeVacations(vacations);
  return {
    current: sorted.find((v) => v.from <= today && today <= v.to) ?? null,
    upcoming: sorted.filter((v) => v.from > today),
    past: sorted.filter((v) => v.to < today).reverse(),
  };
}

/** The form's first guess: a week from today. */
export function defaultVacation(today: LocalDate): Vacation {
  return { from: today, to: addDays(today, 6) };
}

export type VacationCheck =
  | {
      ok: true;
      vacation: Vacation;
      /** Every one of its days is a vacation day already: adding it changes nothing. */
      covered: boolean;
    }
  | { ok: false; error: string };

/** The two days of the form as a vacation to add to `existing`, or why not. */
export function checkVacation(from: string, to: string, existing: readonly Vacation[]): VacationCheck {
  if (!isLocalDate(from) || !isLocalDate(to)) return { ok: false, error: t.missingDays };
  if (to < from) return { ok: false, error: t.lastBeforeFirst };
  if (from < EARLIEST_DAY) return { ok: false, error: t.tooEarly };
  if (normalizeVacations([...existing, { from, to }]).length > MAX_VACATIONS)
    return { ok: false, error: t.tooMany(MAX_VACATIONS) };
  const covered = normalizeVacations(existing).some((v) => v.from <= from && to <= v.to);
  return { ok: true, vacation: { from, to }, covered };
}
