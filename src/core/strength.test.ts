// Figures computed by hand (bc -l, 15 decimals) from Loop's formula: m = 0.5 ^ (sqrt(frequency) / 13), and each
// counted day gives previous × m + achieved × (1 − m). For a daily habit m = 0.948077514339171.
import { describe, expect, it } from "vitest";
import type { HabitRule } from "./habit-kind";
import { addDays } from "./local-date";
import type { KindHistory } from "./kind-days";
import { currentStrength, strengthByPeriod, strengthDays, strengthMultiplier } from "./strength";

const daily: HabitRule = { from: "2026-03-01", frequency: null, target: null };

function yesNo(completedDates: string[], more: Partial<KindHistory> = {}): KindHistory {
  return { kind: "yesNo", rules: [daily], completedDates, weekStart: 1, ...more };
}

function measured(
  rules: HabitRule[],
  values: [string, number][],
  more: Partial<KindHistory> = {},
): KindHistory {
  return { kind: "measurable", rules, completedDates: [], values, weekStart: 1, ...more };
}

const values = (history: KindHistory, today: string) => strengthDays(history, today).map((day) => day.value);

function expectValues(actual: number[], expected: number[]) {
  expect(actual).toHaveLength(expected.length);
  actual.forEach((value, i) => expect(value, `day ${i + 1}`).toBeCloseTo(expected[i]!, 12));
}

describe("Loop's multiplier", () => {
  it("is 0.5 ^ (sqrt(frequency) / 13)", () => {
    expect(strengthMultiplier(1)).toBeCloseTo(0.948077514339171, 14);
    expect(strengthMultiplier(1 / 7)).toBeCloseTo(0.980049015270599, 14);
    expect(strengthMultiplier(3 / 7)).toBeCloseTo(0.965696681713863, 14);
    expect(strengthMultiplier(1 / 30)).toBeCloseTo(0.990312553027813, 14);
  });
});

describe("a daily yes/no habit", () => {
  it("rises by 1 − m^n over n done days from 0, and a missed day multiplies it by m", () => {
    const history = yesNo(["2026-03-02", "2026-03-03", "2026-03-04"]);
    // 1 − m = 0.051922485660829; 1 − m² = 0.101149026804460; 1 − m³ = 0.147819603571427; × m = 0.140144442324600
    // today (03-06) not done yet: left as it was
    expectValues(
      values(history, "2026-03-06"),
      [0.051922485660829, 0.10114902680446, 0.147819603571427, 0.1401444423246, 0.1401444423246],
    );
  });

  it("starts on its first done day: nothing before it", () => {
    expect(strengthDays(yesNo(["2026-03-04"]), "2026-03-04")[0]).toEqual({
      date: "2026-03-04",
      value: expect.closeTo(0.051922485660829, 12) as number,
    });
    expect(strengthDays(yesNo([]), "2026-03-04")).toEqual([]);
    expect(currentStrength([])).toBe(0);
  });

  it("is left unchanged by a skipped day and a vacation day", () => {
    const history = yesNo(["2026-03-02", "2026-03-05"], {
      skippedDates: ["2026-03-03"],
      vacations: [{ from: "2026-03-04", to: "2026-03-04" }],
    });
    // done 1 − m, skipped, vacation, done (1 − m) × m + (1 − m) = 1 − m²
    expectValues(
      values(history, "2026-03-05"),
      [0.051922485660829, 0.051922485660829, 0.051922485660829, 0.10114902680446],
    );
  });

  it("leaves today as yesterday until it is done", () => {
    expect(currentStrength(strengthDays(yesNo(["2026-03-02"]), "2026-03-03"))).toBeCloseTo(
      0.051922485660829,
      12,
    );
    expect(currentStrength(strengthDays(yesNo(["2026-03-02", "2026-03-03"]), "2026-03-03"))).toBeCloseTo(
      0.10114902680446,
      12,
    );
  });

  it("on chosen weekdays counts only its due days, each as a daily habit's", () => {
    // Monday, Wednesday, Friday; 2026-03-02 is a Monday.
    const rules: HabitRule[] = [{ from: "2026-03-01", frequency: { weekdays: [1, 3, 5] }, target: null }];
    const history = yesNo(["2026-03-02"], { rules });
    // Mon done 1 − m; Tue not due; Wed missed (1 − m) × m = 0.04922654114363
    expectValues(
      values(history, "2026-03-05"),
      [0.051922485660829, 0.051922485660829, 0.04922654114363, 0.04922654114363],
    );
  });
});

