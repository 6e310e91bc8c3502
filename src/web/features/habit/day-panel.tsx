import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import type { WeekStart } from "../../../core/habit-kind";
import { kindHistoryOf, kindDayStatuses } from "../../../core/kind-days";
import { isAmount, MAX_AMOUNT, roundAmount } from "../../../core/habit-kind";
import type { LocalDate } from "../../../core/local-date";
import { messages } from "../../../core/messages";
import { MAX_NOTE_LENGTH } from "../../../core/sync";
import type { Vacation } from "../../../core/vacation";
import type { HabitView } from "../../lib/habits/use-habits";
import { Button } from "../../ui/button";
import { dayStateWords, fullDate } from "../../ui/day-names";
import { parseNumber } from "../../ui/rule-draft";
import { inputNumber } from "../../ui/format-values";

const k = messages.habitKinds;

type Props = {
  habit: HabitView;
  date: LocalDate;
  today: LocalDate;
  vacations: readonly Vacation[];
  weekStart: WeekStart;
  onClose: () => void;
  /** A yes/no day's state: not done → done → skipped → not done. */
  onCycle: (date: LocalDate) => void;
  onSetAmount: (date: LocalDate, value: number | null) => Promise<boolean>;
  onSetNote: (date: LocalDate, note: string | null) => Promise<boolean>;
};

const fieldClass =
  "block w-full rounded-lg border border-slate-400 bg-white px-3 text-base text-slate-900 aria-[invalid=true]:border-rose-600 dark:border-slate-500 dark:bg-slate-950 dark:text-white";

/**
 * A day of the habit page's calendar in a modal dialog: its state (a yes/no day's can be changed here too), its
 * number for a habit that counts one, and its note. Save keeps what changed; Escape or Close leaves without saving,
 * and the browser gives the focus back to the day.
 */
export function DayPanel({
  habit,
  date,
  today,
  vacations,
  weekStart,
  onClose,
  onCycle,
  onSetAmount,
  onSetNote,
}: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const amountId = useId();
  const amountErrorId = useId();
  const noteId = useId();
  const noteHintId = useId();
  const counts = habit.kind !== "yesNo";
  const storedAmount = habit.values?.find(([day]) => day === date)?.[1] ?? null;
  const storedNote = habit.notes?.find(([day]) => day === date)?.[1] ?? "";
  const [amount, setAmount] = useState(storedAmount === null ? "" : inputNumber(storedAmount));
  const [note, setNote] = useState(storedNote);
  const [badAmount, setBadAmount] = useState(false);
  // As the calendar shows it: by the rule in force that day (core/kind-days.ts).
  const status =
    kindDayStatuses(kindHistoryOf(habit, vacations, weekStart), date, date, today)[0]?.status ?? "future";

  useEffect(() => {
    const dialog = ref.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog || dialog.open) return;
    // jsdom has no modal dialogs: there the panel is simply open.
    if (typeof dialog.showModal === "function") dialog.showModal();
    else dialog.setAttribute("open", "");
    // The panel leaves the page when closed: the focus goes back to the day that opened it.
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  const spin = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "ArrowUp" && event.key !== "ArrowDown") return;
    event.preventDefault();
    const base = parseNumber(amount) ?? 0;
    const next = roundAmount(base + (event.key === "ArrowUp" ? habit.step : -habit.step));
    setAmount(String(Math.min(MAX_AMOUNT, Math.max(0, next))));
    setBadAmount(false);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const value = amount.trim() === "" ? null : parseNumber(amount);
    if (counts && amount.trim() !== "" && !isAmount(value)) {
      setBadAmount(true);
      document.getElementById(amountId)?.focus();
      return;
    }
    if (counts && value !== storedAmount) await onSetAmount(date, value);
    if (note.trim() !== storedNote) await onSetNote(date, note.trim() === "" ? null : note);
    onClose();
  };

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      data-testid="day-panel"
      onClose={onClose}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onKeyDown={(event) => {
        if (event.key === "Escape") {
          event.preventDefault();
          onClose();
        }
      }}
      className="m-auto w-[min(28rem,calc(100%-2rem))] rounded-2xl border border-slate-200 bg-white p-5 text-slate-900 shadow-xl backdrop:bg-slate-950/60 dark:border-slate-700 dark:bg-slate-900 dark:text-white"
    >
      <form onSubmit={(event) => void save(event)} className="space-y-4">
        <div>
          <h2 id={titleId} className="text-lg font-semibold">
            {fullDate(date)}
          </h2>
          <p className="mt-1 text-sm wrap-anywhere text-slate-600 dark:text-slate-300">
            <bdi>{habit.name}</bdi>
          </p>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm" data-testid="day-panel-state">
            {k.state(dayStateWords(status))}
          </p>
          {!counts && (
            <Button onClick={() => onCycle(date)} className="min-h-11">
              {k.cycleDay}
            </Button>
          )}
        </div>
        {counts && (
          <div>
            <label htmlFor={amountId} className="mb-1 block text-sm font-medium">
              {k.amount(fullDate(date))}
            </label>
            <input
              id={amountId}
              type="text"
              role="spinbutton"
              inputMode="decimal"
              autoComplete="off"
              aria-valuemin={0}
              aria-valuemax={MAX_AMOUNT}
              aria-valuenow={parseNumber(amount) ?? undefined}
              value={amount}
              onKeyDown={spin}
              aria-invalid={badAmount || undefined}
              aria-describedby={badAmount ? amountErrorId : undefined}
              onChange={(event) => {
                setAmount(event.target.value);
                setBadAmount(false);
              }}
              className={`${fieldClass} h-11`}
            />
            {badAmount && (
              <p id={amountErrorId} className="mt-1 text-sm font-medium text-rose-700 dark:text-rose-300">
                {k.badAmount}
              </p>
            )}
          </div>
        )}
        <div>
          <label htmlFor={noteId} className="mb-1 block text-sm font-medium">
            {k.noteFor(fullDate(date))}
          </label>
          <textarea
            id={noteId}
            value={note}
            maxLength={MAX_NOTE_LENGTH}
            rows={3}
            aria-describedby={noteHintId}
            onChange={(event) => setNote(event.target.value)}
            className={`${fieldClass} py-2`}
          />
          <p id={noteHintId} className="mt-1 text-xs text-slate-600 dark:text-slate-300">
            {k.noteHint(note.length, MAX_NOTE_LENGTH)}
          </p>
        </div>
        <div className="flex justify-end gap-2">
          <Button onClick={onClose} className="min-h-11">
            {k.close}
          </Button>
          <Button type="submit" variant="primary" className="min-h-11">
            {k.saveDay}
          </Button>
        </div>
      </form>
    </dialog>
  );
}
