// When two habit names read as the same habit: the one name rule's stored form (NFC, trimmed,
// see name.ts), compared without case. Upper- then lower-casing folds what lower-casing alone keeps apart (ß and SS).
import { normalizeName } from "./name";

/** The form in which two names that read the same are equal. */
export const sameNameKey = (name: string): string => normalizeName(name).toUpperCase().toLowerCase();

/** The first item whose name reads the same as `name`, if any. */
export function findSameName<T extends { readonly name: string }>(
  items: readonly T[],
  name: string,
): T | undefined {
  const key = sameNameKey(name);
  return items.find((item) => sameNameKey(item.name) === key);
}
