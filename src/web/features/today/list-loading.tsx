// The list's place while the store opens: the first paint shows it, so it is not part of the list's chunk
// (today-list.tsx), which loads with the store.
export function ListLoading() {
  return (
    <div role="status" className="space-y-3" data-testid="habits-loading">
      <span className="sr-only">Loading your habits…</span>
      {[0, 1, 2].map((i) => (
        <div
          key={i}
          aria-hidden="true"
          className="h-[4.25rem] animate-pulse rounded-xl bg-slate-200/70 dark:bg-slate-800"
        />
      ))}
    </div>
  );
}
