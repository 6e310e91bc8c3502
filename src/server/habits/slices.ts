// Large imports and lists run on the event loop's one thread: the work is cut into slices of a few milliseconds
// with a yield between them, so that other requests go on in the gaps (docs/decisions/0058).
const SLICE_MS = 5;

/** Returns a function to await between units of work: it yields to the event loop once a slice has run out. */
export type Pause = () => Promise<void>;

export function slicer(sliceMs = SLICE_MS): Pause {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < sliceMs) return;
    // setImmediate, not a resolved promise: only a macrotask lets pending I/O (other requests) run first.
    await new Promise((resolve) => setImmediate(resolve));
    since = performance.now();
  };
}

export async function mapInSlices<T, U>(
  items: readonly T[],
  fn: (item: T, index: number) => U,
  pause: Pause = slicer(),
): Promise<U[]> {
  const out: U[] = [];
  for (const [index, item] of items.entries()) {
    await pause();
    out.push(fn(item, index));
  }
  return out;
}

/** The JSON of `items` mapped by `map`, one item at a time: a 100,000-day answer is over a megabyte. */
export async function jsonArrayInSlices<T>(items: readonly T[], map: (item: T) => unknown): Promise<string> {
  return `[${(await mapInSlices(items, (item) => JSON.stringify(map(item)))).join(",")}]`;
}

export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
