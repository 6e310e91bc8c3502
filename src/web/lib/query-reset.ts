// The cache of API answers (lib/query-client.ts) loads with the pages that use it, not with the first screen
// (docs/decisions/0060); the route guard clears it on sign-out through here, without loading it.
let forget: (() => void) | undefined;

/** Called once by lib/query-client.ts when the cache is created. */
export function setForgetQueries(clear: () => void): void {
  forget = clear;
}

/** Drops every cached answer of the previous user; nothing to do when no page has used the cache yet. */
export function forgetQueries(): void {
  forget?.();
}
