// The theme (docs/product.md, "Accounts and sign-in"): the stored preference, else the system colour scheme; applied
// as data-theme on <html> plus the `dark` class; while nothing is stored it follows live changes of the system
// preference. index.html's inline script (allowed by its hash in the CSP) repeats the first step before the first
// paint.
import { useSyncExternalStore } from "react";
import { STORAGE_KEYS } from "../../../core/constants";
import { readStorage, writeStorage } from "../../lib/storage";

export type Theme = "light" | "dark";

export function isTheme(value: unknown): value is Theme {
  return value === "light" || value === "dark";
}

const DARK_QUERY = "(prefers-color-scheme: dark)";
const listeners = new Set<() => void>();

export function storedTheme(): Theme | null {
  const value = readStorage(STORAGE_KEYS.theme);
  return isTheme(value) ? value : null;
}

export function systemTheme(): Theme {
  return typeof window.matchMedia === "function" && window.matchMedia(DARK_QUERY).matches ? "dark" : "light";
}

export function currentTheme(): Theme {
  return storedTheme() ?? systemTheme();
}

export function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  root.dataset.theme = theme;
  root.classList.toggle("dark", theme === "dark");
  root.style.colorScheme = theme;
}

function refresh(): void {
  applyTheme(currentTheme());
  for (const listener of listeners) listener();
}

/** Stores and applies a theme; any value other than "light" or "dark" is ignored. */
export function setTheme(value: unknown): void {
  if (!isTheme(value)) return;
  writeStorage(STORAGE_KEYS.theme, value);
  refresh();
}

export function toggleTheme(): void {
  setTheme(currentTheme() === "dark" ? "light" : "dark");
}

/** Applies the theme now and keeps following the system preference while nothing is stored. */
export function startTheme(): () => void {
  applyTheme(currentTheme());
  if (typeof window.matchMedia !== "function") return () => {};
  const media = window.matchMedia(DARK_QUERY);
  const onChange = () => {
    if (storedTheme() === null) refresh();
  };
  // Another tab changing the preference.
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS.theme || event.key === null) refresh();
  };
  media.addEventListener("change", onChange);
  window.addEventListener("storage", onStorage);
  return () => {
    media.removeEventListener("change", onChange);
    window.removeEventListener("storage", onStorage);
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, currentTheme);
}
