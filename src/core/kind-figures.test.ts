// Figures of every kind (docs/product.md, "Kinds of habit"): a yes/no habit under one rule gives exactly the
// figures of streaks.ts and completion-rate.ts; the other kinds and frequencies by worked examples.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { completionRate } from "./completion-rate";
import { QUIT_TARGET, type HabitRule, type Target, withRuleFrom } from "./habit-kind";
import {
  habitUnits,
  kindDaysOf,
  kindFigures,
  kindFiguresWithMetDays,
  MET,
  MISSED,
  OPEN,
  PASSED,
} from "./kind-figures";
import { addDays, type LocalDate, toDayNumber } from "./local-date";
import { normalizeSchedule } from "./schedule";
import { bestStreak, currentStreak, normalizeDates } from "./streaks";
import { anyHistory } from "./test-habits";

const TODAY = "2026-11-21"; // a Saturday
type KindDays = Parameters<typeof kindDaysOf>[0];
const kf = (input: KindDays, today: LocalDate) => kindFigures(kindDaysOf(input), toDayNumber(today));
const units = (input: KindDays, today: LocalDate) => habitUnits(kindDaysOf(input), toDayNumber(today));
const daily = (from: LocalDate, target: Target | null = null): HabitRule => ({
  from,
  frequency: null,
  target,
});
const yesNo = (dates: LocalDate[], rules: HabitRule[] = [daily("2026-01-01")]): KindDays => ({
  kind: "yesNo",
  rules,
  dates,
  weekStart: 1,
});
const measured = (entries: [number, number][], target: Target, from = "2026-01-01"): KindDays => ({
  kind: "measurable",
  rules: [daily(from, target)],
  dates: entries.map(([offset]) => addDays(TODAY, offset)),
  values: entries.map(([, value]) => value),
  weekStart: 1,
});

describe("a yes/no habit under one rule", () => {
  it("gives the figures of streaks.ts and completion-rate.ts, with schedules, skips and vacations", () => {
    fc.assert(
      fc.property(anyHistory, ({ today, done, skipped, schedule, vacations }) => {
        const dates = normalizeDates(done.filter((d) => d <= today));
        const skippedDates = normalizeDates(skipped.filter((d) => d <= today));
        const rules = { skippedDates, schedule, vacations };
        const first = dates[0] ?? today;
        const figures = kf(
          {
            kind: "yesNo",
            rules: [{ from: first, frequency: normalizeSchedule(schedule), target: null }],
            dates,
            skippedDates,
            vacations,
            weekStart: 1,
          },
          today,
        );
        expect(figures.streak).toBe(currentStreak(dates, today, rules));
        expect(figures.best).toBe(bestStreak(dates, rules));
        expect(figures.rate).toBe(completionRate(dates, today, rules));
      }),
      { numRuns: 400 },
    );
  });
});

