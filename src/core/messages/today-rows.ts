// The catalogue's third part (messages.ts): the texts of Today's rows for the kinds of habit and the reorder
// handle (docs/product.md, "Kinds of habit"), texts the product does not fix. They load with the rows
// (today-list.tsx), after the first paint, which keeps them out of the initial bundle (docs/decisions/0060).
import en from "./compiled/en/today-rows";
import { livePart, yes, type Messages } from "../i18n/catalogue";
import { amountText } from "../i18n/amount-text";
import type { Period, TargetPer } from "../habit-kind";
import type { Progress } from "../kind-figures";

export const buildTodayRows = (m: Messages<typeof en>) => ({
  todayRow: {
    ...m.todayRow,
    /** The drag handle, which also moves the row with the arrow keys. */
    move: (name: string) => m.todayRow.move({ name }),
    complete: (name: string) => m.todayRow.complete({ name }),
    /** The spin button of a measurable habit's number today. */
    amountToday: (name: string) => m.todayRow.amountToday({ name }),
    add: (step: number, name: string) => m.todayRow.add({ step, name }),
    addLabel: (step: number) => m.todayRow.addLabel({ step }),
    slippedName: (name: string) => m.todayRow.slippedName({ name }),
    deleteName: (name: string) => m.todayRow.deleteName({ name }),
    onFire: (n: number) => m.todayRow.onFire({ n }),
    /** "5 / 8 glasses", "12 / 50 km this week", "1 / at most 2 coffees". */
    progress: ({ amount: done, needed, per, atMost }: Progress, unit: string) =>
      m.todayRow.progress({
        done: amountText(done),
        needed: amountText(needed),
        atMost: yes(atMost),
        unit,
        hasUnit: yes(unit !== ""),
        per,
      }),
    /** "2 of 3 this week". */
    times: (done: number, needed: number, per: Period) => m.todayRow.times({ done, needed, per }),
    /** A quit habit's streak line: "3 days clean", "3 days clean · best 80 days". */
    cleanLine: (days: number, best: number) =>
      m.todayRow.cleanLine({ days, best, hasBest: yes(best > days) }),
    /** The streak of a habit counted in days, weeks or months. */
    streak: (streak: number, best: number, per: TargetPer, start: string) =>
      streak > 0
        ? m.todayRow.streak({ streak, best, per, hasBest: yes(best > streak) })
        : best > 1
          ? m.todayRow.streakNotStarted({ start, best, per })
          : start,
  },
  // Today's 7-day strip, order, "Not due today" section and Stats' archived switch: texts the product
  // does not fix. The day buttons are named like the habit page's calendar (see `history`).
  todayHistory: {
    ...m.todayHistory,
    lastDays: (name: string) => m.todayHistory.lastDays({ name }),
    notDueToday: (n: number) => m.todayHistory.notDueToday({ n }),
    moved: (name: string, position: number, total: number) => m.todayHistory.moved({ name, position, total }),
    explainStreak: (line: string, name: string) => m.todayHistory.explainStreak({ line, name }),
  },
  /** The notification prompt on Today, loaded after the rows. */
  notificationPrompt: m.notificationPrompt,
  /** The user's groups on Today and Stats (docs/product.md, "Groups"). */
  groupFilter: {
    ...m.groupFilter,
    /** A folded section's line beside its name: how many habits it holds. */
    count: (n: number) => m.groupFilter.count({ n }),
  },
});

export const todayRows = livePart("today-rows", en, buildTodayRows);
