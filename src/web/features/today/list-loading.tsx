// The list's place while the store opens: the first paint shows it, so it is not part of the list's chunk
// (today-list.tsx), which loads with the store. Its rows are as tall as a habit's row (name and streak, then the
// 7-day strip): when the list replaces them, what follows moves as little as can be (a layout shift).
import { messages } from "../../../core/messages/first-screen";

export function ListLoading() {
  return (
    <div role="status" className="space-y-3" data-testid="habits-loading">
      <span className="sr-only">{messages.today.loadingHabits}</span>
      {[0, 1, 2].map((i) => (
        <div
          key={i}
          aria-hidden="true"
          className="h-[7.5rem] animate-pulse rounded-xl bg-slate-200/70 sm:h-[7.75rem] dark:bg-slate-800"
        />
      ))}
    </div>
  );
}