describe("N times a calendar week", () => {
  // Weeks from Monday: 2026-11-16 to 22 holds today (Saturday 21st).
  const threeAWeek = (dates: LocalDate[], skippedDates: LocalDate[] = []): KindDays => ({
    kind: "yesNo",
    rules: [{ from: "2026-10-26", frequency: { times: 3, per: "week" }, target: null }],
    dates,
    skippedDates,
    weekStart: 1,
  });
  it("counts weeks, and the week in progress does not break the streak", () => {
    // Weeks of Oct 26, Nov 2 and Nov 9 met (3 days each); this week 2 of 3 so far.
    const dates = [
      "2026-10-26", "2026-10-28", "2026-10-30",
      "2026-11-02", "2026-11-03", "2026-11-04",
      "2026-11-09", "2026-11-12", "2026-11-15",
      "2026-11-16", "2026-11-17",
    ]; // prettier-ignore
    // The week of Nov 16 missed nothing yet; the week before it (Nov 9) met.
    const figures = kf(threeAWeek(dates), TODAY);
    expect(figures.per).toBe("week");
    expect(figures.status).toBe(OPEN);
    expect(figures.progress).toMatchObject({ amount: 2, needed: 3 });
    expect(figures.streak).toBe(3);
    expect(kf(threeAWeek([...dates, "2026-11-21"]), TODAY).streak).toBe(4);
  });
  it("a week short of its N breaks the streak once it is over", () => {
    const dates = ["2026-11-02", "2026-11-03", "2026-11-04", "2026-11-09", "2026-11-10"];
    const figures = kf(threeAWeek(dates), TODAY);
    expect(figures.streak).toBe(0);
    expect(figures.best).toBe(1);
  });
  it("each skipped day lowers the week's N by one", () => {
    // Week of Nov 9: 2 skips, so 1 is enough.
    const figures = kf(threeAWeek(["2026-11-10"], ["2026-11-11", "2026-11-12"]), TODAY);
    expect(figures.streak).toBe(1);
    // This week: one skip leaves 2 needed.
    expect(kf(threeAWeek([], ["2026-11-16"]), TODAY).progress.needed).toBe(2);
  });
  it("starts the week on Sunday when asked", () => {
    // Sun 15, Mon 16, Tue 17: one Sunday week (Nov 15-21) with 3 days.
    const week = { ...threeAWeek(["2026-11-15", "2026-11-16", "2026-11-17"]), weekStart: 0 as const };
    expect(kf(week, TODAY).status).toBe(MET);
    expect(kf(threeAWeek(["2026-11-15", "2026-11-16", "2026-11-17"]), TODAY).status).toBe(OPEN);
  });
  it("rates over periods: met weeks over met and missed ones, the open week left out until met", () => {
    const dates = ["2026-11-02", "2026-11-03", "2026-11-04", "2026-11-09"];
    // Week of Oct 26: before the first entry. Nov 2 met, Nov 9 missed, Nov 16 open.
    expect(kf(threeAWeek(dates), TODAY).rate).toBe(50);
  });
});

describe("N times a calendar month", () => {
  it("counts months", () => {
    const rules: HabitRule[] = [{ from: "2026-09-01", frequency: { times: 2, per: "month" }, target: null }];
    const habit = (dates: LocalDate[]): KindDays => ({ kind: "yesNo", rules, dates, weekStart: 1 });
    const figures = kf(habit(["2026-09-03", "2026-09-20", "2026-10-01", "2026-10-31", "2026-11-02"]), TODAY);
    expect(figures).toMatchObject({ per: "month", streak: 2, best: 2, status: OPEN });
    expect(figures.progress).toMatchObject({ amount: 1, needed: 2 });
  });
});

describe("measurable habits", () => {
  const glasses: Target = { atMost: false, amount: 8, per: "day", unit: "glasses" };
  it("meet a day's target at or above it; partial days are missed once over", () => {
    const figures = kf(
      measured(
        [
          [-3, 8],
          [-2, 9.5],
          [-1, 8],
          [0, 5],
        ],
        glasses,
        addDays(TODAY, -3),
      ),
      TODAY,
    );
    expect(figures).toMatchObject({ per: "day", streak: 3, best: 3, status: OPEN });
    expect(figures.progress).toEqual({ amount: 5, needed: 8, per: "day", atMost: false });
    expect(
      kf(
        measured(
          [
            [-3, 8],
            [-2, 7],
            [-1, 8],
          ],
          glasses,
          addDays(TODAY, -3),
        ),
        TODAY,
      ).streak,
    ).toBe(1);
  });
  const coffees: Target = { atMost: true, amount: 2, per: "day", unit: "coffees" };
  it("at most: a day with no entry meets its target once it is over; today stays open until then", () => {
    const habit = measured(
      [
        [-2, 3],
        [0, 1],
      ],
      coffees,
      addDays(TODAY, -4),
    );
    const unitList = units(habit, TODAY);
    expect(Array.from(unitList.status.subarray(0, unitList.length))).toEqual([MET, MET, MISSED, MET, OPEN]);
    expect(kf(habit, TODAY)).toMatchObject({ streak: 1, best: 2, rate: 75 });
    // Over the limit today: missed at once.
    expect(kf(measured([[0, 3]], coffees, addDays(TODAY, -1)), TODAY)).toMatchObject({
      streak: 0,
      status: MISSED,
    });
  });
  it("per week: the week's total against the target", () => {
    const minutes: Target = { atMost: false, amount: 150, per: "week", unit: "minutes" };
    // Week of Nov 9 (Mon): 60 + 100 = 160 met; this week 30 so far.
    const habit = measured(
      [
        [-12, 60],
        [-10, 100],
        [-5, 30],
      ],
      minutes,
      "2026-11-09",
    );
    expect(kf(habit, TODAY)).toMatchObject({ per: "week", streak: 1, status: OPEN });
    expect(kf(habit, TODAY).progress).toMatchObject({ amount: 30, needed: 150 });
  });
});

