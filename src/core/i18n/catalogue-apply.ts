// Changing a part's language in place (catalogue.ts): apart, so that a first screen in English does not carry it.
import { registry, type Message, type Tree } from "./catalogue";
import type { CataloguePart } from "./locales";

/** The locale's messages over English's: English's message wherever the locale lacks one. */
export function merged<T extends Tree>(english: T, table?: Tree): T {
  if (!table) return english;
  const out: Record<string, Message | Tree> = {};
  for (const [key, value] of Object.entries(english)) {
    const own = table[key];
    out[key] =
      typeof value === "object"
        ? merged(value, typeof own === "object" ? own : undefined)
        : own !== undefined && typeof own !== "object"
          ? own
          : value;
  }
  return out as T;
}

/** Rebuilds a part's live texts from a locale's messages (none: English). */
export function applyTable(name: CataloguePart, table?: Tree): void {
  const part = registry.parts.get(name);
  if (part) {
    // The live part holds the groups it passes through whole (`habits: m.habits`) as English's own objects, which
    // the assignment below rewrites in place: English's table is copied apart before the first, to come back to.
    if (!copied.has(part)) {
      part.english = copyTree(part.english);
      copied.add(part);
    }
    assignDeep(part.live as Record<string, unknown>, part.build(merged(part.english, table)));
  }
  for (const listener of registry.applied) listener();
}

const copied = new WeakSet<object>();

function copyTree(tree: Tree): Tree {
  return Object.fromEntries(
    Object.entries(tree).map(([key, value]) => [key, typeof value === "object" ? copyTree(value) : value]),
  );
}

function assignDeep(target: Record<string, unknown>, source: object): void {
  for (const [key, value] of Object.entries(source)) {
    const current = target[key];
    if (typeof value === "object" && value !== null && typeof current === "object" && current !== null)
      assignDeep(current as Record<string, unknown>, value);
    else target[key] = value;
  }
}
