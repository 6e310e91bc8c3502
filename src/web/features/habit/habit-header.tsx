import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import type { Habit } from "../../../core/habit";
import { messages } from "../../../core/messages";
import { normalizeName } from "../../../core/name";
import { nameProblem } from "../../../core/name-texts";
import { Button } from "../../ui/button";
import { cx } from "../../ui/cx";
import { inputClass } from "../../ui/form-controls";
import { TrashIcon } from "../../ui/icons";
import { ArchiveIcon, PencilIcon } from "./habit-icons";

const h = messages.history;

type Props = {
  habit: Habit;
  onRename: (name: string) => Promise<unknown>;
  onArchive: (archived: boolean) => void;
  onDelete: () => void;
};

/** The habit's emoji and name (renamed inline), its archived state, and Rename, Archive/Unarchive and Delete. */
export function HabitHeader({ habit, onRename, onArchive, onDelete }: Props) {
  const [editing, setEditing] = useState(false);
  const actionsRef = useRef<HTMLDivElement>(null);
  const wasEditing = useRef(false);
  // Saved or cancelled: the keyboard goes on from the Rename button, not from the page's top.
  useEffect(() => {
    if (wasEditing.current && !editing)
      actionsRef.current?.querySelector<HTMLButtonElement>("[data-action=rename]")?.focus();
    wasEditing.current = editing;
  }, [editing]);

  return (
    <header className="space-y-3">
      {editing ? (
        <>
          <h1 className="sr-only">{habit.name}</h1>
          <RenameForm
            name={habit.name}
            onDone={() => setEditing(false)}
            onSave={async (name) => {
              await onRename(name);
              setEditing(false);
            }}
          />
        </>
      ) : (
        <div className="flex items-start gap-3">
          {habit.emoji && (
            <span aria-hidden="true" className="text-3xl leading-tight" data-testid="habit-emoji">
              {habit.emoji}
            </span>
          )}
          <h1 className="min-w-0 flex-1 text-2xl font-bold tracking-tight wrap-anywhere text-slate-900 dark:text-white">
            <bdi>{habit.name}</bdi>
          </h1>
        </div>
      )}
      {habit.archived && (
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
          <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-900/60 dark:text-amber-100">
            {h.archivedBadge}
          </span>
          {h.archivedNote}
        </p>
      )}
      <div ref={actionsRef} className="flex flex-wrap gap-2">
        <Button data-action="rename" className="min-h-11" disabled={editing} onClick={() => setEditing(true)}>
          <PencilIcon size={16} />
          {h.rename}
        </Button>
        <Button className="min-h-11" onClick={() => onArchive(!habit.archived)}>
          <ArchiveIcon size={16} />
          {habit.archived ? h.unarchive : h.archive}
        </Button>
        <Button
          className="min-h-11 text-red-700 hover:bg-red-50 dark:text-red-300 dark:hover:bg-red-950"
          onClick={onDelete}
        >
          <TrashIcon size={16} />
          {h.delete}
        </Button>
      </div>
    </header>
  );
}

type FormProps = { name: string; onSave: (name: string) => Promise<void>; onDone: () => void };

/** Enter saves, Escape cancels; a name the name rule refuses says why (the same rule as adding a habit). */
function RenameForm({ name, onSave, onDone }: FormProps) {
  const [draft, setDraft] = useState(name);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => inputRef.current?.select(), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const refused = nameProblem(draft, "Habit name");
    if (refused) {
      setProblem(refused);
      inputRef.current?.focus();
      return;
    }
    if (normalizeName(draft) === name) return onDone();
    setBusy(true);
    await onSave(draft);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Escape") return;
    event.preventDefault();
    onDone();
  };

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="space-y-2" aria-busy={busy}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700 dark:text-slate-200">
        {h.nameLabel}
      </label>
      <input
        ref={inputRef}
        id={id}
        value={draft}
        autoFocus
        autoComplete="off"
        enterKeyHint="done"
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onChange={(e) => {
          setDraft(e.target.value);
          setProblem(null);
        }}
        onKeyDown={onKeyDown}
        className={cx(inputClass, "text-lg font-semibold")}
      />
      <div role="alert">
        {problem && (
          <p id={`${id}-problem`} className="text-sm text-red-700 dark:text-red-300">
            {problem}
          </p>
        )}
      </div>
      <div className="flex gap-2">
        <Button type="submit" variant="primary" className="min-h-11" disabled={busy}>
          {h.save}
        </Button>
        <Button className="min-h-11" onClick={onDone}>
          {h.cancel}
        </Button>
      </div>
    </form>
  );
}