describe("quit habits", () => {
  it("count clean days up to yesterday; a slip today ends the run", () => {
    const quit = (entries: [number, number][]): KindDays => ({
      kind: "quit",
      rules: [daily(addDays(TODAY, -10), QUIT_TARGET)],
      dates: entries.map(([offset]) => addDays(TODAY, offset)),
      values: entries.map(([, value]) => value),
      weekStart: 1,
    });
    expect(kf(quit([]), TODAY).streak).toBe(10);
    expect(kf(quit([[-4, 1]]), TODAY).streak).toBe(3);
    expect(kf(quit([[-4, 1]]), TODAY).best).toBe(6);
    expect(kf(quit([[0, 1]]), TODAY)).toMatchObject({ streak: 0, status: MISSED });
  });
});

describe("rule changes keep the past", () => {
  it("done Monday to Friday for 4 weeks every day, then weekdays from today: weekends stay missed", () => {
    const from = "2026-10-26"; // a Monday, four weeks before Monday Nov 23
    const dates: LocalDate[] = [];
    for (let week = 0; week < 4; week++)
      for (let day = 0; day < 5; day++) dates.push(addDays(from, week * 7 + day));
    const today = "2026-11-23";
    const before = kf(yesNo(dates, [daily(from)]), today);
    const rules = withRuleFrom([daily(from)], today, {
      frequency: { weekdays: [1, 2, 3, 4, 5] },
      target: null,
    });
    const after = kf(yesNo(dates, rules), today);
    expect(before.best).toBe(5);
    expect(after.best).toBe(before.best);
    expect(after.rate).toBe(before.rate);
    // Under weekdays throughout, the same days would make one run of 20.
    expect(
      kf(yesNo(dates, [{ from, frequency: { weekdays: [1, 2, 3, 4, 5] }, target: null }]), today).best,
    ).toBe(20);
  });
  it("a period cut by a change is passed over when not met", () => {
    // Daily until Wednesday Nov 18, then 3 times a week: the week of Nov 16 starts on the 18th for the new rule.
    const rules = withRuleFrom([daily("2026-11-09")], "2026-11-18", {
      frequency: { times: 3, per: "week" },
      target: null,
    });
    const habit = yesNo(["2026-11-16", "2026-11-17"], rules);
    const unitList = units(habit, "2026-11-25");
    // Nov 9-15 missed days, Nov 16 and 17 met, the cut week Nov 18-22 passed, the week of Nov 23 open.
    expect(Array.from(unitList.status.subarray(0, unitList.length)).slice(-4)).toEqual([
      MET,
      MET,
      PASSED,
      OPEN,
    ]);
    expect(kf(habit, "2026-11-25").streak).toBe(2);
  });
});

