// The name rule's refusals (name.ts) in words: the catalogue's `names` texts, through the live catalogue by default
// (on the web, the shown language); the server passes the reader's (messagesIn(locale).names, docs/decisions/0074).
import { messages } from "./messages";
import { MAX_NAME_LENGTH, nameCharacterFault, nameFault, type NameFault, type NameLabel } from "./name";

type NameTexts = typeof messages.names;

const KEYS = { "Habit name": "habit", "Group name": "group", "Display name": "display" } as const;

/** The refusals of a name labelled `label`, in `texts`. */
export const nameMessages = (
  label: NameLabel,
  texts: NameTexts = messages.names,
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

/** Why the characters of a name cannot be stored, in words, or null. */
export function nameCharacterProblem(name: string, label: NameLabel, texts?: NameTexts): string | null {
  const fault = nameCharacterFault(name);
  return fault && nameMessages(label, texts)[fault];
}

/** Why a name, once normalised, cannot be stored, in words, or null. */
export function nameProblem(name: string, label: NameLabel, texts?: NameTexts): string | null {
  const fault = nameFault(name);
  return fault && nameMessages(label, texts)[fault];
}
