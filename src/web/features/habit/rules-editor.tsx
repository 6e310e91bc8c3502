import { type FormEvent, useId, useRef, useState } from "react";
import { type Frequency, ruleIndexOn, type Target } from "../../../core/habit-kind";
import { isLocalDate, type LocalDate } from "../../../core/local-date";
import { messages } from "../../../core/messages";
import { EARLIEST_DAY } from "../../../core/sync";
import type { HabitView } from "../../lib/habits/use-habits";
import { Button } from "../../ui/button";
import { draftOf, draftRule, type RuleDraft, ruleWords } from "../../ui/rule-draft";
import { RuleFields } from "../../ui/rule-fields";

const k = messages.habitKinds;

type Props = {
  habit: Pick<HabitView, "kind" | "rules" | "step">;
  today: LocalDate;
  /** How often and the target from `from` on; false when it changed nothing. */
  onSetRules: (from: LocalDate, frequency: Frequency, target: Target | null) => Promise<boolean>;
  onSetStep: (step: number) => Promise<boolean>;
};

type Outcome = "saved" | "unchanged" | "failed" | null;

/**
 * How often the habit is due and its target (unit and step for a measurable habit), from a day the user chooses
 * (today unless changed; earlier days too): the days before it keep the rule they had (docs/product.md, "Kinds of
 * habit"). The step is not dated. The rule in force shows, with every rule by day when there are several.
 */
export function RulesEditor({ habit, today, onSetRules, onSetStep }: Props) {
  const titleId = useId();
  const fromErrorId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const current = habit.rules[ruleIndexOn(habit.rules, today)];
  // null: the habit's own rule shows; a change made here is kept until saved.
  const [draft, setDraft] = useState<RuleDraft | null>(null);
  const [from, setFrom] = useState<LocalDate>(today);
  const [showErrors, setShowErrors] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const shown = draft ?? draftOf(habit.kind, current, habit.step);
  const badFrom = !isLocalDate(from) || from < EARLIEST_DAY;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const made = draftRule(shown);
    if ("errors" in made || badFrom) {
      setShowErrors(true);
      requestAnimationFrame(() =>
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      );
      return;
    }
    const { frequency, target, step } = made.rule;
    const ruled = await onSetRules(from, frequency, target);
    const stepped = habit.kind === "measurable" && step !== habit.step ? await onSetStep(step) : false;
    setShowErrors(false);
    if (ruled || stepped) {
      setDraft(null);
      setOutcome("saved");
    } else setOutcome("unchanged");
  };

  return (
    <section
      aria-labelledby={titleId}
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id={titleId} className="text-lg font-semibold text-slate-900 dark:text-white">
        {k.rulesTitle}
      </h2>
      {current && (
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-200" data-testid="rule-in-force">
          {k.current(ruleWords(current))}
        </p>
      )}
      {habit.rules.length > 1 && (
        <div className="mt-3">
          <h3 className="text-sm font-semibold text-slate-900 dark:text-white">{k.history}</h3>
          <ul
            className="mt-1 space-y-0.5 text-sm text-slate-700 dark:text-slate-200"
            data-testid="rule-history"
          >
            {habit.rules.map((rule) => (
              <li key={rule.from}>
                {k.ruleFrom(rule.from, ruleWords(rule))}
                {rule === current && ` ${k.inForce}`}
              </li>
            ))}
          </ul>
        </div>
      )}
      <form ref={formRef} onSubmit={(event) => void save(event)} className="mt-4 space-y-4">
        <RuleFields
          draft={shown}
          onChange={(next) => {
            setDraft(next);
            setOutcome(null);
          }}
          showErrors={showErrors}
        />
        <div className="max-w-60">
          <TextFieldDate
            value={from}
            onValue={(value) => {
              setFrom(value);
              setOutcome(null);
            }}
            invalid={badFrom && showErrors}
            errorId={fromErrorId}
          />
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" variant="primary" className="min-h-11">
            {k.save}
          </Button>
          <p role="status" className="text-sm text-slate-700 dark:text-slate-200">
            {outcome === "saved" ? k.saved : outcome === "unchanged" ? k.nothingChanged : ""}
          </p>
        </div>
      </form>
    </section>
  );
}

/** "From which day?": a date, today unless changed; earlier days are allowed. */
function TextFieldDate({
  value,
  onValue,
  invalid,
  errorId,
}: {
  value: string;
  onValue: (value: string) => void;
  invalid: boolean;
  errorId: string;
}) {
  const id = useId();
  const hintId = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800 dark:text-slate-100">
        {k.fromWhichDay}
      </label>
      <input
        id={id}
        type="date"
        min={EARLIEST_DAY}
        value={value}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${hintId} ${errorId}` : hintId}
        onChange={(event) => onValue(event.target.value)}
        className="block h-11 w-full rounded-lg border border-slate-400 bg-white px-3 text-base text-slate-900 aria-[invalid=true]:border-rose-600 dark:border-slate-500 dark:bg-slate-950 dark:text-white"
      />
      <p id={hintId} className="mt-1 text-xs text-slate-600 dark:text-slate-300">
        {k.fromHint}
      </p>
      {invalid && (
        <p id={errorId} className="mt-1 text-sm font-medium text-rose-700 dark:text-rose-300">
          {k.badFrom}
        </p>
      )}
    </div>
  );
}