// The figures are counted in one walk as the units come (kindFigures); the unit list (habitUnits) is what the
// calendar reads. The two must agree: the figures read from the list, by the rules as written in docs/product.md.
describe("the figures' walk and the unit list", () => {
  const fromList = (input: KindDays, today: LocalDate) => {
    const t = toDayNumber(today);
    const { start, end, status, length } = units(input, today);
    let now = length - 1;
    while (now > 0 && start[now]! > t) now--;
    let streak = 0;
    for (let u = now; u >= 0 && status[u] !== MISSED; u--) if (status[u] === MET) streak++;
    let best = 0;
    for (let u = 0, run = 0; u < length; u++)
      if (status[u] === MISSED) run = 0;
      else if (status[u] === MET) best = Math.max(best, ++run);
    const days = kindDaysOf(input);
    const values = days.values;
    const met: number[] = [];
    for (let u = 0; u < length; u++)
      if (start[u] === end[u]) {
        if (status[u] === MET) met.push(start[u]!);
      } else
        for (let i = 0; i < days.days.length; i++)
          if (days.days[i]! >= start[u]! && days.days[i]! <= end[u]! && (values ? values[i]! : 1) > 0)
            met.push(days.days[i]!);
    let lastMet: number | null = null;
    for (let u = 0; u < length; u++)
      if (status[u] === MET && start[u]! <= t) {
        const b = Math.min(end[u]!, t);
        const withNumber = met.filter((day) => day >= start[u]! && day <= b);
        lastMet = start[u] === end[u] ? start[u]! : (withNumber.at(-1) ?? b);
      }
    return { streak, best: Math.max(best, streak), status: length > 0 ? status[now] : OPEN, met, lastMet };
  };
  const anyRule = fc.record({
    frequency: fc.oneof(
      fc.constant(null),
      fc.constant({ weekdays: [1, 3, 5] as (0 | 1 | 2 | 3 | 4 | 5 | 6)[] }),
      fc.record({
        times: fc.integer({ min: 1, max: 4 }),
        per: fc.constantFrom("week" as const, "month" as const),
      }),
    ),
    target: fc.oneof(
      fc.constant(null),
      fc.record({
        atMost: fc.boolean(),
        amount: fc.integer({ min: 0, max: 5 }),
        per: fc.constantFrom("day" as const, "week" as const, "month" as const),
        unit: fc.constant("g"),
      }),
    ),
  });
  it("gives the same streak, best streak, today's status and days shown done (property)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: -80, max: 3 }), fc.integer({ min: 0, max: 6 })), {
          maxLength: 60,
        }),
        fc.array(fc.integer({ min: -80, max: 0 }), { maxLength: 10 }),
        fc.array(fc.tuple(fc.integer({ min: -70, max: 0 }), anyRule), { minLength: 1, maxLength: 3 }),
        fc.constantFrom(0 as const, 1 as const),
        (entries, skipped, ruleList, weekStart) => {
          const byDay = new Map(entries.map(([offset, value]) => [addDays(TODAY, offset), value]));
          const dates = [...byDay.keys()].sort();
          const froms = [...new Set(ruleList.map(([offset]) => addDays(TODAY, offset)))].sort();
          const rules = froms.map((from, i) => ({ from, ...ruleList[i]![1] }) as HabitRule);
          const input: KindDays = {
            kind: "measurable",
            rules,
            dates,
            values: dates.map((d) => byDay.get(d)!),
            skippedDates: skipped.map((offset) => addDays(TODAY, offset)),
            weekStart,
          };
          const days = kindDaysOf(input);
          const { figures, metDays } = kindFiguresWithMetDays(days, toDayNumber(TODAY));
          const expected = fromList(input, TODAY);
          const { streak, best, status, lastMet } = figures;
          expect({ streak, best, status, lastMet }).toEqual({
            streak: expected.streak,
            best: expected.best,
            status: expected.status,
            lastMet: expected.lastMet,
          });
          expect(Array.from(metDays)).toEqual(expected.met);
          expect(kindFigures(days, toDayNumber(TODAY))).toEqual(figures);
        },
      ),
      { numRuns: 300 },
    );
  });
});
