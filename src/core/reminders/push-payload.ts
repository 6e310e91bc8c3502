// What a reminder push carries: JSON, encrypted by web-push on the server and read by the service
// worker, which shows it as a notification with the actions "done" (one yes/no habit only) and "open".
import { HABIT_KINDS, type HabitKind } from "../habit-kind";

/** `kind` for a measurable habit (no "Done": its day takes a number, which the app asks for); absent: yes/no. */
export type ReminderPushHabit = { id: string; name: string; kind?: HabitKind };

export type ReminderPush = {
  type: "reminder";
  title: string;
  /** "3 habits left today: Read, Stretch, Journal" (messages: reminders.leftToday). */
  body: string;
  /** The user's day the reminder is about (YYYY-MM-DD): "Done" marks the habit on this day. */
  date: string;
  habits: ReminderPushHabit[];
  /** "reminder-<date>-<reminderId>": a second push for the same reminder and day replaces the first. */
  tag: string;
  /** The notification's action labels in the account's language (the service worker's own texts are English);
   * absent from a server before they were sent. */
  actions?: { done: string; open: string };
};

export type TestPush = { type: "test"; title: string; body: string };

export type PushPayload = ReminderPush | TestPush;

/** Action ids of the notification (the service worker's notificationclick). */
export const PUSH_ACTION_DONE = "done";
export const PUSH_ACTION_OPEN = "open";

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The payload of a push, or null when it is not one of ours (checked without zod, for the service worker). */
export function readPushPayload(value: unknown): PushPayload | null {
  if (!isRecord(value) || typeof value.title !== "string" || typeof value.body !== "string") return null;
  if (value.type === "test") return { type: "test", title: value.title, body: value.body };
  if (value.type !== "reminder" || typeof value.date !== "string" || typeof value.tag !== "string")
    return null;
  if (!Array.isArray(value.habits)) return null;
  const habits: ReminderPushHabit[] = [];
  for (const habit of value.habits) {
    if (!isRecord(habit) || typeof habit.id !== "string" || typeof habit.name !== "string") return null;
    const kind = HABIT_KINDS.find((k) => k === habit.kind);
    habits.push({ id: habit.id, name: habit.name, ...(kind && kind !== "yesNo" && { kind }) });
  }
  const { actions } = value;
  const labels =
    isRecord(actions) && typeof actions.done === "string" && typeof actions.open === "string"
      ? { actions: { done: actions.done, open: actions.open } }
      : {};
  return {
    type: "reminder",
    title: value.title,
    body: value.body,
    date: value.date,
    tag: value.tag,
    habits,
    ...labels,
  };
}
