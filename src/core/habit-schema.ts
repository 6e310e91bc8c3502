// Habit input validated by the server and by the web forms (GUIDE §4.6). Apart from habit.ts so that deriving
// figures does not load zod; the web loads this module only when it validates (docs/decisions/0007).
import { z } from "zod";
import { nameSchema } from "./name-schema";

/** Trimmed, NFC-normalised, 1 to 100 characters, nothing that cannot be shown or that disguises text (name.ts). */
export const HabitNameSchema = nameSchema("Habit name");

/** Body of creating and of renaming a habit. */
export const NewHabitSchema = z.strictObject({ name: HabitNameSchema });