describe("a habit due N times a week or month (Loop's n in 7 or 30 days, doubled)", () => {
  it("once a week: frequency 1/7, 2 done days wanted in the last 14", () => {
    const rules: HabitRule[] = [{ from: "2026-03-01", frequency: { times: 1, per: "week" }, target: null }];
    const history = yesNo(["2026-03-02"], { rules });
    // w = 0.980049015270599; day 1: 0.5 × (1 − w); days 2 and 3, still 1 of 2 in the window: 0.5 × (1 − w²), 0.5 × (1 − w³)
    expectValues(
      values(history, "2026-03-05"),
      [0.0099754923647, 0.019751963833565, 0.029333385069446, 0.029333385069446],
    );
  });

  it("3 times a week: frequency 3/7, 6 wanted in the last 14 days", () => {
    const rules: HabitRule[] = [{ from: "2026-03-01", frequency: { times: 3, per: "week" }, target: null }];
    const history = yesNo(["2026-03-02", "2026-03-03", "2026-03-04"], { rules });
    // t = 0.965696681713863; a = 1/6 × (1 − t); b = a × t + 2/6 × (1 − t); c = b × t + 3/6 × (1 − t)
    expectValues(values(history, "2026-03-04"), [0.005717219714356, 0.016955539535494, 0.033525567409162]);
  });
});

describe("more frequencies", () => {
  it("once a month: frequency 1/30, 2 done days wanted in the last 60", () => {
    const rules: HabitRule[] = [{ from: "2026-03-01", frequency: { times: 1, per: "month" }, target: null }];
    // mo = 0.990312553027813; 0.5 × (1 − mo); today not done: as it was
    expectValues(
      values(yesNo(["2026-03-02"], { rules }), "2026-03-03"),
      [0.004843723486093, 0.004843723486093],
    );
  });

  it("7 times a week is every day, as Loop's 7 in 7", () => {
    const rules: HabitRule[] = [{ from: "2026-03-01", frequency: { times: 7, per: "week" }, target: null }];
    expectValues(
      values(yesNo(["2026-03-02", "2026-03-03"], { rules }), "2026-03-04"),
      [0.051922485660829, 0.10114902680446, 0.10114902680446],
    );
  });

  it("a measurable habit 2 times a week counts the days that meet the day's target, as a yes/no habit's", () => {
    const rules: HabitRule[] = [
      {
        from: "2026-03-01",
        frequency: { times: 2, per: "week" },
        target: { atMost: false, amount: 5, per: "day", unit: "km" },
      },
    ];
    const history = measured(rules, [
      ["2026-03-02", 5],
      ["2026-03-03", 3],
    ]);
    // 4 wanted in 14 days, frequency 2/7, t = 0.971902088356382: 1/4 × (1 − t); the 3 km day is no hit, the
    // window still holds 1 of 4: × t + 1/4 × (1 − t) = 0.013851582662124; today as it was
    expectValues(values(history, "2026-03-04"), [0.007024477910904, 0.013851582662124, 0.013851582662124]);
  });
});

