// The 12 quick-add suggestions, in the product's order; the emojis are our choice. Their names are the catalogue's
// (`today.suggestions`), read when used, so that they follow the language: a suggestion is added under the name shown.
import { messages } from "./messages/first-screen";

export type SuggestedHabit = { readonly name: string; readonly emoji: string };

type Key = keyof typeof messages.today.suggestions;
const suggestion = (id: Key, emoji: string): SuggestedHabit => ({
  get name() {
    return messages.today.suggestions[id];
  },
  emoji,
});

export const SUGGESTED_HABITS: readonly SuggestedHabit[] = [
  suggestion("drinkWater", "💧"),
  suggestion("exercise", "🏃"),
  suggestion("readBook", "📚"),
  suggestion("meditate", "🧘"),
  suggestion("journal", "📓"),
  suggestion("sleep", "😴"),
  suggestion("vegetables", "🥦"),
  suggestion("vitamins", "💊"),
  suggestion("gratitude", "🙏"),
  suggestion("stretch", "🤸"),
  suggestion("noSocialMedia", "📵"),
  suggestion("study", "🎓"),
];

const key = (name: string) => name.trim().toLowerCase();

/**
 * Suggestions whose name matches no existing habit, ignoring case and surrounding spaces (docs/product.md, "The list
 * on Today").
 */
export function suggestionsNotPresent(existingNames: readonly string[]): (typeof SUGGESTED_HABITS)[number][] {
  const existing = new Set(existingNames.map(key));
  return SUGGESTED_HABITS.filter((suggestion) => !existing.has(key(suggestion.name)));
}
