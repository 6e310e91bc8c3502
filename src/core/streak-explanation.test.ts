import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays, daysBetween, type LocalDate } from "./local-date";
import { isDue } from "./schedule";
import { explainStreak } from "./streak-explanation";
import { currentStreak, type DayRules } from "./streaks";
import { anyHistory } from "./test-habits";
import { isOnVacation } from "./vacation";

describe("explainStreak", () => {
  it("names the run, the day it began and the skipped day inside it", () => {
    // Monday 16 done, Tuesday skipped, Wednesday to Friday 20 (today) done.
    const explanation = explainStreak(
      ["2026-11-16", "2026-11-18", "2026-11-19", "2026-11-20"],
      "2026-11-20",
      {
        skippedDates: ["2026-11-17"],
      },
    );
    expect(explanation).toEqual({
      streak: 4,
      run: {
        length: 4,
        first: "2026-11-16",
        last: "2026-11-20",
        doneDays: ["2026-11-16", "2026-11-18", "2026-11-19", "2026-11-20"],
        skippedDays: ["2026-11-17"],
        vacationDays: [],
        notDueDays: [],
        brokeOn: null,
      },
      todayOpen: false,
      brokeOn: null,
      previousRun: null,
    });
  });

  it("names the day a streak of 0 broke, and the run it ended", () => {
    // Mon 16 to Wed 18 done, Thursday 19 missed, Friday 20 skipped; today Saturday 21 not done yet.
    const explanation = explainStreak(["2026-11-16", "2026-11-17", "2026-11-18"], "2026-11-21", {
      skippedDates: ["2026-11-20"],
    });
    expect(explanation).toMatchObject({ streak: 0, run: null, todayOpen: true, brokeOn: "2026-11-19" });
    expect(explanation.previousRun).toMatchObject({ length: 3, first: "2026-11-16", brokeOn: "2026-11-19" });
  });

  it("gives the most recent missed day as brokeOn and the first one as the ended run's", () => {
    const explanation = explainStreak(["2026-11-16", "2026-11-17", "2026-11-18"], "2026-11-21");
    expect(explanation.brokeOn).toBe("2026-11-20");
    expect(explanation.previousRun?.brokeOn).toBe("2026-11-19");
  });

  it("lists not-due and vacation days inside the run, up to today, and the miss before it", () => {
    // Due Mon, Wed, Fri. Wed 4 done, Fri 6 missed, Mon 9 done, vacation Wed 11 to Mon 16, Wed 18 and Fri 20 done;
    // today is Saturday 21, not due.
    const explanation = explainStreak(
      ["2026-11-04", "2026-11-09", "2026-11-18", "2026-11-20"],
      "2026-11-21",
      {
        schedule: { weekdays: [1, 3, 5] },
        vacations: [{ from: "2026-11-11", to: "2026-11-16" }],
      },
    );
    expect(explanation).toMatchObject({ streak: 3, todayOpen: false, brokeOn: "2026-11-06" });
    expect(explanation.run).toMatchObject({
      first: "2026-11-09",
      last: "2026-11-20",
      doneDays: ["2026-11-09", "2026-11-18", "2026-11-20"],
      vacationDays: ["2026-11-11", "2026-11-12", "2026-11-13", "2026-11-14", "2026-11-15", "2026-11-16"],
      notDueDays: ["2026-11-10", "2026-11-17", "2026-11-19", "2026-11-21"],
      skippedDays: [],
    });
    expect(explanation.previousRun).toEqual({
      length: 1,
      first: "2026-11-04",
      last: "2026-11-04",
      doneDays: ["2026-11-04"],
      skippedDays: [],
      vacationDays: [],
      notDueDays: [],
      brokeOn: "2026-11-06",
    });
  });

  it("says nothing broke when nothing was ever done", () => {
    expect(explainStreak([], "2026-11-21")).toEqual({
      streak: 0,
      run: null,
      todayOpen: true,
      brokeOn: null,
      previousRun: null,
    });
  });

  it("property: agrees with currentStreak and accounts for every day it covers", () => {
    fc.assert(
      fc.property(anyHistory, (h) => {
        const rules: DayRules = { skippedDates: h.skipped, schedule: h.schedule, vacations: h.vacations };
        const explanation = explainStreak(h.done, h.today, rules);
        const done = new Set(h.done);
        const excused = (d: LocalDate) =>
          !done.has(d) && (!isDue(h.schedule, d) || h.skipped.includes(d) || isOnVacation(h.vacations, d));
        const missed = (d: LocalDate) => !done.has(d) && !excused(d);
        expect(explanation.streak).toBe(currentStreak(h.done, h.today, rules));
        const { run, brokeOn, previousRun } = explanation;
        if (run) {
          expect(run.length).toBe(explanation.streak);
          expect(run.doneDays.length).toBe(run.length);
          expect([run.doneDays[0], run.doneDays.at(-1)]).toEqual([run.first, run.last]);
          // Every day from the first to today is in exactly one list, except today while it is open.
          const listed = [...run.doneDays, ...run.skippedDays, ...run.vacationDays, ...run.notDueDays];
          expect(new Set(listed).size).toBe(listed.length);
          const covered = daysBetween(run.first, h.today) + 1;
          expect(listed.length).toBe(covered - (explanation.todayOpen ? 1 : 0));
          expect(run.doneDays.every((d) => done.has(d))).toBe(true);
        } else expect(explanation.streak).toBe(0);
        if (brokeOn) {
          expect(brokeOn < h.today && missed(brokeOn)).toBe(true);
          for (let d = addDays(brokeOn, 1); d < h.today; d = addDays(d, 1)) expect(missed(d)).toBe(false);
          expect(previousRun?.brokeOn && previousRun.brokeOn <= brokeOn).toBe(true);
          expect(previousRun?.length).toBe(currentStreak(h.done, previousRun!.last, rules));
        } else expect(previousRun).toBeNull();
        if (!brokeOn && h.done.some((d) => d <= h.today)) expect(run?.first).toBe([...h.done].sort()[0]);
      }),
      { numRuns: 300 },
    );
  });
});
