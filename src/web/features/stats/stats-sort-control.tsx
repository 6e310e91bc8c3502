import type { StatsSort } from "../../../core/stats";
import { messages } from "../../../core/messages";
import { statsCopy } from "./stats-copy";

const options: { value: StatsSort; label: string }[] = [
  { value: "streak", label: messages.stats.sortStreak },
  { value: "completion", label: messages.stats.sortCompletion },
  { value: "az", label: messages.stats.sortAz },
];

/** A segmented control built from real radio buttons, so arrow keys and screen readers work as usual. */
export function StatsSortControl({
  value,
  onChange,
}: {
  value: StatsSort;
  onChange: (sort: StatsSort) => void;
}) {
  return (
    <fieldset className="flex items-center gap-2">
      <legend className="sr-only">{statsCopy.sortBy}</legend>
      <span aria-hidden="true" className="hidden text-sm text-slate-600 sm:inline dark:text-slate-300">
        {statsCopy.sortBy}
      </span>
      <div className="inline-flex rounded-xl bg-slate-100 p-1 dark:bg-slate-800">
        {options.map((option) => (
          <label
            key={option.value}
            className="cursor-pointer rounded-lg px-3 py-1.5 text-sm font-medium text-slate-700 transition-colors has-checked:bg-white has-checked:text-indigo-700 has-checked:shadow-sm has-focus-visible:outline-2 has-focus-visible:outline-indigo-500 dark:text-slate-200 dark:has-checked:bg-slate-950 dark:has-checked:text-indigo-300"
          >
            <input
              type="radio"
              name="stats-sort"
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="sr-only"
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
