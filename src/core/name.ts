// One rule for every name a person gives: habit names, group names and display names. Without zod, so the web's
// sign-up form can check a name before zod loads (docs/decisions/0060); name-schema.ts wraps it for zod. Without
// texts, so that the first screen's code that normalises a name carries no catalogue: name-texts.ts words the
// refusals (docs/decisions/0074).
import { MAX_HABIT_NAME_LENGTH } from "./constants";

export const MAX_NAME_LENGTH = MAX_HABIT_NAME_LENGTH;

export type NameLabel = "Habit name" | "Group name" | "Display name";
export const NAME_LABELS: readonly NameLabel[] = ["Habit name", "Group name", "Display name"];

/** Why a name is refused (name-texts.ts words it). */
export type NameFault = "empty" | "tooLong" | "control" | "bidi" | "surrogate";
export const NAME_FAULTS: readonly NameFault[] = ["empty", "tooLong", "control", "bidi", "surrogate"];

type Fault = "control" | "bidi" | "surrogate";

/** C0, DEL and C1 controls cannot be shown; bidi overrides and isolates can disguise text; a lone surrogate is
 * not text at all (SQLite and PostgreSQL store it differently). */
function faultOf(codePoint: number): Fault | null {
  if (codePoint < 0x20 || (codePoint >= 0x7f && codePoint <= 0x9f)) return "control";
  if ((codePoint >= 0x202a && codePoint <= 0x202e) || (codePoint >= 0x2066 && codePoint <= 0x2069))
    return "bidi";
  if (codePoint >= 0xd800 && codePoint <= 0xdfff) return "surrogate"; // iterating by code point, only a lone one is left
  return null;
}

/** The form a name is stored in: NFC-normalised (one spelling per look) and trimmed. */
export const normalizeName = (name: string): string => name.normalize("NFC").trim();

/** Why the characters of a name cannot be stored, or null. */
export function nameCharacterFault(name: string): Fault | null {
  for (const ch of name) {
    const fault = faultOf(ch.codePointAt(0) ?? 0);
    if (fault) return fault;
  }
  return null;
}

/** Why a name, once normalised, cannot be stored, or null. */
export function nameFault(name: string): NameFault | null {
  const normal = normalizeName(name);
  if (normal.length === 0) return "empty";
  if (normal.length > MAX_NAME_LENGTH) return "tooLong";
  return nameCharacterFault(normal);
}

/** For names taken as they come (identity providers): controls become spaces, other refused characters go, and the
 * name is cut to length without splitting a character. May return "" (the caller picks a default). */
export function sanitizeName(name: string): string {
  let out = "";
  for (const ch of name.normalize("NFC")) {
    const fault = faultOf(ch.codePointAt(0) ?? 0);
    out += fault === "control" ? " " : fault ? "" : ch;
  }
  let cut = "";
  for (const ch of out.trim()) {
    if (cut.length + ch.length > MAX_NAME_LENGTH) break;
    cut += ch;
  }
  return cut.trim();
}
