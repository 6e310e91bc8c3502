// Parts of Today that its first paint does not need (GUIDE §8: Today is in the initial bundle) load on demand.
// Not React.lazy: a Suspense boundary reveals its content on a timer, which a paused page clock would hold back;
// here the part simply shows once its code has arrived (at once when it arrived before).
import { type ComponentType, useEffect, useState } from "react";
import { retryImport } from "../../lib/pwa/retry-import";

/** A hook that gives the component once `needed` has been true and its code has loaded; null until then. */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const get = () =>
    (loading ??= retryImport(load).then(
      (part) => (loaded = part),
      (error: unknown) => {
        loading = null; // a later need tries again
        throw error;
      },
    ));
  return function useLazyPart(needed: boolean): ComponentType<P> | null {
    const [part, setPart] = useState(() => loaded);
    useEffect(() => {
      if (!needed || part) return;
      let live = true;
      get().then(
        (next) => live && setPart(() => next),
        () => undefined, // the part stays away; the page around it works without it
      );
      return () => {
        live = false;
      };
    }, [needed, part]);
    return part;
  };
}
