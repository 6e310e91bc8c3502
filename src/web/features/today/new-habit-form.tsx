import { type FormEvent, type RefObject, useId, useState } from "react";
import { MAX_HABIT_NAME_LENGTH } from "../../../core/constants";
import { messages } from "../../../core/messages/first-screen";
import { Button } from "../../ui/button";
import { PlusIcon } from "../../ui/icons";

type Props = {
  inputRef: RefObject<HTMLInputElement | null>;
  /** Resolves whether the habit was added (the user may decline a name that another habit already has). */
  onAdd: (name: string) => Promise<boolean>;
};

/** Today's 'New habit...' field adds on Enter or on the plus button; a blank name is ignored. */
export function NewHabitForm({ inputRef, onAdd }: Props) {
  const [name, setName] = useState("");
  const id = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === "") return;
    if (await onAdd(name)) setName("");
    else inputRef.current?.focus(); // declined: the name stays, ready to be changed
  };
  return (
    <form onSubmit={(event) => void submit(event)} className="flex gap-2" aria-label="Add a habit">
      <label htmlFor={id} className="sr-only">
        New habit
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
        aria-label="Add habit"
        title="Add habit"
      >
        <PlusIcon size={22} />
      </Button>
    </form>
  );
}
