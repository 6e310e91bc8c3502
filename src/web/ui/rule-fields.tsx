// The fields of a habit's kind, how often and target (ui/rule-draft.ts): the add form's "More options" on Today,
// loaded when first opened (the initial JavaScript budget), and the habit page's editor.
import { type ReactNode, useId } from "react";
import { type HabitKind, HABIT_KINDS, MAX_UNIT_LENGTH, type TargetPer } from "../../core/habit-kind";
import { messages } from "../../core/messages";
import { cx } from "./cx";
import {
  draftErrors,
  type DraftField,
  HOW_OFTEN,
  howFits,
  type HowOften,
  type RuleDraft,
  showsHowOften,
  withChange,
  WORKDAYS,
} from "./rule-draft";
import { choiceControl, choiceRow, WeekdayChecks } from "./weekday-checks";

export { DEFAULT_DRAFT, draftExtras } from "./rule-draft";

const k = messages.habitKinds;

const kindLabel: Record<HabitKind, string> = { yesNo: k.yesNo, measurable: k.measurable, quit: k.quit };
const howLabel: Record<HowOften, string> = {
  daily: k.everyDay,
  weekdays: k.chosenWeekdays,
  week: k.timesPerWeek,
  month: k.timesPerMonth,
};
const perLabel: Record<TargetPer, string> = { day: k.day, week: k.week, month: k.month };

const fieldClass =
  "block h-11 w-full rounded-lg border bg-white px-3 text-base text-slate-900 dark:bg-slate-950 dark:text-white " +
  "border-slate-400 aria-[invalid=true]:border-rose-600 dark:border-slate-500 dark:aria-[invalid=true]:border-rose-400";
const labelClass = "mb-1 block text-sm font-medium text-slate-800 dark:text-slate-100";
const legendClass = "mb-1 text-sm font-semibold text-slate-900 dark:text-white";
const hintClass = "mt-1 text-xs text-slate-600 dark:text-slate-300";
const errorClass = "mt-1 text-sm font-medium text-rose-700 dark:text-rose-300";

type Props = {
  draft: RuleDraft;
  onChange: (draft: RuleDraft) => void;
  /** Show every field's error (after an attempt to save); otherwise only those of a field holding text. */
  showErrors: boolean;
  /** The add form chooses the kind; a habit keeps its own. */
  chooseKind?: boolean;
};

/**
 * Habit type (when it can be chosen), the target of a measurable habit with its unit and step, and how often it is
 * due, each labelled, with its error inline and tied to its field. Choices that do not fit the kind and target are
 * disabled (core/habit-kind.ts ruleProblem); a typed value that is not valid stays as typed, with its error.
 */