describe("a measurable habit", () => {
  it("counts a partial day as its share of the target, as Loop does", () => {
    const rules: HabitRule[] = [
      { from: "2026-03-01", frequency: null, target: { atMost: false, amount: 4, per: "day", unit: "L" } },
    ];
    const history = measured(rules, [
      ["2026-03-02", 4],
      ["2026-03-03", 2],
    ]);
    // 1 − m; then (1 − m) × m + 0.5 × (1 − m) = 0.075187783974044; today without a number: as it was
    expectValues(values(history, "2026-03-04"), [0.051922485660829, 0.075187783974044, 0.075187783974044]);
  });

  it("with a target per month sums the last 30 days, frequency 1/30", () => {
    const rules: HabitRule[] = [
      {
        from: "2026-03-01",
        frequency: null,
        target: { atMost: false, amount: 10, per: "month", unit: "km" },
      },
    ];
    const history = measured(rules, [
      ["2026-03-02", 5],
      ["2026-03-03", 5],
    ]);
    // mo = 0.990312553027813; 0.5 × (1 − mo); then × mo + 1 × (1 − mo)
    expectValues(values(history, "2026-03-03"), [0.004843723486093, 0.01448424714386]);
  });

  it("at most: starts at 1, and an amount over the target loses by how far over it is", () => {
    const rules: HabitRule[] = [
      { from: "2026-03-02", frequency: null, target: { atMost: true, amount: 2, per: "day", unit: "cups" } },
    ];
    const history = measured(rules, [
      ["2026-03-02", 3],
      ["2026-03-03", 1],
      ["2026-03-04", 5],
    ]);
    // 3 of 2: achieved 1 − (3 − 2) / 2 = 0.5: m + 0.5 × (1 − m); 1 of 2: × m + (1 − m); 5 of 2: 1 − 1.5 < 0: × m
    expectValues(values(history, "2026-03-04"), [0.974038757169585, 0.975386729428184, 0.924742225955686]);
  });
});

describe("a measurable habit's excused days", () => {
  it("leave an at-most habit as it was, even over its limit on a skipped day", () => {
    const rules: HabitRule[] = [
      { from: "2026-03-02", frequency: null, target: { atMost: true, amount: 2, per: "day", unit: "cups" } },
    ];
    const history = measured(
      rules,
      [
        ["2026-03-02", 3],
        ["2026-03-03", 9],
      ],
      { skippedDates: ["2026-03-03"], vacations: [{ from: "2026-03-04", to: "2026-03-04" }] },
    );
    // m + 0.5 × (1 − m), then skipped, vacation, and today within its limit but not over yet
    expectValues(
      values(history, "2026-03-05"),
      [0.974038757169585, 0.974038757169585, 0.974038757169585, 0.974038757169585],
    );
  });
});

describe("a quit habit", () => {
  const rules: HabitRule[] = [
    { from: "2026-03-02", frequency: null, target: { atMost: true, amount: 0, per: "day", unit: "times" } },
  ];
  it("stays at 1 on clean days, a slip gives m, and today's clean day is not counted yet", () => {
    const history: KindHistory = {
      kind: "quit",
      rules,
      completedDates: [],
      values: [["2026-03-03", 1]],
      weekStart: 1,
    };
    // clean 1; slip 1 × m; clean m × m + (1 − m) = 0.950773458856369; today open: unchanged
    expectValues(values(history, "2026-03-05"), [1, 0.948077514339171, 0.950773458856369, 0.950773458856369]);
  });
});

describe("rules that change", () => {
  it("each day counts by the rule in force on it, its window reaching back over the change", () => {
    const rules: HabitRule[] = [
      daily,
      { from: "2026-03-04", frequency: { times: 1, per: "week" }, target: null },
    ];
    const history = yesNo(["2026-03-02", "2026-03-03", "2026-03-04"], { rules });
    // daily: 1 − m, 1 − m²; once a week from day 3: 3 done in 14 days, achieved 1: (1 − m²) × w + (1 − w)
    expectValues(values(history, "2026-03-04"), [0.051922485660829, 0.10114902680446, 0.119081988844691]);
  });
});

describe("by week or month", () => {
  it("gives each period's value on its last day, today's for the period that holds today", () => {
    const days = strengthDays(yesNo(["2026-03-02", "2026-03-03", "2026-03-09"]), "2026-03-10");
    const weeks = strengthByPeriod(days, "week", 1, "2026-03-10");
    expect(weeks.map(({ start, end }) => [start, end])).toEqual([
      ["2026-03-02", "2026-03-08"],
      ["2026-03-09", "2026-03-10"],
    ]);
    // week 1: 1 − m² then 5 missed days: (1 − m²) × m⁵; week 2: that × m + (1 − m), today not done
    expect(weeks[0]!.value).toBeCloseTo(0.077478453070853, 12);
    expect(weeks[1]!.value).toBeCloseTo(0.125378064863087, 12);
    const months = strengthByPeriod(days, "month", 1, "2026-03-10");
    expect(months).toHaveLength(1);
    expect(months[0]!.value).toBe(weeks[1]!.value);
  });
});

