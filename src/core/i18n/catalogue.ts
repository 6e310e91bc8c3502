// The message catalogue at run time (docs/decisions/0072): each part of src/core/messages.ts is built by a function
// of its compiled messages in a locale (English's where the locale lacks one), which gives the positional
// signatures the app calls (`messages.migration.partial(n, failed)`) over the messages' named arguments. The web keeps one live object per part and rebuilds it in place when the locale changes, so that
// `messages.today.allAdded` read at render gives the active language; the server builds a part for a given locale.
import type { Args } from "./icu";
import type { CataloguePart } from "./locales";

/** A compiled message: a text, or a function of its arguments. */
export type Message = string | ((a: Args) => string);
/** A locale's compiled part (src/core/messages/compiled/<locale>/<part>.ts): messages in groups, by id. */
export type Tree = { readonly [key: string]: Message | Tree };
/** The type of a part's messages: English's compiled module. */
export type Messages<T extends Tree> = T;

/** The message with the dotted id ("today.allAdded"), formatted: for tests and tools. */
export function format(tree: Tree, id: string, args: Args = {}): string {
  let node: Message | Tree | undefined = tree;
  for (const key of id.split(".")) node = typeof node === "object" ? node[key] : undefined;
  if (node === undefined || typeof node === "object") throw new Error(`no message ${id}`);
  return typeof node === "string" ? node : node(args);
}

type Part = { english: Tree; build: (m: Tree) => object; live: object };
const parts = new Map<CataloguePart, Part>();
const listeners = new Set<(name: CataloguePart) => void>();
const applied = new Set<() => void>();

/** The part's live texts in English, kept to be rebuilt in another locale by applyTable. */
export function livePart<T extends Tree, M extends object>(
  name: CataloguePart,
  english: T,
  build: (m: T) => M,
): M {
  const live = build(english);
  parts.set(name, { english, build: build as unknown as (m: Tree) => object, live });
  for (const listener of listeners) listener(name);
  return live;
}

/** The parts loaded so far. */
export function loadedParts(): CataloguePart[] {
  return [...parts.keys()];
}

/** Called when a part's module loads (the web then loads that part's translation). */
export function onPartLoaded(listener: (name: CataloguePart) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called after a part changes language: for texts copied from the parts (messages.ts's groups in two parts). */
export function onApplied(listener: () => void): void {
  applied.add(listener);
}

/** For catalogue-apply.ts, which the web loads with a language other than English. */
export const registry = { parts, applied };

/** A boolean as a select's case: `{atMost, select, yes {at most} other {at least}}`. */
export const yes = (value: boolean): "yes" | "no" => (value ? "yes" : "no");