export function RuleFields({ draft, onChange, showErrors, chooseKind = false }: Props) {
  const id = useId();
  const errors = draftErrors(draft);
  const set = (change: Partial<RuleDraft>) => onChange(withChange(draft, change));
  const errorOf = (field: DraftField) =>
    errors[field] !== undefined && (showErrors || draft[field].trim() !== "") ? errors[field] : undefined;
  const measurable = draft.kind === "measurable";
  const atMostDaily = measurable && draft.atMost && draft.per === "day";

  return (
    <div className="space-y-4">
      {chooseKind && (
        <fieldset>
          <legend className={legendClass}>{k.habitType}</legend>
          <div className="grid gap-1 sm:grid-cols-3">
            {HABIT_KINDS.map((kind) => (
              <label key={kind} className={choiceRow}>
                <input
                  type="radio"
                  name={`${id}-kind`}
                  className={choiceControl}
                  checked={draft.kind === kind}
                  onChange={() => set({ kind })}
                />
                {kindLabel[kind]}
              </label>
            ))}
          </div>
          {draft.kind === "quit" && <p className={hintClass}>{k.quitHint}</p>}
        </fieldset>
      )}
      {measurable && (
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            label={k.unit}
            hint={k.unitHint}
            value={draft.unit}
            maxLength={MAX_UNIT_LENGTH}
            onValue={(unit) => set({ unit })}
          />
          <TextField
            label={k.target}
            value={draft.target}
            decimal
            error={errorOf("target")}
            onValue={(target) => set({ target })}
          />
          <SelectField
            label={k.atLeastOrAtMost}
            value={draft.atMost ? "atMost" : "atLeast"}
            onValue={(value) => set({ atMost: value === "atMost" })}
          >
            <option value="atLeast">{k.atLeast}</option>
            <option value="atMost">{k.atMost}</option>
          </SelectField>
          <SelectField label={k.per} value={draft.per} onValue={(per) => set({ per: per as TargetPer })}>
            {(["day", "week", "month"] as const).map((per) => (
              <option key={per} value={per}>
                {perLabel[per]}
              </option>
            ))}
          </SelectField>
          <TextField
            label={k.step}
            hint={k.stepHint}
            value={draft.step}
            decimal
            error={errorOf("step")}
            onValue={(step) => set({ step })}
          />
        </div>
      )}
      {showsHowOften(draft) ? (
        <fieldset aria-describedby={atMostDaily ? `${id}-how-hint` : undefined}>
          <legend className={legendClass}>{k.howOften}</legend>
          <div className="grid gap-1 sm:grid-cols-2">
            {HOW_OFTEN.map((how) => (
              <label
                key={how}
                className={cx(choiceRow, !howFits(draft, how) && "cursor-not-allowed opacity-60")}
              >
                <input
                  type="radio"
                  name={`${id}-how`}
                  className={choiceControl}
                  checked={draft.how === how}
                  disabled={!howFits(draft, how)}
                  onChange={() => set({ how })}
                />
                {howLabel[how]}
              </label>
            ))}
          </div>
          {atMostDaily && (
            <p id={`${id}-how-hint`} className={hintClass}>
              {k.noTimesAtMost}
            </p>
          )}
          {draft.how === "weekdays" && (
            <WeekdayChecks
              chosen={draft.weekdays.length > 0 ? draft.weekdays : WORKDAYS}
              onChange={(weekdays) => set({ weekdays })}
              className="mt-2 border-t border-slate-200 pt-2 dark:border-slate-800"
            />
          )}
          {(draft.how === "week" || draft.how === "month") && (
            <TextField
              label={k.times}
              value={draft.times}
              numeric
              error={errorOf("times")}
              onValue={(times) => set({ times })}
              className="mt-2 max-w-40"
            />
          )}
        </fieldset>
      ) : (
        <p className={hintClass}>{k.countedEveryDay}</p>
      )}
    </div>
  );
}

type TextFieldProps = {
  label: string;
  value: string;
  onValue: (value: string) => void;
  hint?: string;
  error?: string;
  maxLength?: number;
  /** A number with decimals, or a whole number: the phone shows its number keys. */
  decimal?: boolean;
  numeric?: boolean;
  className?: string;
};

/** A labelled text field; its hint and its error are its accessible description. */
export function TextField({
  label,
  value,
  onValue,
  hint,
  error,
  maxLength,
  decimal,
  numeric,
  className,
}: TextFieldProps) {
  const id = useId();
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ");
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input
        id={id}
        type="text"
        inputMode={decimal ? "decimal" : numeric ? "numeric" : undefined}
        autoComplete="off"
        value={value}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        onChange={(e) => onValue(e.target.value)}
        className={fieldClass}
      />
      {hint && (
        <p id={`${id}-hint`} className={hintClass}>
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className={errorClass}>
          {error}
        </p>
      )}
    </div>
  );
}

function SelectField({
  label,
  value,
  onValue,
  children,
}: {
  label: string;
  value: string;
  onValue: (value: string) => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select id={id} value={value} onChange={(e) => onValue(e.target.value)} className={fieldClass}>
        {children}
      </select>
    </div>
  );
}
