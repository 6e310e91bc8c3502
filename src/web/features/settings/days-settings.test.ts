import { describe, expect, it } from "vitest";
import { messages } from "../../../core/messages";
import { MAX_VACATIONS } from "../../../core/sync";
import { addDays } from "../../../core/local-date";
import { checkVacation, clockTime, dayStartChoices, defaultVacation, vacationsByTime } from "./days-settings";

const t = messages.settingsDays;

describe("day start choices", () => {
  it("offers 00:00 to 06:00 in half hours", () => {
    const choices = dayStartChoices(0);
    expect(choices.map(clockTime)).toEqual([
      "00:00",
      "00:30",
      "01:00",
      "01:30",
      "02:00",
      "02:30",
      "03:00",
      "03:30",
      "04:00",
      "04:30",
      "05:00",
      "05:30",
      "06:00",
    ]);
  });
  it("keeps a minute set elsewhere in its place", () => {
    expect(dayStartChoices(45).slice(0, 4).map(clockTime)).toEqual(["00:00", "00:30", "00:45", "01:00"]);
    expect(dayStartChoices(180)).toHaveLength(13);
  });
});

describe("vacations by time", () => {
  const today = "2026-11-21";
  it("splits the vacations into the one today is in, the planned ones and the past ones", () => {
    const split = vacationsByTime(
      [
        { from: "2026-12-24", to: "2026-12-31" },
        { from: "2026-11-20", to: "2026-11-29" },
        { from: "2026-08-01", to: "2026-08-14" },
        { from: "2026-12-01", to: "2026-12-02" },
        { from: "2026-10-01", to: "2026-10-03" },
      ],
      today,
    );
    expect(split.current).toEqual({ from: "2026-11-20", to: "2026-11-29" });
    expect(split.upcoming).toEqual([
      { from: "2026-12-01", to: "2026-12-02" },
      { from: "2026-12-24", to: "2026-12-31" },
    ]);
    expect(split.past).toEqual([
      { from: "2026-10-01", to: "2026-10-03" },
      { from: "2026-08-01", to: "2026-08-14" },
    ]);
  });
  it("counts a vacation that ends today or begins today as the current one", () => {
    expect(vacationsByTime([{ from: "2026-11-15", to: today }], today).current).not.toBeNull();
    expect(vacationsByTime([{ from: today, to: today }], today).current).not.toBeNull();
    expect(vacationsByTime([{ from: "2026-11-15", to: "2026-11-20" }], today)).toEqual({
      current: null,
      upcoming: [],
      past: [{ from: "2026-11-15", to: "2026-11-20" }],
    });
  });
});

describe("a new vacation", () => {
  it("is proposed as a week from today", () => {
    expect(defaultVacation("2026-11-21")).toEqual({ from: "2026-11-21", to: "2026-11-27" });
  });
  it("needs two real days in order, from 2000-01-01 on", () => {
    expect(checkVacation("2026-11-23", "2026-11-29", [])).toEqual({
      ok: true,
      vacation: { from: "2026-11-23", to: "2026-11-29" },
      covered: false,
    });
    expect(checkVacation("", "2026-11-29", [])).toEqual({ ok: false, error: t.missingDays });
    expect(checkVacation("2026-02-30", "2026-03-02", [])).toEqual({ ok: false, error: t.missingDays });
    expect(checkVacation("2026-11-29", "2026-11-23", [])).toEqual({ ok: false, error: t.lastBeforeFirst });
    expect(checkVacation("1999-12-31", "2000-01-05", [])).toEqual({ ok: false, error: t.tooEarly });
  });
  it("is found covered when every one of its days is a vacation day already", () => {
    const existing = [
      { from: "2026-11-20", to: "2026-11-24" },
      { from: "2026-11-25", to: "2026-11-30" },
    ];
    expect(checkVacation("2026-11-22", "2026-11-27", existing)).toMatchObject({ ok: true, covered: true });
    expect(checkVacation("2026-11-22", "2026-12-01", existing)).toMatchObject({ ok: true, covered: false });
  });
  it("is refused beyond the number of vacations the server keeps, unless it joins one", () => {
    const full = Array.from({ length: MAX_VACATIONS }, (_, i) => {
      const from = addDays("2026-01-01", i * 3);
      return { from, to: from };
    });
    expect(checkVacation("2027-01-01", "2027-01-02", full)).toEqual({
      ok: false,
      error: t.tooMany(MAX_VACATIONS),
    });
    // Adjacent to the last one: merged, still 20.
    const last = full.at(-1)!.to;
    expect(checkVacation(addDays(last, 1), addDays(last, 4), full).ok).toBe(true);
  });
});
