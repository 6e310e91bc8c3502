// Code the first paint does not need (Today is in the initial bundle, held to its budget) loads on demand: parts of
// Today, and what only works once the store has opened (docs/decisions/0060). Not React.lazy: a Suspense boundary
// reveals its content on a timer, which a paused page clock would hold back; here the part simply shows once its code
// has arrived (at once when it arrived before).
import { useEffect, useState } from "react";
import { retryImport } from "./pwa/retry-import";

type Options = {
  /**
   * The page cannot work without this part: when its code cannot be loaded (after retryImport's retries) the
   * error reaches the page's error boundary, which offers a reload, as a page chunk's would. Otherwise the part
   * stays away and the page around it works without it; a later need tries again.
   */
  required?: boolean;
};

/**
 * A hook that gives the part (a component, or a module's exports) once `needed` has been true and its code has
 * loaded; null until then. `preload()` fetches it beforehand, so that it shows at once when needed.
 */
export function lazyPart<T>(load: () => Promise<T>, { required = false }: Options = {}) {
  // Boxed, so that a part which is a function (a component) is never taken for a state updater.
  let loaded: { part: T } | null = null;
  let loading: Promise<T> | null = null;
  const get = () =>
    (loading ??= retryImport(load).then(
      (part) => {
        loaded = { part };
        return part;
      },
      (error: unknown) => {
        loading = null; // a later need tries again
        throw error;
      },
    ));
  function useLazyPart(needed: boolean): T | null {
    const [box, setBox] = useState(() => loaded);
    useEffect(() => {
      if (!needed || box) return;
      let live = true;
      get().then(
        (part) => live && setBox({ part }),
        (error: unknown) => {
          // Thrown from a state update, the error reaches the nearest error boundary.
          if (live && required)
            setBox(() => {
              throw error;
            });
        },
      );
      return () => {
        live = false;
      };
    }, [needed, box]);
    return box?.part ?? null;
  }
  return Object.assign(useLazyPart, { preload: () => void get().catch(() => undefined) });
}
