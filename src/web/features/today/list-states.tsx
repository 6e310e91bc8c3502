import { useEffect, useState } from "react";
import { MANUAL_ADD_DELAY_MS } from "../../../core/constants";
import { messages } from "../../../core/messages/first-screen";
import { Button } from "../../ui/button";
import { lazyPart } from "../../lib/lazy-part";

// Needed only after a loading error, and then only 3 s later: its code loads meanwhile.
const useManualAddForm = lazyPart(() => import("./manual-add-form").then((m) => m.ManualAddForm));

const card =
  "rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center dark:border-slate-700 dark:bg-slate-900";

/** `archived`: how many habits are archived (and so not on Today). */
export function ListEmpty({ archived = 0 }: { archived?: number }) {
  return (
    <div className={card} data-testid="habits-empty">
      <p className="text-base font-semibold text-slate-900 dark:text-white">{messages.today.empty}</p>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        {archived > 0 ? messages.todayHistory.allArchived(archived) : messages.today.emptyHint}
      </p>
    </div>
  );
}

/** Today's load failure, and the manual form MANUAL_ADD_DELAY_MS later. */
export function ListError({ onRetry, onAdd }: { onRetry: () => void; onAdd: (name: string) => void }) {
  const [showForm, setShowForm] = useState(false);
  const ManualAddForm = useManualAddForm(true);
  useEffect(() => {
    const timer = setTimeout(() => setShowForm(true), MANUAL_ADD_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div className={card} data-testid="habits-error">
      <p className="text-base font-semibold text-slate-900 dark:text-white">
        {messages.today.listLoadFailedTitle}
      </p>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{messages.today.listLoadFailedBody}</p>
      <Button className="mt-4" onClick={onRetry}>
        {messages.today.tryAgain}
      </Button>
      {showForm && ManualAddForm && <ManualAddForm onAdd={onAdd} />}
    </div>
  );
}
