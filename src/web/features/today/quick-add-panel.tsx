import { useId, useRef, useState } from "react";
import { QUICK_ADD_HINT_OVER } from "../../../core/constants";
import { messages } from "../../../core/messages/first-screen";
import { suggestionsNotPresent } from "../../../core/suggested-habits";
import { cx } from "../../ui/cx";
import { ChevronDownIcon } from "../../ui/icons";

type Props = {
  names: readonly string[];
  /**
   * Adds the suggestion with its emoji, which the habit keeps. It may ask the user first (a name
   * another habit already has): the focus moves on once it has settled.
   */
  onAdd: (name: string, emoji: string) => Promise<unknown> | void;
  /** Open at first (a new user with no habits yet); the user's own choice wins afterwards. */
  defaultOpen: boolean;
};

/** Today's suggested habits not yet present, in a scrolling list with a hint when there are many. */
export function QuickAddPanel({ names, onAdd, defaultOpen }: Props) {
  const remaining = suggestionsNotPresent(names);
  const [choice, setChoice] = useState<boolean | null>(null);
  const panelId = useId();
  const hintId = useId();
  const listRef = useRef<HTMLUListElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const allAdded = remaining.length === 0;
  const open = !allAdded && (choice ?? defaultOpen);
  const showHint = remaining.length > QUICK_ADD_HINT_OVER;

  const add = async (name: string, emoji: string, index: number) => {
    setChoice(true); // stay open even though the list is no longer empty
    await onAdd(name, emoji);
    // The chosen button disappears: keep the keyboard user in the list rather than lost on <body>.
    requestAnimationFrame(() => {
      const buttons = listRef.current?.querySelectorAll("button");
      const next = buttons?.[Math.min(index, buttons.length - 1)];
      (next ?? toggleRef.current)?.focus();
    });
  };

  return (
    <div>
      <button
        ref={toggleRef}
        type="button"
        disabled={allAdded}
        aria-expanded={allAdded ? undefined : open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setChoice(!open)}
        className="flex w-full items-center justify-between gap-2 rounded-lg px-1 py-2 text-sm font-medium text-indigo-700 hover:text-indigo-900 disabled:cursor-not-allowed disabled:text-slate-500 dark:text-indigo-300 dark:hover:text-indigo-100 dark:disabled:text-slate-400"
      >
        <span>{allAdded ? messages.today.allAdded : messages.today.quickAdd(remaining.length)}</span>
        {!allAdded && (
          <ChevronDownIcon size={18} className={cx("transition-transform", open && "rotate-180")} />
        )}
      </button>
      {open && (
        <div id={panelId} className="mt-2">
          {/* About six fit (three rows of two, or two of three) and the next row peeks out: with more than
              QUICK_ADD_HINT_OVER there is always something to scroll to, as the hint says. */}
          <ul
            ref={listRef}
            aria-label={messages.today.suggestedHabits}
            aria-describedby={showHint ? hintId : undefined}
            data-testid="quick-add-list"
            className="grid max-h-[10.75rem] grid-cols-2 gap-2 overflow-y-auto overscroll-contain p-0.5 sm:max-h-[7.5rem] sm:grid-cols-3"
          >
            {remaining.map((suggestion, index) => (
              <li key={suggestion.name}>
                <button
                  type="button"
                  onClick={() => void add(suggestion.name, suggestion.emoji, index)}
                  className="flex min-h-11 w-full items-center gap-2 rounded-lg border border-slate-200 bg-slate-50 px-3 text-start text-sm text-slate-800 hover:border-indigo-300 hover:bg-indigo-50 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-100 dark:hover:border-indigo-500 dark:hover:bg-slate-700"
                >
                  <span aria-hidden="true">{suggestion.emoji}</span>
                  <span className="leading-tight">{suggestion.name}</span>
                </button>
              </li>
            ))}
          </ul>
          {showHint && (
            <p id={hintId} className="mt-2 text-xs text-slate-600 dark:text-slate-400">
              {messages.today.scrollHint(remaining.length)}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
