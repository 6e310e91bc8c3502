// The 12 quick-add suggestions, in the product's order; the emojis are our choice.
export type SuggestedHabit = { readonly name: string; readonly emoji: string };

export const SUGGESTED_HABITS: readonly SuggestedHabit[] = [
  { name: "Drink water", emoji: "💧" },
  { name: "Exercise", emoji: "🏃" },
  { name: "Read a book", emoji: "📚" },
  { name: "Meditate", emoji: "🧘" },
  { name: "Journal", emoji: "📓" },
  { name: "Sleep 8 hours", emoji: "😴" },
  { name: "Eat vegetables", emoji: "🥦" },
  { name: "Take vitamins", emoji: "💊" },
  { name: "Gratitude", emoji: "🙏" },
  { name: "Stretch", emoji: "🤸" },
  { name: "No social media", emoji: "📵" },
  { name: "Study", emoji: "🎓" },
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
