// Marks on the page's performance timeline where scripts/audit-web-vitals.ts reads Today's render time.
// A mark costs nothing; where the platform has no marks (jsdom in unit tests) it is left out.
export type PerfMark = "hs:store-ready" | "hs:today-list" | "hs:today-painted";

export function perfMark(name: PerfMark): void {
  if (typeof performance === "object" && typeof performance.mark === "function") performance.mark(name);
}

/** Marks `name` after the next paint: a frame's callbacks run before its paint, a task queued from one after it. */
export function perfMarkAfterPaint(name: PerfMark): void {
  if (typeof requestAnimationFrame !== "function") return;
  requestAnimationFrame(() => setTimeout(() => perfMark(name), 0));
}
