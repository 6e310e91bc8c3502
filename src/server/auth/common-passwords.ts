import { readFileSync } from "node:fs";

// Shipped with the code (never fetched at run time): see the file's header for its source and licence.
const LIST_FILE = new URL("./common-passwords.txt", import.meta.url);

let list: Set<string> | null = null;

function load(): Set<string> {
  const lines = readFileSync(LIST_FILE, "utf8").split("\n");
  return new Set(lines.filter((line) => line !== "" && !line.startsWith("#")));
}

/** True for a password on the list of the 10,000 most common ones, compared without case. */
export function isCommonPassword(password: string): boolean {
  list ??= load();
  return list.has(password.toLowerCase());
}
