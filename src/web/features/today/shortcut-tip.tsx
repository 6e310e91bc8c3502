/** Today's tip about the Alt+N shortcut. */
export function ShortcutTip() {
  return (
    <p className="text-xs text-slate-600 dark:text-slate-400" data-testid="shortcut-tip">
      Tip: press <kbd>Alt</kbd> + <kbd>N</kbd> to start typing a new habit.
    </p>
  );
}
