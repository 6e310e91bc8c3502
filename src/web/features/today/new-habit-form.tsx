import { type FormEvent, type RefObject, useId, useRef, useState } from "react";
import { MAX_HABIT_NAME_LENGTH } from "../../../core/constants";
import { messages } from "../../../core/messages/first-screen";
import type { HabitGroup } from "../../../core/sync";
import type { HabitExtras } from "../../lib/habits/use-habits";
import { lazyPart } from "../../lib/lazy-part";
import { useToday } from "../../lib/use-today";
import { Button } from "../../ui/button";
import { cx } from "../../ui/cx";
import { GroupSelect } from "../../ui/group-select";
import { ChevronDownIcon, PlusIcon } from "../../ui/icons";
import type { RuleDraft } from "../../ui/rule-draft";

// The folded fields (a habit's kind, how often, target) load when first opened: Today is in the initial bundle.
const useRuleFields = lazyPart(() => import("../../ui/rule-fields"));

type Props = {
  inputRef: RefObject<HTMLInputElement | null>;
  /** Resolves whether the habit was added (the user may decline a name that another habit already has). */
  onAdd: (name: string, extras?: HabitExtras) => Promise<boolean>;
  /** The user's groups: with any, a "Group" field chooses the new habit's. */
  groups?: readonly HabitGroup[];
};

/**
 * Today's 'New habit...' field adds on Enter or on the plus button; a blank name is ignored. "More options", folded
 * at first, chooses the kind, how often and the target; left on their defaults they add a yes/no habit due every
 * day, as the field alone does. A value that is not valid keeps the habit from being added and is shown with its
 * error, and the focus goes to it.
 */
export function NewHabitForm({ inputRef, onAdd, groups = [] }: Props) {
  const [name, setName] = useState("");
  // "": no group; kept after an add, for the next habit of the same group.
  const [groupId, setGroupId] = useState("");
  const [open, setOpen] = useState(false);
  // null: never changed (the defaults); kept while folded, so that nothing typed is lost.
  const [draft, setDraft] = useState<RuleDraft | null>(null);
  const [showErrors, setShowErrors] = useState(false);
  const today = useToday();
  const id = useId();
  const panelId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const fields = useRuleFields(open || draft !== null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === "") return;
    let extras: HabitExtras | undefined;
    if (draft !== null) {
      if (!fields) return; // its code is still on its way: the draft is not lost, the next Enter adds
      const made = fields.draftExtras(draft, today);
      if ("errors" in made) {
        setOpen(true);
        setShowErrors(true);
        requestAnimationFrame(() =>
          panelRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
        );
        return;
      }
      extras = made.extras;
    }
    if (groupId !== "" && groups.some((group) => group.id === groupId)) extras = { ...extras, groupId };
    if (await (extras ? onAdd(name, extras) : onAdd(name))) {
      setName("");
      setDraft(null);
      setShowErrors(false);
    } else inputRef.current?.focus(); // declined: the name stays, ready to be changed
  };
  return (
    <form onSubmit={(event) => void submit(event)} aria-label={messages.today.addFormLabel}>
      <div className="flex gap-2">
        <label htmlFor={id} className="sr-only">
          {messages.today.newHabitLabel}
        </label>
        <input
          ref={inputRef}
          id={id}
          name="habit-name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          placeholder={messages.today.newHabitPlaceholder}
          maxLength={MAX_HABIT_NAME_LENGTH}
          autoComplete="off"
          enterKeyHint="done"
          aria-keyshortcuts="Alt+N"
          className="h-11 min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3.5 text-base text-slate-900 placeholder:text-slate-500 focus:border-indigo-500 dark:border-slate-700 dark:bg-slate-950 dark:text-white dark:placeholder:text-slate-400"
        />
        <Button
          type="submit"
          variant="primary"
          iconOnly
          className="size-11"
          aria-label={messages.today.addHabit}
          title={messages.today.addHabit}
        >
          <PlusIcon size={22} />
        </Button>
      </div>
      {groups.length > 0 && (
        <GroupSelect
          value={groupId}
          groups={groups}
          onChange={setGroupId}
          testId="new-habit-group"
          className="mt-2 flex items-center gap-2"
        />
      )}
      <button
        type="button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen(!open)}
        className="mt-1 flex min-h-11 items-center gap-1 rounded-lg px-1 text-sm font-medium text-indigo-700 hover:text-indigo-900 dark:text-indigo-300 dark:hover:text-indigo-100"
      >
        {messages.today.moreOptions}
        <ChevronDownIcon size={18} className={cx("transition-transform", open && "rotate-180")} />
      </button>
      {open && fields && (
        <div
          id={panelId}
          ref={panelRef}
          className="mt-2 border-t border-slate-200 pt-3 dark:border-slate-700"
        >
          <fields.RuleFields
            draft={draft ?? fields.DEFAULT_DRAFT}
            onChange={setDraft}
            showErrors={showErrors}
            chooseKind
          />
        </div>
      )}
    </form>
  );
}
