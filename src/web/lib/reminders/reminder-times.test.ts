import { describe, expect, it } from "vitest";
import type { Reminder } from "../../../core/contract-schema";
import { canAddDaily, dailyReminders, habitReminder, inputTime, nextReminderTime } from "./reminder-times";

const daily = (...times: string[]): Reminder[] =>
  times.map((time, i) => ({ id: `d${i}`, time, habitId: null }));

describe("reminder times", () => {
  it("lists the daily times earliest first, without the habits' own", () => {
    const all = [...daily("20:00", "07:30"), { id: "h", time: "06:00", habitId: "habit-1" }];
    expect(dailyReminders(all).map((r) => r.time)).toEqual(["07:30", "20:00"]);
    expect(habitReminder(all, "habit-1")?.time).toBe("06:00");
    expect(habitReminder(all, "habit-2")).toBeNull();
  });

  it("proposes 20:00, then the next free whole hour after the latest, past midnight too", () => {
    expect(nextReminderTime([])).toBe("20:00");
    expect(nextReminderTime(daily("07:00"))).toBe("20:00");
    expect(nextReminderTime(daily("20:00"))).toBe("21:00");
    expect(nextReminderTime(daily("20:00", "21:00", "23:30"))).toBe("00:00");
    // A habit's own 20:00 does not take the daily 20:00.
    expect(nextReminderTime([{ id: "h", time: "20:00", habitId: "x" }])).toBe("20:00");
  });

  it("allows at most five daily times", () => {
    expect(canAddDaily(daily("01:00", "02:00", "03:00", "04:00"))).toBe(true);
    expect(canAddDaily(daily("01:00", "02:00", "03:00", "04:00", "05:00"))).toBe(false);
    expect(
      canAddDaily([...daily("01:00", "02:00", "03:00", "04:00"), { id: "h", time: "05:00", habitId: "x" }]),
    ).toBe(true);
  });

  it("reads a time input's value as HH:MM, seconds dropped, and nothing for an incomplete one", () => {
    expect(inputTime("07:05")).toBe("07:05");
    expect(inputTime("23:59:30")).toBe("23:59");
    expect(inputTime("07:05:00.000")).toBe("07:05");
    expect(inputTime("")).toBeNull();
    expect(inputTime("24:00")).toBeNull();
    expect(inputTime("7:05")).toBeNull();
  });
});
