// Habit input validated by the server and by the web forms (one schema for both). Apart from habit.ts so that
// deriving figures does not load zod; the web loads this module only when it validates (docs/decisions/0060).
import { z } from "./zod-schema";
import { nameSchema } from "./name-schema";
import { isSchedule, normalizeSchedule, type Schedule } from "./schedule";
import { MAX_EMOJI_LENGTH } from "./sync";

/** Trimmed, NFC-normalised, 1 to 100 characters, nothing that cannot be shown or that disguises text (name.ts). */
export const HabitNameSchema = nameSchema("Habit name");

/** Body of creating a habit. */
export const NewHabitSchema = z.strictObject({ name: HabitNameSchema });

/** Body of changing a habit (PATCH /api/habits/:id): its name, its group (null: ungrouped), or both. */
export const HabitPatchSchema = z
  .strictObject({
    name: HabitNameSchema.optional(),
    groupId: z.uuid({ error: "must be a group id (a UUID) or null" }).nullable().optional(),
  })
  .refine((patch) => patch.name !== undefined || patch.groupId !== undefined, "must change name or groupId");

/** `null` (every day) or `{ weekdays: [...] }`, 1 to 7 distinct weekdays 0–6 (0 = Sunday); stored canonical. */
export const ScheduleSchema = z
  .custom<Schedule | null>((value) => value === null || isSchedule(value), {
    error:
      "must be null (every day) or { weekdays: [...] } with 1 to 7 distinct weekdays from 0 (Sunday) to 6",
  })
  .transform((schedule) => normalizeSchedule(schedule));

/** A short emoji (or any short text without control characters); null for none. */
export const EmojiSchema = z
  .string()
  .min(1, "must not be empty (use null for none)")
  // UTF-16 code units, as the web's inputs count (zod's max counts code points).
  .refine((text) => text.length <= MAX_EMOJI_LENGTH, `must be at most ${MAX_EMOJI_LENGTH} characters`)
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  .refine((text) => !/[\u0000-\u001f\u007f]/.test(text), "must not contain control characters")
  .nullable();

/** A finite position: the order of habits on Today and Stats (habit-order.ts). */
export const PositionSchema = z.number({ error: "must be a finite number" }).finite();
