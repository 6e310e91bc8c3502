import type { Trend } from "../../../core/stats";
import { statsCopy } from "./stats-copy";

const styles: Record<Trend, string> = {
  up: "bg-emerald-100 text-emerald-700 dark:bg-emerald-900/50 dark:text-emerald-300",
  down: "bg-rose-100 text-rose-700 dark:bg-rose-900/50 dark:text-rose-300",
  neutral: "bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300",
};

const paths: Record<Trend, string> = {
  up: "M12 19V5m0 0-6 6m6-6 6 6",
  down: "M12 5v14m0 0-6-6m6 6 6-6",
  neutral: "M5 12h14m0 0-6-6m6 6-6 6",
};

/** The trend arrow (docs/product.md, "Streaks"); the label carries the meaning so it never relies on colour alone. */
export function TrendArrow({ trend }: { trend: Trend }) {
  return (
    <span
      role="img"
      aria-label={statsCopy.trend[trend]}
      title={statsCopy.trend[trend]}
      data-trend={trend}
      className={`inline-flex size-7 shrink-0 items-center justify-center rounded-full ${styles[trend]}`}
    >
      <svg
        viewBox="0 0 24 24"
        // "Steady" points forward in time: leftwards right to left (the up and down arrows are symmetric).
        className="size-4 rtl:-scale-x-100"
        fill="none"
        stroke="currentColor"
        strokeWidth={2.5}
        aria-hidden="true"
      >
        <path d={paths[trend]} strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </span>
  );
}
