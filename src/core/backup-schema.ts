// The backup file's schema and parser (docs/product.md, "Backup, import and export"): `{ version: 2, habits }`, or
// a bare array of habits from an earlier release. Parsing
// tells the exact fault so the API can answer a precise 400. Apart from backup.ts so that writing a backup does not
// load zod (docs/decisions/0060).
import { z } from "./zod-schema";
import { BACKUP_NOT_AN_ARRAY, BACKUP_TOO_MANY, BACKUP_VERSION } from "./backup";
import { MAX_BACKUP_CHARS, MAX_BACKUP_HABITS } from "./constants";
import { EmojiSchema, HabitNameSchema, PositionSchema, ScheduleSchema } from "./habit-schema";
import { INVALID_LOCAL_DATE_MESSAGE, isLocalDate, type LocalDate } from "./local-date";
import { LocalDateSchema } from "./local-date-schema";
import { HABIT_KINDS, isAmount, isHabitRules, isStep, type HabitRule } from "./habit-kind";
import { isReminderTime } from "./reminders/reminder-time";
import { isWeekday, type Weekday } from "./schedule";
import { GroupNameSchema } from "./name-schema";
import { MAX_NOTE_LENGTH } from "./sync";
import { BackupGroupsSchema, type BackupGroupItem } from "./backup-groups-schema";

/** What is wrong with one date of a list (`seen` holds the list's dates before it, and takes this one), or null. */
function dateFault(date: string, seen: Set<string>, latest?: LocalDate): string | null {
  const fault = !isLocalDate(date)
    ? INVALID_LOCAL_DATE_MESSAGE
    : seen.has(date)
      ? `duplicate date ${date}`
      : latest !== undefined && date > latest
        ? `${date} is in the future: the latest day allowed is ${latest}`
        : null;
  seen.add(date);
  return fault;
}

/**
 * Real, unique dates, and none after `latest` when given (the server passes its UTC date plus one day, the rule of
 * marking a day). One loop instead of a schema per date: a file may hold 100,000 dates. The first fault is enough.
 */
const datesSchema = (latest?: LocalDate) =>
  z.array(z.string()).superRefine((dates, ctx) => {
    const seen = new Set<string>();
    for (const [index, date] of dates.entries()) {
      const fault = dateFault(date, seen, latest);
      if (fault) return ctx.addIssue({ code: "custom", message: fault, path: [index], input: date });
    }
  });

// Derived fields are accepted so our own exports re-import, and ignored: the dates are the only fact. The history
// fields are optional, so a file of an earlier release reads exactly as before: a day both done and skipped
// counts as done (docs/decisions/0028).
export const backupHabitSchema = (latest?: LocalDate) =>
  z
    .strictObject({
      id: z.string().max(200).optional(),
      userId: z.string().max(200).optional(),
      name: HabitNameSchema,
      streakCount: z.number().optional(),
      bestStreak: z.number().optional(),
      completionRate: z.number().optional(),
      completedToday: z.boolean().optional(),
      lastCompletedDate: LocalDateSchema.nullable().optional(),
      completedDates: datesSchema(latest),
      createdAt: z.string().max(100).optional(),
      updatedAt: z.string().max(100).optional(),
      skippedDates: datesSchema(latest).optional(),
      schedule: ScheduleSchema.optional(),
      archived: z.boolean({ error: "must be true or false" }).optional(),
      position: PositionSchema.optional(),
      emoji: EmojiSchema.optional(),
      // Kinds, amounts and notes (docs/decisions/0061): absent in a file of an earlier release, a yes/no habit.
      kind: z.enum(HABIT_KINDS).optional(),
      rules: z.array(z.custom<HabitRule>()).optional(),
      step: z
        .custom<number>(isStep, { error: "must be a number above 0 with at most 3 decimals" })
        .optional(),
      values: dayPairsSchema(
        z.custom<number>(isAmount, { error: "must be a number from 0 to 1000000 with at most 3 decimals" }),
        latest,
      ).optional(),
      notes: dayPairsSchema(z.string().min(1).max(MAX_NOTE_LENGTH), latest).optional(),
      /** The habit's own reminder (a Loop habit's): its time, and the weekdays it rings on (absent: every day). */
      reminder: z
        .strictObject({
          time: z.custom<string>(isReminderTime, { error: "must be a time HH:MM" }),
          weekdays: z.array(z.custom<Weekday>(isWeekday)).min(1).max(7).optional(),
        })
        .nullable()
        .optional(),
      /** Its group's name (docs/decisions/0070): found among the user's groups by name, or made. */
      group: GroupNameSchema.nullable().optional(),
      // An API answer's group id, accepted so that its list re-imports, and ignored: ids are the account's own.
      groupId: z.string().max(200).nullable().optional(),
    })
    .superRefine((habit, ctx) => {
      const kind = habit.kind ?? "yesNo";
      if (habit.rules !== undefined && !isHabitRules(kind, habit.rules))
        ctx.addIssue({
          code: "custom",
          path: ["rules"],
          message:
            "must be 1 to 100 rules { from, frequency, target } in ascending order of from, fitting the kind",
        });
      if (kind !== "yesNo" && habit.rules === undefined)
        ctx.addIssue({
          code: "custom",
          path: ["rules"],
          message: "a measurable or quit habit needs its rules",
        });
      if (kind === "yesNo" && habit.values !== undefined && habit.values.length > 0)
        ctx.addIssue({ code: "custom", path: ["values"], message: "a yes-or-no habit has no numbers" });
    });

