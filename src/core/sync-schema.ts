// Request schemas of the sync routes (sync.ts holds the types; zod stays in *-schema.ts, docs/decisions/0007).
import { z } from "zod";
import { HabitNameSchema } from "./habit-schema";
import { LocalDateSchema } from "./local-date-schema";
import { SYNC_DEFAULT_LIMIT, SYNC_MAX_LIMIT, SYNC_MAX_OPS, type SyncOp } from "./sync";

const HabitId = z.uuid({ error: "must be a habit id (a UUID)" });

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

export const SyncOpSchema = z.discriminatedUnion("type", [
  z.strictObject({ opId: z.uuid(), type: z.literal("createHabit"), habitId: HabitId, name: HabitNameSchema }),
  z.strictObject({ opId: z.uuid(), type: z.literal("renameHabit"), habitId: HabitId, name: HabitNameSchema }),
  z.strictObject({ opId: z.uuid(), type: z.literal("deleteHabit"), habitId: HabitId }),
  z.strictObject({
    opId: z.uuid(),
    type: z.literal("setCompletion"),
    habitId: HabitId,
    date: LocalDateSchema,
    done: z.boolean(),
  }),
]) satisfies z.ZodType<SyncOp>;
