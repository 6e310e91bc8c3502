import { describe, expect, it } from "vitest";
import { messages } from "../messages";
import { habitsLeft, reminderPush, reminderText, type ReminderHabit } from "./habits-left";
import { readPushPayload } from "./push-payload";
import { canonicalTimeZone, isTimeZone } from "./time-zone";
import { isReminderTime, minutesOfTime } from "./reminder-time";

const habit = (id: string, fields: Partial<ReminderHabit> = {}): ReminderHabit => ({
  id,
  name: id.toUpperCase(),
  completedDates: [],
  ...fields,
});

// 2026-11-22 is a Sunday (weekday 0), 2026-11-23 a Monday
const SUNDAY = "2026-11-22";

describe("habitsLeft", () => {
  it("names the habits due and not done, in the given order", () => {
    const habits = [habit("read"), habit("stretch", { completedDates: [SUNDAY] }), habit("journal")];
    expect(habitsLeft(habits, SUNDAY, [])).toEqual([
      { id: "read", name: "READ" },
      { id: "journal", name: "JOURNAL" },
    ]);
  });

  it("leaves nothing when every due habit is done", () => {
    const habits = [
      habit("read", { completedDates: ["2026-11-21", SUNDAY] }),
      habit("stretch", { completedDates: [SUNDAY] }),
    ];
    expect(habitsLeft(habits, SUNDAY, [])).toEqual([]);
  });

  it("does not count a habit its schedule does not make due that day", () => {
    const weekdays = habit("work", { schedule: { weekdays: [1, 2, 3, 4, 5] } });
    expect(habitsLeft([weekdays], SUNDAY, [])).toEqual([]);
    expect(habitsLeft([weekdays], "2026-11-23", [])).toEqual([{ id: "work", name: "WORK" }]);
    expect(habitsLeft([habit("daily", { schedule: null })], SUNDAY, [])).toHaveLength(1);
  });

  it("does not count a skipped day, a vacation day or an archived habit", () => {
    expect(habitsLeft([habit("read", { skippedDates: [SUNDAY] })], SUNDAY, [])).toEqual([]);
    expect(habitsLeft([habit("read")], SUNDAY, [{ from: "2026-11-20", to: SUNDAY }])).toEqual([]);
    expect(habitsLeft([habit("read")], "2026-11-23", [{ from: "2026-11-20", to: SUNDAY }])).toHaveLength(1);
    expect(habitsLeft([habit("read", { archived: true })], SUNDAY, [])).toEqual([]);
  });

  it("names only its own habit for a habit's reminder", () => {
    const habits = [habit("read"), habit("stretch")];
    expect(habitsLeft(habits, SUNDAY, [], "stretch")).toEqual([{ id: "stretch", name: "STRETCH" }]);
    expect(
      habitsLeft([habit("read"), habit("stretch", { completedDates: [SUNDAY] })], SUNDAY, [], "stretch"),
    ).toEqual([]);
    expect(habitsLeft(habits, SUNDAY, [], "gone")).toEqual([]);
  });
});

describe("reminder texts and payload", () => {
  it("says how many habits are left and names them all", () => {
    expect(reminderText([{ id: "a", name: "Read" }])).toBe("1 habit left today: Read");
    const six = ["Read", "Stretch", "Journal", "Walk", "Water", "Sleep"].map((name) => ({ id: name, name }));
    expect(reminderText(six.slice(0, 3))).toBe("3 habits left today: Read, Stretch, Journal");
    expect(reminderText(six)).toBe("6 habits left today: Read, Stretch, Journal, Walk, Water, Sleep");
    expect(messages.reminderDelivery.leftToday(["Read", "Stretch"])).toBe(
      "2 habits left today: Read, Stretch",
    );
  });

  it("builds the push of a reminder, none when nothing is left, and the service worker reads it back", () => {
    expect(reminderPush("r1", SUNDAY, [])).toBeNull();
    const push = reminderPush("r1", SUNDAY, [{ id: "h1", name: "Read" }]);
    expect(push).toEqual({
      type: "reminder",
      title: "Habit Streaks",
      body: "1 habit left today: Read",
      date: SUNDAY,
      habits: [{ id: "h1", name: "Read" }],
      tag: `reminder-${SUNDAY}-r1`,
    });
    expect(readPushPayload(JSON.parse(JSON.stringify(push)))).toEqual(push);
    expect(readPushPayload({ type: "test", title: "T", body: "B" })).toEqual({
      type: "test",
      title: "T",
      body: "B",
    });
    expect(
      readPushPayload({ type: "reminder", title: "T", body: "B", date: SUNDAY, tag: "t", habits: [{}] }),
    ).toBeNull();
    expect(readPushPayload("text")).toBeNull();
  });
});

describe("reminder times and time zones", () => {
  it("accepts HH:MM from 00:00 to 23:59 only", () => {
    expect(["00:00", "07:05", "20:00", "23:59"].every(isReminderTime)).toBe(true);
    expect(["24:00", "7:00", "07:60", "07:00:00", " 07:00", "", 700, null].some(isReminderTime)).toBe(false);
    expect(minutesOfTime("20:30")).toBe(1230);
    expect(() => minutesOfTime("25:00")).toThrow(RangeError);
  });

  it("accepts IANA zone names in their canonical spelling, nothing else", () => {
    expect(canonicalTimeZone("Europe/Berlin")).toBe("Europe/Berlin");
    expect(canonicalTimeZone("europe/berlin")).toBe("Europe/Berlin");
    expect(canonicalTimeZone("UTC")).toBe("UTC");
    for (const zone of ["America/New_York", "Australia/Lord_Howe", "Asia/Kolkata", "Pacific/Kiritimati"])
      expect(isTimeZone(zone)).toBe(true);
    for (const bad of ["Nowhere/City", "", "+01:00", "Europe/Berlin\u0000", "a".repeat(65), "../etc/passwd"])
      expect(isTimeZone(bad)).toBe(false);
  });
});