/** `[date, x]` pairs with real, unique dates (none after `latest`), as values and notes are written. */
function dayPairsSchema<T extends z.ZodType>(item: T, latest?: LocalDate) {
  return z.array(z.tuple([z.string(), item])).superRefine((pairs, ctx) => {
    const seen = new Set<string>();
    for (const [index, pair] of (pairs as [string, unknown][]).entries()) {
      const date = pair[0];
      const fault = dateFault(date, seen, latest);
      if (fault) return ctx.addIssue({ code: "custom", message: fault, path: [index, 0], input: date });
    }
  });
}

export const BackupHabitSchema = backupHabitSchema();

export const BackupSchema = z
  .array(BackupHabitSchema, { error: BACKUP_NOT_AN_ARRAY })
  .max(MAX_BACKUP_HABITS, BACKUP_TOO_MANY);

export type BackupHabit = z.infer<typeof BackupHabitSchema>;

export type ParseBackupResult =
  | { ok: true; habits: BackupHabit[]; groups: BackupGroupItem[] }
  | { ok: false; kind: "parse" | "format"; reason: string };

function describeIssue(issue: z.core.$ZodIssue): string {
  const [head, ...rest] = issue.path;
  const where: string[] = [];
  if (typeof head === "number") where.push(`item ${head + 1}`); // items count from 1, as a person reads the file
  const field = rest.map((key, i) =>
    typeof key === "number" ? `[${key}]` : `${i === 0 ? "" : "."}${String(key)}`,
  );
  if (field.length > 0) where.push(field.join(""));
  const message =
    issue.code === "unrecognized_keys"
      ? `unknown field${issue.keys.length > 1 ? "s" : ""} ${issue.keys.map((k) => JSON.stringify(k)).join(", ")}`
      : issue.message;
  return [...where, message].join(": ");
}

export function parseBackup(text: string): ParseBackupResult {
  if (text.length > MAX_BACKUP_CHARS)
    return { ok: false, kind: "format", reason: "file is larger than 5 MB" };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return { ok: false, kind: "parse", reason: error instanceof Error ? error.message : "not valid JSON" };
  }
  // A file of this release: { version, groups, habits }; of an earlier one, the bare array.
  let groups: BackupGroupItem[] = [];
  if (typeof data === "object" && data !== null && !Array.isArray(data) && "version" in data) {
    const {
      version,
      habits,
      groups: list,
    } = data as { version: unknown; habits?: unknown; groups?: unknown };
    if (version !== BACKUP_VERSION)
      return {
        ok: false,
        kind: "format",
        reason: `a backup of version ${String(version)} needs a newer app`,
      };
    data = habits;
    if (list !== undefined) {
      const parsed = BackupGroupsSchema.safeParse(list);
      if (!parsed.success) {
        const first = parsed.error.issues[0];
        return { ok: false, kind: "format", reason: `groups: ${first ? describeIssue(first) : "invalid"}` };
      }
      groups = parsed.data;
    }
  }
  const result = BackupSchema.safeParse(data);
  if (result.success) return { ok: true, habits: result.data, groups };
  const first = result.error.issues[0];
  return { ok: false, kind: "format", reason: first ? describeIssue(first) : "invalid backup" };
}
