import { describe, expect, it } from "vitest";
import { messages } from "../messages";
import { habitsLeft, reminderPush, reminderText, testPush, type ReminderHabit } from "./habits-left";
import { messagesIn } from "../messages/in-locale";
import { readPushPayload } from "./push-payload";
import type { HabitRule } from "../habit-kind";
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

// Every kind of habit, on Sunday 2026-11-22: its week from Monday 2026-11-16 (or from that Sunday), its month
// from 2026-11-01.
const rule = (frequency: HabitRule["frequency"], target: HabitRule["target"] = null): HabitRule => ({
  from: "2026-01-01",
  frequency,
  target,
});
const water = (values: [string, number][]) =>
  habit("water", {
    name: "Water",
    kind: "measurable",
    rules: [rule(null, { atMost: false, amount: 8, per: "day", unit: "glasses" })],
    values,
  });
const runs = (completedDates: string[], extra: Partial<ReminderHabit> = {}) =>
  habit("run", { name: "Run", rules: [rule({ times: 3, per: "week" })], completedDates, ...extra });

describe("habitsLeft, for each kind of habit", () => {
  it("names what is left of a measured day, and nothing once its target is met", () => {
    expect(habitsLeft([water([[SUNDAY, 3]])], SUNDAY, [])).toEqual([
      {
        id: "water",
        name: "Water",
        kind: "measurable",
        progress: { done: 3, of: 8, unit: "glasses", per: "day" },
      },
    ]);
    expect(habitsLeft([water([["2026-11-21", 8]])], SUNDAY, [])[0]?.progress?.done).toBe(0);
    expect(habitsLeft([water([[SUNDAY, 8]])], SUNDAY, [])).toEqual([]);
    expect(
      habitsLeft([water([[SUNDAY, 3]]), habit("x", { skippedDates: [] })], SUNDAY, [], "water"),
    ).toHaveLength(1);
    expect(habitsLeft([{ ...water([]), skippedDates: [SUNDAY] }], SUNDAY, [])).toEqual([]);
  });

  it("counts an N-times-a-week habit's days in the user's calendar week", () => {
    const tuesday = "2026-11-17";
    expect(habitsLeft([runs([tuesday])], SUNDAY, [])).toEqual([
      { id: "run", name: "Run", progress: { done: 1, of: 3, unit: "", per: "week" } },
    ]);
    // A week from Sunday starts today.
    expect(habitsLeft([runs([tuesday])], SUNDAY, [], null, 0)[0]?.progress).toEqual({
      done: 0,
      of: 3,
      unit: "",
      per: "week",
    });
    // Met for the week, or done today: nothing left.
    expect(habitsLeft([runs(["2026-11-16", tuesday, "2026-11-18"])], SUNDAY, [])).toEqual([]);
    expect(habitsLeft([runs([SUNDAY])], SUNDAY, [])).toEqual([]);
    // A skipped day of the week lowers its need by one; so does a vacation day.
    expect(habitsLeft([runs([tuesday], { skippedDates: ["2026-11-19"] })], SUNDAY, [])[0]?.progress?.of).toBe(
      2,
    );
    expect(habitsLeft([runs([tuesday])], SUNDAY, [{ from: "2026-11-18", to: "2026-11-19" }])).toEqual([]);
  });

  it("counts an N-times-a-month habit in the calendar month", () => {
    const swim = habit("swim", {
      name: "Swim",
      rules: [rule({ times: 2, per: "month" })],
      completedDates: ["2026-10-30", "2026-11-03"],
    });
    expect(habitsLeft([swim], SUNDAY, [])[0]?.progress).toEqual({ done: 1, of: 2, unit: "", per: "month" });
  });

  it("sums a target per week over the week so far", () => {
    const km = habit("km", {
      name: "Run",
      kind: "measurable",
      rules: [rule(null, { atMost: false, amount: 20, per: "week", unit: "km" })],
      values: [
        ["2026-11-15", 30],
        ["2026-11-16", 5.5],
        ["2026-11-18", 10.25],
      ],
    });
    expect(habitsLeft([km], SUNDAY, [])[0]?.progress).toEqual({
      done: 15.75,
      of: 20,
      unit: "km",
      per: "week",
    });
    expect(habitsLeft([{ ...km, values: [["2026-11-20", 20]] }], SUNDAY, [])).toEqual([]);
  });

  it("never names a habit to stay under, nor a quit habit, even in its own reminder", () => {
    const coffee = habit("coffee", {
      kind: "measurable",
      rules: [rule(null, { atMost: true, amount: 2, per: "day", unit: "cups" })],
    });
    const smoking = habit("smoking", {
      kind: "quit",
      rules: [rule(null, { atMost: true, amount: 0, per: "day", unit: "times" })],
    });
    expect(habitsLeft([coffee, smoking], SUNDAY, [])).toEqual([]);
    expect(habitsLeft([coffee, smoking], SUNDAY, [], "coffee")).toEqual([]);
    expect(habitsLeft([coffee, smoking], SUNDAY, [], "smoking")).toEqual([]);
  });

  it("reads the rule in force on the day, not the current schedule", () => {
    const work = habit("work", {
      schedule: null,
      rules: [rule(null), { from: "2026-11-20", frequency: { weekdays: [1, 2, 3, 4, 5] }, target: null }],
    });
    expect(habitsLeft([work], SUNDAY, [])).toEqual([]);
    expect(habitsLeft([work], "2026-11-19", [])).toEqual([{ id: "work", name: "WORK" }]);
  });
});

