// Request and response schemas of the sync routes, part of the contract (contract-schema.ts, docs/decisions/0026).
// sync.ts holds the types, each checked here to be exactly what its schema parses to; zod stays in *-schema.ts
// (docs/decisions/0060).
import { z } from "./zod-schema";
import { exactly } from "./contract-exact-schema";
import { EmojiSchema, HabitNameSchema, PositionSchema, ScheduleSchema } from "./habit-schema";
import { LocalDateSchema } from "./local-date-schema";
import { GroupNameSchema } from "./name-schema";
import { isDayStart } from "./day-start";
import {
  AMOUNT_DECIMALS,
  HABIT_KINDS,
  isAmount,
  isFrequency,
  isHabitRules,
  isStep,
  isTarget,
  MAX_AMOUNT,
  MAX_HABIT_RULES,
  type Frequency,
  type HabitRule,
  type Target,
} from "./habit-kind";
import { isVacation, normalizeVacations, type Vacation } from "./vacation";
import {
  EARLIEST_DAY,
  MAX_NOTE_LENGTH,
  MAX_VACATIONS,
  SYNC_DEFAULT_LIMIT,
  SYNC_MAX_LIMIT,
  SYNC_MAX_OPS,
  type SyncOp,
} from "./sync";

const HabitId = z.uuid({ error: "must be a habit id (a UUID)" });
export const GroupIdSchema = z.uuid({ error: "must be a group id (a UUID)" });
/** A habit's group: one of the user's groups, or null (ungrouped). */
export const HabitGroupIdSchema = GroupIdSchema.nullable();

const AmountSchema = z.custom<number>(isAmount, {
  error: `must be a number from 0 to ${MAX_AMOUNT} with at most ${AMOUNT_DECIMALS} decimals`,
});
const StepSchema = z.custom<number>(isStep, {
  error: `must be a number above 0, up to ${MAX_AMOUNT}, with at most ${AMOUNT_DECIMALS} decimals`,
});
const NoteSchema = z
  .string()
  .max(MAX_NOTE_LENGTH, `must be at most ${MAX_NOTE_LENGTH} characters`)
  .refine((note) => note.trim() !== "", "must not be blank (send null to remove the note)");
const FrequencySchema = z.custom<Frequency>(isFrequency, {
  error: 'must be null (every day), { weekdays: [...] } or { times, per: "week" | "month" }',
});
const TargetSchema = z.custom<Target>(isTarget, {
  error: 'must be null or { atMost, amount, per: "day" | "week" | "month", unit }',
});
/** A new habit's kind and rules, checked together: the rules must fit the kind (habit-kind.ts: ruleProblem). */
const RulesSchema = z.array(z.custom<HabitRule>()).max(MAX_HABIT_RULES);

export const DayStartSchema = z.custom<number>(isDayStart, {
  error: "must be a whole number of minutes from 0 (00:00) to 360 (06:00)",
});

const VacationSchema = z.custom<Vacation>(isVacation, {
  error: "must be { from, to }: two dates (YYYY-MM-DD), from not after to",
});

/** The whole list of vacations, normalised (sorted, overlapping ones merged). */
export const VacationsSchema = z
  .array(
    VacationSchema.refine(
      (vacation) => vacation.from >= EARLIEST_DAY,
      `must not begin before ${EARLIEST_DAY}`,
    ),
  )
  .max(MAX_VACATIONS, `at most ${MAX_VACATIONS} vacations`)
  .transform((vacations) => normalizeVacations(vacations));

/** GET /api/sync query: the cursor a previous pull answered ("" or absent: from the beginning). */
export const SyncPullQuerySchema = z.strictObject({
  cursor: z
    .string()
    .regex(/^\d{0,15}$/, { error: "must be a cursor from a previous pull (digits)" })
    .default("")
    .transform((cursor) => (cursor === "" ? 0 : Number(cursor))),
  limit: z.coerce.number().int().min(1).max(SYNC_MAX_LIMIT).default(SYNC_DEFAULT_LIMIT),
});

/**
 * POST /api/sync/push body. Only each op's opId is checked here: an op that is otherwise malformed is answered
 * "rejected" on its own (SyncOpSchema), so that one bad op does not hold back the rest of the outbox.
 */
export const SyncPushSchema = z.strictObject({
  ops: z
    .array(z.looseObject({ opId: z.uuid({ error: "must be a UUID (the op's idempotency key)" }) }))
    .max(SYNC_MAX_OPS, `at most ${SYNC_MAX_OPS} ops per push`),
});

