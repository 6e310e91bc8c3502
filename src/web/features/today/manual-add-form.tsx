import { type FormEvent, useId, useState } from "react";
import { MAX_HABIT_NAME_LENGTH } from "../../../core/constants";
import { messages } from "../../../core/messages";
import { Button } from "../../ui/button";

/** Today's fallback form that appears MANUAL_ADD_DELAY_MS after a loading error; it trims. */
export function ManualAddForm({ onAdd }: { onAdd: (name: string) => void }) {
  const [name, setName] = useState("");
  const titleId = useId();
  const inputId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed === "") return;
    onAdd(trimmed);
    setName("");
  };
  return (
    <form
      onSubmit={submit}
      aria-labelledby={titleId}
      data-testid="manual-add-form"
      className="mt-5 border-t border-slate-200 pt-5 text-start dark:border-slate-700 hs-slide-in"
    >
      <h3 id={titleId} className="text-sm font-semibold text-slate-900 dark:text-white">
        {messages.today.addManually}
      </h3>
      <div className="mt-2 flex gap-2">
        <label htmlFor={inputId} className="sr-only">
          {messages.manualAdd.label}
        </label>
        <input
          id={inputId}
          value={name}
          onChange={(event) => setName(event.target.value)}
          maxLength={MAX_HABIT_NAME_LENGTH}
          placeholder={messages.manualAdd.placeholder}
          autoComplete="off"
          className="h-10 min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 placeholder:text-slate-500 dark:border-slate-700 dark:bg-slate-950 dark:text-white dark:placeholder:text-slate-400"
        />
        <Button type="submit" variant="primary">
          {messages.manualAdd.add}
        </Button>
      </div>
    </form>
  );
}
