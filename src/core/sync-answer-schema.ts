// The answers of the sync routes, part of the contract (contract-schema.ts, docs/decisions/0026), apart from their
// requests (sync-schema.ts): the web app parses a pull's and a push's answer with this module alone, so that its
// start builds these few schemas, not the contract's every schema nor the ops' union (TBT).
import { z } from "./zod-schema";
import { exactly } from "./contract-exact-schema";
import { isDayStart } from "./day-start";
import { HABIT_KINDS, isAmount, type HabitRule } from "./habit-kind";
import { isLocalDate, type LocalDate } from "./local-date";
import { isSchedule, type Schedule } from "./schedule";
import type {
  HabitGroup,
  SyncHabit,
  SyncHabitDays,
  SyncOpResult,
  SyncPull,
  SyncPushResult,
  SyncSettings,
} from "./sync";
import { isVacation, type Vacation } from "./vacation";

// Objects are not strict: a field a newer server adds must not break an app the service worker kept.

export const SyncHabitSchema = exactly<SyncHabit>()(
  z.object({
    id: z.string(),
    name: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
    // Defaults: an answer of the previous release (a cached app meeting an old server) reads as before.
    schedule: z.custom<Schedule | null>((v) => v === null || isSchedule(v)).default(null),
    archived: z.boolean().default(false),
    position: z.number().default(0),
    emoji: z.string().nullable().default(null),
    kind: z.enum(HABIT_KINDS).default("yesNo"),
    // Checked against the kind where a habit is made from it (the store); absent: made from `schedule` there.
    rules: z.array(z.custom<HabitRule>((v) => typeof v === "object" && v !== null)).default([]),
    step: z.number().default(1),
    groupId: z.string().nullable().default(null),
  }),
);

export const HabitGroupSchema = exactly<HabitGroup>()(
  z.object({ id: z.string(), name: z.string(), position: z.number(), folded: z.boolean() }),
);

/** A day or a run of days (day-ranges.ts); whether each is a real day is checked when the ranges are expanded. */
const DayRangeSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}(\/\d{4}-\d{2}-\d{2})?$/, {
  error: "must be a day or a range of days (YYYY-MM-DD or YYYY-MM-DD/YYYY-MM-DD)",
});

const DaySchema = z.custom<LocalDate>(isLocalDate, { error: "must be a date (YYYY-MM-DD)" });

export const SyncHabitDaysSchema = exactly<SyncHabitDays>()(
  z.object({
    habitId: z.string(),
    done: z.array(DayRangeSchema),
    skipped: z.array(DayRangeSchema).default([]),
    undone: z.array(DayRangeSchema),
    values: z.array(z.tuple([DaySchema, z.custom<number>(isAmount)])).default([]),
    notes: z.array(z.tuple([DaySchema, z.string()])).default([]),
  }),
);

/** GET /api/sync answer. */
export const SyncPullSchema = exactly<SyncPull>()(
  z.object({
    cursor: z.string(),
    more: z.boolean(),
    reset: z.literal(true).optional(),
    habits: z.array(SyncHabitSchema),
    completions: z.array(SyncHabitDaysSchema),
    deletedHabitIds: z.array(z.string()),
    settings: exactly<SyncSettings>()(
      z.object({
        dayStart: z.custom<number>(isDayStart),
        vacations: z.array(z.custom<Vacation>(isVacation)),
        weekStart: z
          .union([z.literal(0), z.literal(1)])
          .nullable()
          .default(null),
        groups: z.array(HabitGroupSchema).default([]),
      }),
    ).optional(),
  }),
);

export const SyncOpResultSchema = exactly<SyncOpResult>()(
  z.discriminatedUnion("status", [
    z.object({ opId: z.string(), status: z.enum(["applied", "duplicate", "dropped"]) }),
    z.object({ opId: z.string(), status: z.literal("rejected"), code: z.string(), message: z.string() }),
  ]),
);

/** POST /api/sync/push answer. */
export const SyncPushResultSchema = exactly<SyncPushResult>()(
  z.object({ results: z.array(SyncOpResultSchema), cursor: z.string() }),
);

/** An answer as its route's response schema parsed it, or what is wrong with it. */
export type ParsedAnswer<T> = { ok: true; value: T } | { ok: false; fault: string };

/** `[2].cursor: expected string`, for the first few issues: enough to find the fault. */
export const describeAnswerIssues = (issues: readonly z.core.$ZodIssue[]): string =>
  issues
    .slice(0, 3)
    .map((issue) => `${issue.path.map((key) => `[${String(key)}]`).join("") || "answer"}: ${issue.message}`)
    .join("; ");

/** The sync routes' answers, by route: the contract's schemas for them (contract-schema.ts; a test checks). */
export const SYNC_ANSWERS = { "GET /api/sync": SyncPullSchema, "POST /api/sync/push": SyncPushResultSchema };
/** The sync routes, whose answers this module parses. */
export type SyncAnswerRoute = keyof typeof SYNC_ANSWERS;

/** A sync route's answer parsed by its response schema (the contract's own), or what is wrong with it. */
export function parseSyncAnswer<R extends SyncAnswerRoute>(
  route: R,
  answer: unknown,
): ParsedAnswer<z.output<(typeof SYNC_ANSWERS)[R]>> {
  const parsed = SYNC_ANSWERS[route].safeParse(answer);
  return parsed.success
    ? { ok: true, value: parsed.data as z.output<(typeof SYNC_ANSWERS)[R]> }
    : { ok: false, fault: describeAnswerIssues(parsed.error.issues) };
}
