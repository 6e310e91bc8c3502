import { useCallback, useEffect, useState } from "react";
import { MILESTONE_SHOW_MS } from "../../../core/constants";
import { messages } from "../../../core/messages/first-screen";

export type Celebration = { key: number; name: string; streak: number };

/** A celebration shown for MILESTONE_SHOW_MS when a streak rises to a multiple of 5. */
export function useCelebration() {
  const [celebration, setCelebration] = useState<Celebration | null>(null);
  useEffect(() => {
    if (!celebration) return;
    const timer = setTimeout(() => setCelebration(null), MILESTONE_SHOW_MS);
    return () => clearTimeout(timer);
  }, [celebration]);
  const celebrate = useCallback(
    (name: string, streak: number) => setCelebration({ key: Date.now(), name, streak }),
    [],
  );
  return { celebration, celebrate };
}

export function MilestoneCelebration({ celebration }: { celebration: Celebration | null }) {
  return (
    <div role="status" className="pointer-events-none fixed inset-x-0 top-1/3 z-40 flex justify-center px-4">
      {celebration && (
        <div
          key={celebration.key}
          data-testid="milestone"
          className="hs-celebrate flex flex-col items-center gap-1 rounded-2xl bg-indigo-600 px-8 py-5 text-center text-white shadow-2xl shadow-indigo-600/30"
        >
          <span aria-hidden="true" className="text-4xl">
            🎉
          </span>
          <p className="text-xl font-bold">{messages.today.milestone(celebration.streak)}</p>
          <p className="max-w-64 truncate text-sm text-indigo-50">
            {messages.today.milestoneName(celebration.name)}
          </p>
        </div>
      )}
    </div>
  );
}
