// Habit input validated by the server and by the web forms (GUIDE §4.6). Apart from habit.ts so that deriving
// figures does not load zod; the web loads this module only when it validates (docs/decisions/0007).
import { z } from "zod";
import { MAX_HABIT_NAME_LENGTH } from "./constants";

const hasControlCharacter = (s: string) =>
  [...s].some((ch) => {
    const code = ch.charCodeAt(0);
    return code < 0x20 || code === 0x7f;
  });

export const HabitNameSchema = z
  .string()
  .trim()
  .min(1, "Habit name cannot be empty")
  .max(MAX_HABIT_NAME_LENGTH, `Habit name must be at most ${MAX_HABIT_NAME_LENGTH} characters`)
  // Control characters (NUL above all) cannot be shown and break some databases.
  .refine((name) => !hasControlCharacter(name), "Habit name cannot contain control characters");

/** Body of creating and of renaming a habit. */
export const NewHabitSchema = z.strictObject({ name: HabitNameSchema });
