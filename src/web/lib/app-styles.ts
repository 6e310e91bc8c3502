// The app's stylesheet (LCP): the built index.html links it for print only (fetched early at a low
// priority, never render-blocking), so the first paint (the splash, styled inline) waits for nothing; the entry adds
// it for every medium here (the same file, from the memory cache once fetched), and the session gate waits for that
// link's load before the app shows, so no screen ever draws unstyled. In development Vite injects the styles from the
// script: there is no such link and nothing to wait for.

/** True from the stylesheet's addition to its load (or failure); the gate waits only then. */
let pending = false;
const listeners = new Set<() => void>();

function markLoaded() {
  pending = false;
  for (const listener of listeners) listener();
  listeners.clear();
}

/** Adds the app's stylesheet for every medium; call once, from the entry. */
export function startAppStyles(doc: Document = document): void {
  const printLink = doc.querySelector<HTMLLinkElement>("link[data-app-styles]");
  if (!printLink) return;
  pending = true;
  const sheet = doc.createElement("link");
  sheet.rel = "stylesheet";
  sheet.crossOrigin = printLink.crossOrigin;
  sheet.href = printLink.href;
  // A failed load opens the gate too: the app then shows as it would have after a failed blocking stylesheet.
  sheet.addEventListener("load", markLoaded, { once: true });
  sheet.addEventListener("error", markLoaded, { once: true });
  printLink.after(sheet);
}

/** Whether the app's stylesheet is in. */
export const appStylesLoaded = (): boolean => !pending;

/** Calls `listener` once the stylesheet is in (at once when it already is); returns the unsubscription. */
export function onAppStylesLoaded(listener: () => void): () => void {
  if (!pending) {
    listener();
    return () => undefined;
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}
