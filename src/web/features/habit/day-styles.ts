// The colours of a day's status, shared by the month calendar, the heatmap and their legend. Done is the one that
// must stand out: 3:1 or more against the card in both themes (WCAG 1.4.11), checked in e2e/habit-page.spec.ts.
import type { DayStatus } from "../../../core/day-state";
import { messages } from "../../../core/messages";

const h = messages.history;

/** Heatmap squares and legend swatches. */
export const swatch: Record<DayStatus, string> = {
  done: "bg-indigo-600 dark:bg-indigo-400",
  skipped: "bg-amber-400 dark:bg-amber-500",
  vacation: "bg-sky-300 dark:bg-sky-700",
  "not-due": "bg-slate-100 ring-1 ring-slate-200 ring-inset dark:bg-slate-800 dark:ring-slate-700",
  open: "bg-slate-200 dark:bg-slate-700",
  missed: "bg-slate-200 dark:bg-slate-700",
  future: "bg-transparent",
};

/** Month calendar day buttons: the fill, and the outline of a day that can still be done. */
export const dayButton: Record<DayStatus, string> = {
  done: "bg-indigo-600 font-semibold text-white hover:bg-indigo-700 dark:bg-indigo-400 dark:text-slate-950 dark:hover:bg-indigo-300",
  skipped:
    "border-2 border-dashed border-amber-500 bg-amber-50 text-amber-950 hover:bg-amber-100 dark:border-amber-400 dark:bg-amber-950/50 dark:text-amber-100",
  vacation:
    "bg-sky-100 text-sky-950 hover:bg-sky-200 dark:bg-sky-950 dark:text-sky-100 dark:hover:bg-sky-900",
  "not-due": "text-slate-500 hover:bg-slate-100 dark:text-slate-400 dark:hover:bg-slate-800",
  open: "border border-slate-500 text-slate-900 hover:bg-slate-100 dark:border-slate-400 dark:text-white dark:hover:bg-slate-800",
  missed:
    "border border-slate-500 text-slate-900 hover:bg-slate-100 dark:border-slate-400 dark:text-white dark:hover:bg-slate-800",
  future: "text-slate-400 dark:text-slate-600",
};

/** The legend, in the order a tap cycles, then the days that neither break nor extend a streak. */
export const legend: { status: DayStatus; label: string }[] = [
  { status: "missed", label: h.legendNotDone },
  { status: "done", label: h.legendDone },
  { status: "skipped", label: h.legendSkipped },
  { status: "vacation", label: h.legendVacation },
  { status: "not-due", label: h.legendNotDue },
];
