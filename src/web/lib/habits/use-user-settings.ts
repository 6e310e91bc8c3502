/**
 * useUserSettings(): the signed-in user's settings that decide days, read from the local store and
 * written through its outbox like every habit write (offline too).
 *
 *   const { dayStart, vacations, activeVacation, weekStart, setDayStart, setWeekStart, startVacation,
 *           endVacationEarly } = useUserSettings();
 *
 * - dayStart: minutes after midnight at which the user's day begins, 0 (00:00, the default) to 360 (06:00).
 *   useToday() follows it at once.
 * - vacations: every vacation, merged and ascending; activeVacation: the one going on today or the next one to
 *   come, null without one.
 * - weekStart: the week's first day the user chose, 0 Sunday or 1 Monday; null: the browser's locale decides
 *   (useHabits' weekStart is the day in force).
 * - setDayStart(minutes); setWeekStart(0 | 1 | null); startVacation(from, to): adds the range (merged with any it touches; from ≤ to, both
 *   from 2000-01-01 on, at most MAX_VACATIONS kept); endVacationEarly(): the vacation going on today ends
 *   yesterday, one still to come is dropped (core endVacation). Each resolves to true once stored on this device,
 *   false when nothing was written (an invalid value, no change, nothing to end).
 * - groups: the user's groups of habits in their order (at most MAX_GROUPS); addGroup(name): a new group, last;
 *   renameGroup(id, name); setGroupFolded(id, folded): its section on Today starts folded; moveGroup(id, "up" |
 *   "down"); removeGroup(id): the group goes, its habits stay, ungrouped. A name is checked by the one name rule and
 *   against the other groups' names (lib/habits/groups.ts: groupProblem); each resolves as the writes above.
 *   A habit's group is set with useHabits' update(id, { groupId }).
 */
import { useCallback } from "react";
import { type DayStart, isDayStart } from "../../../core/day-start";
import type { WeekStart } from "../../../core/habit-kind";
import { isLocalDate, type LocalDate } from "../../../core/local-date";
import { EARLIEST_DAY, type HabitGroup, MAX_VACATIONS } from "../../../core/sync";
import { endVacation, normalizeVacations, type Vacation } from "../../../core/vacation";
import { useToday } from "../use-today";
import { useHabitStore } from "./use-habits";

export type UseUserSettings = {
  dayStart: DayStart;
  vacations: readonly Vacation[];
  activeVacation: Vacation | null;
  weekStart: WeekStart | null;
  setDayStart: (minutes: DayStart) => Promise<boolean>;
  setWeekStart: (start: WeekStart | null) => Promise<boolean>;
  startVacation: (from: LocalDate, to: LocalDate) => Promise<boolean>;
  endVacationEarly: () => Promise<boolean>;
  groups: readonly HabitGroup[];
  addGroup: (name: string) => Promise<boolean>;
  renameGroup: (id: string, name: string) => Promise<boolean>;
  setGroupFolded: (id: string, folded: boolean) => Promise<boolean>;
  moveGroup: (id: string, direction: "up" | "down") => Promise<boolean>;
  removeGroup: (id: string) => Promise<boolean>;
};

/** The vacation going on `today`, else the next one to come; null without one. */
export function activeVacationOf(vacations: readonly Vacation[], today: LocalDate): Vacation | null {
  return vacations.find((vacation) => vacation.to >= today) ?? null;
}

const sameVacations = (a: readonly Vacation[], b: readonly Vacation[]) =>
  a.length === b.length && a.every((v, i) => v.from === b[i]?.from && v.to === b[i]?.to);

export function useUserSettings(): UseUserSettings {
  const today = useToday();
  const { engine, snapshot } = useHabitStore();
  const { dayStart, vacations, weekStart, groups } = snapshot.replica.settings;

  const writeVacations = useCallback(
    async (next: Vacation[]) => {
      const current = engine.getSnapshot().replica.settings.vacations;
      if (next.length > MAX_VACATIONS || sameVacations(next, current)) return false;
      return engine.act((e) => e.setSettings({ vacations: next }));
    },
    [engine],
  );
  const setDayStart = useCallback(
    async (minutes: DayStart) => {
      if (!isDayStart(minutes) || minutes === engine.getSnapshot().replica.settings.dayStart) return false;
      return engine.act((e) => e.setSettings({ dayStart: minutes }));
    },
    [engine],
  );
  const setWeekStart = useCallback(
    async (start: WeekStart | null) => {
      if (!(start === 0 || start === 1 || start === null)) return false;
      if (start === engine.getSnapshot().replica.settings.weekStart) return false;
      return engine.act((e) => e.setSettings({ weekStart: start }));
    },
    [engine],
  );
  const startVacation = useCallback(
    async (from: LocalDate, to: LocalDate) => {
      if (!isLocalDate(from) || !isLocalDate(to) || from > to || from < EARLIEST_DAY) return false;
      const current = engine.getSnapshot().replica.settings.vacations;
      return writeVacations(normalizeVacations([...current, { from, to }]));
    },
    [engine, writeVacations],
  );
  const endVacationEarly = useCallback(async () => {
    const current = engine.getSnapshot().replica.settings.vacations;
    const active = activeVacationOf(current, today);
    if (!active) return false;
    const ended = endVacation(active, today);
    const next = current.flatMap((v) => (v === active ? (ended ? [ended] : []) : [v]));
    return writeVacations(next);
  }, [engine, today, writeVacations]);

  const addGroup = useCallback((name: string) => engine.act((e) => e.addGroup(name)), [engine]);
  const renameGroup = useCallback(
    (id: string, name: string) => engine.act((e) => e.updateGroup(id, { name })),
    [engine],
  );
  const setGroupFolded = useCallback(
    (id: string, folded: boolean) => engine.act((e) => e.updateGroup(id, { folded })),
    [engine],
  );
  const moveGroup = useCallback(
    (id: string, direction: "up" | "down") => engine.act((e) => e.moveGroup(id, direction)),
    [engine],
  );
  const removeGroup = useCallback((id: string) => engine.act((e) => e.removeGroup(id)), [engine]);

  return {
    dayStart,
    vacations,
    activeVacation: activeVacationOf(vacations, today),
    weekStart: weekStart ?? null,
    setDayStart,
    setWeekStart,
    startVacation,
    endVacationEarly,
    groups,
    addGroup,
    renameGroup,
    setGroupFolded,
    moveGroup,
    removeGroup,
  };
}