/**
 * Loop's ScoreList.recompute, line for line (iSoron/uhabits, uhabits-core), as a second reading of its walk: days
 * oldest first, a yes/no day 2 (YES_MANUAL), 0 (NO) or 3 (SKIP), a measured day its amount in thousandths.
 */
function loopScores(
  frequency: [number, number],
  isNumerical: boolean,
  isAtMost: boolean,
  targetValue: number,
  values: readonly number[],
): number[] {
  let [numerator, denominator] = frequency[0] === frequency[1] ? [1, 1] : frequency;
  const freq = numerator / denominator;
  if (!isNumerical && freq < 1) {
    numerator *= 2;
    denominator *= 2;
  }
  const multiplier = Math.pow(0.5, Math.sqrt(freq) / 13);
  const compute = (previous: number, checkmark: number) =>
    previous * multiplier + checkmark * (1 - multiplier);
  let rollingSum = 0;
  let previousValue = isNumerical && isAtMost ? 1 : 0;
  const out: number[] = [];
  for (let j = 0; j < values.length; j++) {
    const value = values[j]!;
    const old = j - denominator >= 0 ? values[j - denominator]! : null;
    if (isNumerical) {
      rollingSum += Math.max(0, value);
      if (old !== null) rollingSum -= Math.max(0, old);
      const normalized = rollingSum / 1000;
      const percentage = !isAtMost
        ? targetValue > 0
          ? Math.min(1, normalized / targetValue)
          : 1
        : targetValue > 0
          ? Math.min(1, Math.max(0, 1 - (normalized - targetValue) / targetValue))
          : normalized > 0
            ? 0
            : 1;
      previousValue = compute(previousValue, percentage);
    } else {
      if (value === 2) rollingSum += 1;
      if (old === 2) rollingSum -= 1;
      if (value !== 3) previousValue = compute(previousValue, Math.min(1, rollingSum / numerator));
    }
    out.push(previousValue);
  }
  return out;
}

describe("the same history as Loop's walk gives", () => {
  // A fixed pseudo-random history of 400 days (a linear congruential generator), ending the day before today.
  let seed = 20261129;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const dates = Array.from({ length: 400 }, (_, i) => addDays("2025-01-01", i));
  const today = addDays("2025-01-01", 400);
  const rule = (frequency: HabitRule["frequency"], target: HabitRule["target"] = null): HabitRule[] => [
    { from: dates[0]!, frequency, target },
  ];
  const ours = (history: KindHistory) => values(history, today).slice(0, -1);

  for (const [name, frequency, loop] of [
    ["every day", null, [1, 1]],
    ["3 times a week", { times: 3, per: "week" }, [3, 7]],
    ["once a week", { times: 1, per: "week" }, [1, 7]],
    ["5 times a month", { times: 5, per: "month" }, [5, 30]],
  ] as const) {
    it(`a yes/no habit ${name}, with skipped days`, () => {
      const codes = dates.map((_, i) => (i === 0 ? 2 : random() < 0.1 ? 3 : random() < 0.5 ? 2 : 0));
      const history = yesNo(
        dates.filter((_, i) => codes[i] === 2),
        { rules: rule(frequency), skippedDates: dates.filter((_, i) => codes[i] === 3) },
      );
      const expected = loopScores([...loop], false, false, 0, codes);
      expectValues(ours(history), expected);
    });
  }

  for (const [name, atMost, amount, per, loop] of [
    ["at least 4 a day", false, 4, "day", [1, 1]],
    ["at least 20 a week", false, 20, "week", [1, 7]],
    ["at least 60 a month", false, 60, "month", [1, 30]],
    ["at most 3 a day", true, 3, "day", [1, 1]],
    ["at most 10 a week", true, 10, "week", [1, 7]],
  ] as const) {
    it(`a measurable habit ${name}`, () => {
      const thousandths = dates.map(() => (random() < 0.3 ? 0 : Math.floor(random() * 8000)));
      const history = measured(
        rule(null, { atMost, amount, per, unit: "L" }),
        dates.map((date, i) => [date, thousandths[i]! / 1000] as [string, number]),
      );
      const expected = loopScores([...loop], true, atMost, amount, thousandths);
      expectValues(ours(history), expected);
    });
  }
});
