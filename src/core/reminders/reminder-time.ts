// A reminder time: "HH:MM" on the 24-hour clock, a wall-clock minute in the user's time zone.

/** "HH:MM" from 00:00 to 23:59. */
export type ReminderTime = string;

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

export function isReminderTime(value: unknown): value is ReminderTime {
  return typeof value === "string" && TIME.test(value);
}

/** Minutes after midnight of a reminder time ("20:30" → 1230); throws RangeError for anything else. */
export function minutesOfTime(time: ReminderTime): number {
  const match = TIME.exec(time);
  if (!match) throw new RangeError(`Not a reminder time (HH:MM): ${time}`);
  return Number(match[1]) * 60 + Number(match[2]);
}
