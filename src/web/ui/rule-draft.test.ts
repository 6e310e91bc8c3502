import { describe, expect, it } from "vitest";
import { isHabitRules, QUIT_TARGET } from "../../core/habit-kind";
import {
  DEFAULT_DRAFT,
  draftExtras,
  draftOf,
  draftRule,
  HOW_OFTEN,
  howFits,
  ruleWords,
  withChange,
} from "./rule-draft";

const TODAY = "2026-11-20";

describe("rule drafts", () => {
  it("add nothing on their defaults: the add without options", () => {
    expect(draftExtras(DEFAULT_DRAFT, TODAY)).toEqual({ extras: undefined });
  });

  it("give rules that core accepts for every kind and fitting choice", () => {
    for (const kind of ["yesNo", "measurable", "quit"] as const)
      for (const atMost of [false, true])
        for (const per of ["day", "week", "month"] as const)
          for (const how of HOW_OFTEN) {
            const draft = withChange(DEFAULT_DRAFT, { kind, atMost, per, target: "2", how });
            if (!howFits(draft, how)) {
              expect(draft.how).toBe("daily");
              continue;
            }
            const made = draftExtras(draft, TODAY);
            if (!("extras" in made)) throw new Error(`${kind} ${how}: ${JSON.stringify(made)}`);
            if (made.extras) expect(isHabitRules(kind, made.extras.rules), `${kind} ${how}`).toBe(true);
          }
  });

  it("take a quit habit at 0 a day and a comma for a decimal point", () => {
    expect(draftRule({ ...DEFAULT_DRAFT, kind: "quit" })).toEqual({
      rule: { frequency: null, target: QUIT_TARGET, step: 1 },
    });
    expect(draftRule({ ...DEFAULT_DRAFT, kind: "measurable", target: "1,5", step: "0,25" })).toEqual({
      rule: { frequency: null, target: { atMost: false, amount: 1.5, per: "day", unit: "" }, step: 0.25 },
    });
  });

  it("refuse values out of range, field by field", () => {
    const bad = {
      ...DEFAULT_DRAFT,
      kind: "measurable" as const,
      target: "1000001",
      step: "0",
      how: "week" as const,
      times: "8",
    };
    expect(Object.keys((draftRule(bad) as { errors: object }).errors).sort()).toEqual([
      "step",
      "target",
      "times",
    ]);
    expect("errors" in draftRule({ ...DEFAULT_DRAFT, how: "month", times: "31" })).toBe(false);
    expect("errors" in draftRule({ ...DEFAULT_DRAFT, how: "month", times: "2.5" })).toBe(true);
  });

  it("read a habit's rule back and say it in words", () => {
    const rule = {
      from: TODAY,
      frequency: { weekdays: [1, 5] as (1 | 5)[] },
      target: { atMost: true, amount: 2, per: "day" as const, unit: "coffees" },
    };
    const draft = draftOf("measurable", rule, 1);
    expect(draft).toMatchObject({
      how: "weekdays",
      weekdays: [1, 5],
      target: "2",
      unit: "coffees",
      atMost: true,
    });
    expect(draftRule(draft)).toEqual({ rule: { frequency: rule.frequency, target: rule.target, step: 1 } });
    expect(ruleWords(rule)).toBe("on Monday and Friday, at most 2 coffees a day");
    expect(ruleWords({ frequency: { times: 3, per: "week" }, target: null })).toBe("3 times a week");
    expect(
      ruleWords({ frequency: null, target: { atMost: false, amount: 20, per: "month", unit: "km" } }),
    ).toBe("at least 20 km a month");
  });
});