describe("reminder texts and payload", () => {
  it("gives a line to each habit when one of them has something to count", () => {
    const left = habitsLeft(
      [water([[SUNDAY, 3]]), runs(["2026-11-17"]), habit("read", { name: "Read" })],
      SUNDAY,
      [],
    );
    expect(reminderText(left)).toBe(
      "3 habits left today:\nWater: 3 of 8 glasses\nRun: 1 of 3 this week\nRead",
    );
    expect(
      reminderText([
        { id: "m", name: "Pages", progress: { done: 120, of: 300, unit: "pages", per: "month" } },
      ]),
    ).toBe("1 habit left today:\nPages: 120 of 300 pages this month");
    const push = reminderPush("r1", SUNDAY, left);
    expect(push?.habits).toEqual([
      { id: "water", name: "Water", kind: "measurable" },
      { id: "run", name: "Run" },
      { id: "read", name: "Read" },
    ]);
    expect(readPushPayload(JSON.parse(JSON.stringify(push)))).toEqual(push);
  });

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
      actions: { done: "Done", open: "Open" },
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

describe("a reminder in the account's language", () => {
  it("words the push, its lines and its actions in the catalogue given", () => {
    const de = messagesIn("de");
    const push = reminderPush(
      "r1",
      SUNDAY,
      [
        { id: "h1", name: "Lesen" },
        { id: "h2", name: "Laufen" },
      ],
      de,
    );
    expect(push?.body).toBe(de.reminderDelivery.leftToday(["Lesen", "Laufen"]));
    expect(push?.body).not.toBe(messages.reminderDelivery.leftToday(["Lesen", "Laufen"]));
    expect(push?.actions).toEqual({
      done: de.reminderSettings.doneAction,
      open: de.reminderSettings.openAction,
    });
    expect(push?.actions?.done).not.toBe(messages.reminderSettings.doneAction);
    const ar = messagesIn("ar");
    const water = { id: "h3", name: "ماء", progress: { done: 3, of: 8, unit: "أكواب", per: "day" as const } };
    expect(reminderText([water], ar.reminderDelivery)).toBe(
      ar.reminderDelivery.leftTodayLines([ar.reminderDelivery.progress("ماء", 3, 8, "أكواب", "day")]),
    );
    expect(reminderText([water], ar.reminderDelivery)).not.toMatch(/[A-Za-z]/);
    expect(testPush(ar).body).toBe(ar.reminderDelivery.testBody);
  });
});
