// The order of habits on Today and Stats: `position` ascending, ties by createdAt descending
// (newest first, as before positions existed) then by id. A new habit goes first; a moved habit takes a position
// between its new neighbours, so that a move is one write of one habit, except when there is no room between them
// (equal positions, or the doubles ran out of precision): then the habits around it are numbered anew.

/** What ordering needs of a habit. */
export type Ordered = { id: string; position: number; createdAt: string };

export function compareHabits(a: Ordered, b: Ordered): number {
  if (a.position !== b.position) return a.position < b.position ? -1 : 1;
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** A sorted copy; the input is not modified. */
export function sortHabits<T extends Ordered>(habits: readonly T[]): T[] {
  return [...habits].sort(compareHabits);
}

/** The position of a new habit: first, one below the smallest position (0 when there is none). */
export function positionForNew(habits: readonly Pick<Ordered, "position">[]): number {
  if (habits.length === 0) return 0;
  let min = Infinity;
  for (const habit of habits) if (habit.position < min) min = habit.position;
  return min - 1;
}

/**
 * A position strictly between `before` and `after` (either may be absent: the first or the last place), or null
 * when there is none: the two are equal or adjacent doubles.
 */
export function positionBetween(before: number | undefined, after: number | undefined): number | null {
  if (before === undefined && after === undefined) return 0;
  if (before === undefined) return after! - 1;
  if (after === undefined) return before + 1;
  if (!(before < after)) return null;
  const middle = before + (after - before) / 2;
  return middle > before && middle < after ? middle : null;
}

/** A new position for a habit: what a move writes. */
export type PositionChange = { id: string; position: number };

/**
 * The writes that put habit `id` at `index` of the others (the sorted list without it; `index` 0 is first, the
 * others' length is last). Usually one; when its new neighbours leave no room, every habit gets a position anew
 * (its index in the new order), listing only those whose position changes. [] when `id` is not in the list or
 * already stands there.
 */
export function moveToIndex(sorted: readonly Ordered[], id: string, index: number): PositionChange[] {
  const moving = sorted.find((habit) => habit.id === id);
  if (!moving) return [];
  const others = sorted.filter((habit) => habit.id !== id);
  const at = Math.max(0, Math.min(index, others.length));
  if (sorted[at]?.id === id) return []; // it is there already
  const position = positionBetween(others[at - 1]?.position, others[at]?.position);
  if (position !== null) return [{ id, position }];
  const order = [...others.slice(0, at), moving, ...others.slice(at)];
  return order.flatMap((habit, i) => (habit.position === i ? [] : [{ id: habit.id, position: i }]));
}

/** The writes that put habit `id` just before habit `beforeId`, or last when `beforeId` is null. */
export function moveBefore(
  sorted: readonly Ordered[],
  id: string,
  beforeId: string | null,
): PositionChange[] {
  if (beforeId === id) return [];
  const others = sorted.filter((habit) => habit.id !== id);
  const index = beforeId === null ? others.length : others.findIndex((habit) => habit.id === beforeId);
  return index < 0 ? [] : moveToIndex(sorted, id, index);
}

/**
 * The writes that move habit `id` one place up or down among the habits `peers` accepts (those shown together,
 * say the ones not archived); the others keep their places. [] at the top or the bottom already.
 */
export function moveAmong<T extends Ordered>(
  sorted: readonly T[],
  id: string,
  direction: "up" | "down",
  peers: (habit: T) => boolean = () => true,
): PositionChange[] {
  const shown = sorted.filter((habit) => habit.id === id || peers(habit));
  const i = shown.findIndex((habit) => habit.id === id);
  if (i < 0) return [];
  const others = sorted.filter((habit) => habit.id !== id);
  if (direction === "up") {
    const previous = shown[i - 1];
    return previous ? moveToIndex(sorted, id, others.indexOf(previous)) : [];
  }
  const next = shown[i + 1];
  return next ? moveToIndex(sorted, id, others.indexOf(next) + 1) : [];
}
