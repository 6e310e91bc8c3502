// The catalogue's third part (messages.ts): the texts of Today's rows for the kinds of habit and the reorder
// handle (docs/product.md, "Kinds of habit"), texts the product does not fix. They load with the rows
// (today-list.tsx), after the first paint, which keeps them out of the initial bundle (docs/decisions/0060).
import type { Period, TargetPer } from "../habit-kind";
import type { Progress } from "../kind-figures";

const amount = (n: number) => String(n);
const unitOf = (per: TargetPer) => per;
const plural = (n: number, word: string) => `${n} ${n === 1 ? word : `${word}s`}`;

export const todayRows = {
  todayRow: {
    /** The drag handle, which also moves the row with the arrow keys. */
    move: (name: string) => `Move ${name}`,
    moveHint: "Drag, or press the up or down arrow key, to reorder",
    /** The spin button of a measurable habit's number today. */
    amountToday: (name: string) => `${name} today`,
    add: (step: number, name: string) => `Add ${amount(step)} to ${name}`,
    addLabel: (step: number) => `+${amount(step)}`,
    slipped: "I slipped",
    slippedName: (name: string) => `I slipped: ${name}`,
    /** "5 / 8 glasses", "12 / 50 km this week", "1 / at most 2 coffees". */
    progress: ({ amount: done, needed, per, atMost }: Progress, unit: string) =>
      `${amount(done)} / ${atMost ? "at most " : ""}${amount(needed)}${unit ? ` ${unit}` : ""}${
        per === "day" ? "" : ` this ${per}`
      }`,
    /** "2 of 3 this week". */
    times: (done: number, needed: number, per: Period) => `${done} of ${needed} this ${per}`,
    /** A quit habit's streak line: "3 days clean", "3 days clean · best 80 days". */
    cleanLine: (days: number, best: number) =>
      `${plural(days, "day")} clean${best > days ? ` · best ${plural(best, "day")}` : ""}`,
    /** The streak of a habit counted in days, weeks or months. */
    streak: (streak: number, best: number, per: TargetPer, start: string) => {
      const word = unitOf(per);
      if (streak === 0) return best > 1 ? `${start} · best ${plural(best, word)}` : start;
      return `${streak}-${word} streak${best > streak ? ` · best ${plural(best, word)}` : ""}`;
    },
  },
  /** The user's groups on Today and Stats (docs/product.md, "Groups"). */
  groupFilter: {
    /** The select that narrows Today and Stats to one group. */
    label: "Show group",
    all: "All habits",
    ungrouped: "Ungrouped",
    /** A folded section's line beside its name: how many habits it holds. */
    count: (n: number) => plural(n, "habit"),
    /** The list of ungrouped habits, when there are groups. */
    ungroupedList: "Habits without a group",
  },
} as const;
