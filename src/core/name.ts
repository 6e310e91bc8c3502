// One rule for every name a person gives: habit names, group names and display names. Without zod, so the web's
// sign-up form can check a name before zod loads (docs/decisions/0060); name-schema.ts wraps it for zod. The
// refusals are the catalogue's `names` texts: in the shown language on the web (its live catalogue), in English on
// the server, which translates them for the account (http/errors.ts, docs/decisions/0074).
import { MAX_HABIT_NAME_LENGTH } from "./constants";
import { messages } from "./messages";

export const MAX_NAME_LENGTH = MAX_HABIT_NAME_LENGTH;

export type NameLabel = "Habit name" | "Group name" | "Display name";
export const NAME_LABELS: readonly NameLabel[] = ["Habit name", "Group name", "Display name"];

/** Why a name is refused: what nameMessages gives. */
export type NameFault = "empty" | "tooLong" | "control" | "bidi" | "surrogate";
export const NAME_FAULTS: readonly NameFault[] = ["empty", "tooLong", "control", "bidi", "surrogate"];

const KEYS = { "Habit name": "habit", "Group name": "group", "Display name": "display" } as const;

/** The refusals of a name, in the catalogue `texts` (the live one by default: the web's shown language). */
export const nameMessages = (
  label: NameLabel,
  texts: typeof messages.names = messages.names,
): Record<NameFault, string> => {
  const key = KEYS[label];
  return {
    empty: texts.empty(key),
    tooLong: texts.tooLong(key, MAX_NAME_LENGTH),
    control: texts.control(key),
    bidi: texts.bidi(key),
    surrogate: texts.surrogate(key),
  };
};

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
export function nameCharacterProblem(name: string, label: NameLabel): string | null {
  for (const ch of name) {
    const fault = faultOf(ch.codePointAt(0) ?? 0);
    if (fault) return nameMessages(label)[fault];
  }
  return null;
}

/** Why a name, once normalised, cannot be stored, or null. */
export function nameProblem(name: string, label: NameLabel): string | null {
  const normal = normalizeName(name);
  const messages = nameMessages(label);
  if (normal.length === 0) return messages.empty;
  if (normal.length > MAX_NAME_LENGTH) return messages.tooLong;
  return nameCharacterProblem(normal, label);
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