export const SyncOpSchema = exactly<SyncOp>()(
  z.discriminatedUnion("type", [
    z
      .strictObject({
        opId: z.uuid(),
        type: z.literal("createHabit"),
        habitId: HabitId,
        name: HabitNameSchema,
        emoji: EmojiSchema.optional(),
        schedule: ScheduleSchema.optional(),
        position: PositionSchema.optional(),
        kind: z.enum(HABIT_KINDS).optional(),
        rules: RulesSchema.optional(),
        step: StepSchema.optional(),
        groupId: HabitGroupIdSchema.optional(),
      })
      .refine(
        (op) => op.rules === undefined || isHabitRules(op.kind ?? "yesNo", op.rules),
        "rules must be 1 to 100 rules { from, frequency, target } in ascending order of from, fitting the kind",
      )
      .refine(
        (op) => op.kind === undefined || op.kind === "yesNo" || op.rules !== undefined,
        "a measurable or quit habit needs its rules (its target)",
      ),
    z.strictObject({
      opId: z.uuid(),
      type: z.literal("renameHabit"),
      habitId: HabitId,
      name: HabitNameSchema,
    }),
    z.strictObject({ opId: z.uuid(), type: z.literal("deleteHabit"), habitId: HabitId }),
    z.strictObject({
      opId: z.uuid(),
      type: z.literal("setCompletion"),
      habitId: HabitId,
      date: LocalDateSchema,
      done: z.boolean(),
    }),
    z.strictObject({
      opId: z.uuid(),
      type: z.literal("setDay"),
      habitId: HabitId,
      date: LocalDateSchema,
      state: z.enum(["done", "skipped", "none"]),
    }),
    z.strictObject({
      opId: z.uuid(),
      type: z.literal("setAmount"),
      habitId: HabitId,
      date: LocalDateSchema,
      value: AmountSchema.nullable(),
    }),
    z.strictObject({
      opId: z.uuid(),
      type: z.literal("addAmount"),
      habitId: HabitId,
      date: LocalDateSchema,
      add: AmountSchema,
    }),
    z.strictObject({
      opId: z.uuid(),
      type: z.literal("setNote"),
      habitId: HabitId,
      date: LocalDateSchema,
      note: NoteSchema.nullable(),
    }),
    z.strictObject({
      opId: z.uuid(),
      type: z.literal("setRules"),
      habitId: HabitId,
      from: LocalDateSchema,
      frequency: FrequencySchema,
      target: TargetSchema.nullable(),
    }),
    z
      .strictObject({
        opId: z.uuid(),
        type: z.literal("updateHabit"),
        habitId: HabitId,
        schedule: ScheduleSchema.optional(),
        archived: z.boolean().optional(),
        emoji: EmojiSchema.optional(),
        step: StepSchema.optional(),
        groupId: HabitGroupIdSchema.optional(),
      })
      .refine(
        (op) =>
          op.schedule !== undefined ||
          op.archived !== undefined ||
          op.emoji !== undefined ||
          op.step !== undefined ||
          op.groupId !== undefined,
        "must change at least one of schedule, archived, emoji, step and groupId",
      ),
    z.strictObject({
      opId: z.uuid(),
      type: z.literal("moveHabit"),
      habitId: HabitId,
      position: PositionSchema,
    }),
    z.strictObject({
      opId: z.uuid(),
      type: z.literal("createGroup"),
      groupId: GroupIdSchema,
      name: GroupNameSchema,
      position: PositionSchema.optional(),
      folded: z.boolean().optional(),
    }),
    z
      .strictObject({
        opId: z.uuid(),
        type: z.literal("updateGroup"),
        groupId: GroupIdSchema,
        name: GroupNameSchema.optional(),
        position: PositionSchema.optional(),
        folded: z.boolean().optional(),
      })
      .refine(
        (op) => op.name !== undefined || op.position !== undefined || op.folded !== undefined,
        "must change at least one of name, position and folded",
      ),
    z.strictObject({ opId: z.uuid(), type: z.literal("deleteGroup"), groupId: GroupIdSchema }),
    z
      .strictObject({
        opId: z.uuid(),
        type: z.literal("setSettings"),
        dayStart: DayStartSchema.optional(),
        vacations: VacationsSchema.optional(),
        weekStart: z
          .union([z.literal(0), z.literal(1)])
          .nullable()
          .optional(),
      })
      .refine(
        (op) => op.dayStart !== undefined || op.vacations !== undefined || op.weekStart !== undefined,
        "must change at least one of dayStart, vacations and weekStart",
      ),
  ]),
);

// Answers: in sync-answer-schema.ts, which the web app loads alone for the sync routes' answers.
export {
  SyncHabitDaysSchema,
  SyncHabitSchema,
  SyncOpResultSchema,
  SyncPullSchema,
  SyncPushResultSchema,
} from "./sync-answer-schema";
