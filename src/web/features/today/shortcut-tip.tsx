import { messages } from "../../../core/messages/first-screen";

/** Today's tip about the Alt+N shortcut. */
export function ShortcutTip() {
  const [before, after] = messages.today.shortcutTip();
  return (
    <p className="text-xs text-slate-600 dark:text-slate-400" data-testid="shortcut-tip">
      {before}
      <kbd>Alt</kbd> + <kbd>N</kbd>
      {after}
    </p>
  );
}
