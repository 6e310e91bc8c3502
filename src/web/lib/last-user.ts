// Offline, the session cannot be asked for: the app opens for the user last signed in on this browser, on that
// user's local store. A sign-out, or a server that answers "signed out", forgets it, and Today's saved list.
import type { CurrentUser } from "./current-user";
import { readStorage, removeStorage, WEB_STORAGE_KEYS, writeStorage } from "./storage";

const isString = (v: unknown): v is string => typeof v === "string";

export function rememberUser({ id, name, email }: CurrentUser): void {
  writeStorage(WEB_STORAGE_KEYS.lastUser, JSON.stringify({ id, name, email }));
}

export function forgetUser(): void {
  removeStorage(WEB_STORAGE_KEYS.lastUser);
  removeStorage(WEB_STORAGE_KEYS.todaySnapshot);
}

export function lastUser(): CurrentUser | null {
  try {
    const value: unknown = JSON.parse(readStorage(WEB_STORAGE_KEYS.lastUser) ?? "null");
    if (typeof value !== "object" || value === null) return null;
    const { id, name, email } = { id: undefined, name: undefined, email: undefined, ...value };
    return isString(id) && isString(name) && isString(email) ? { id, name, email } : null;
  } catch {
    return null;
  }
}
