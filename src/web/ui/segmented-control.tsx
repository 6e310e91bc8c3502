import { useId } from "react";
import { cx } from "./cx";

/**
 * A segmented control built from real radio buttons in a named group, so that arrow keys and screen readers work as
 * usual. `shown`: the label also shows beside the buttons, always or from the small breakpoint on.
 */
export function SegmentedControl<T extends string>({
  label,
  shown,
  options,
  value,
  onChange,
}: {
  label: string;
  shown?: "always" | "wide";
  options: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
}) {
  const name = useId();
  return (
    <fieldset className="flex items-center gap-2">
      <legend className="sr-only">{label}</legend>
      {shown && (
        <span
          aria-hidden="true"
          className={cx("text-sm text-slate-600 dark:text-slate-300", shown === "wide" && "hidden sm:inline")}
        >
          {label}
        </span>
      )}
      <div className="inline-flex rounded-xl bg-slate-100 p-1 dark:bg-slate-800">
        {options.map((option) => (
          <label
            key={option.value}
            className="cursor-pointer rounded-lg px-3 py-1.5 text-sm font-medium text-slate-700 transition-colors has-checked:bg-white has-checked:text-indigo-700 has-checked:shadow-sm has-focus-visible:outline-2 has-focus-visible:outline-indigo-500 dark:text-slate-200 dark:has-checked:bg-slate-950 dark:has-checked:text-indigo-300"
          >
            <input
              type="radio"
              name={name}
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
