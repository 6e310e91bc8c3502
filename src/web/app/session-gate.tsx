import { type ReactNode, useEffect, useLayoutEffect, useState } from "react";
import { SPLASH_MIN_MS } from "../../core/constants";
import { useSession } from "../lib/session";
import { Splash, staticSplash } from "./splash";

/** SPEC §2: while the session loads the splash shows for at least SPLASH_MIN_MS; the app renders only after. */
export function SessionGate({ children }: { children: ReactNode }) {
  const { isPending } = useSession();
  const [minimumPassed, setMinimumPassed] = useState(false);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setMinimumPassed(true), SPLASH_MIN_MS);
    return () => clearTimeout(timer);
  }, []);
  // index.html's splash goes in the same frame as the app's first screen appears (before the browser paints).
  useLayoutEffect(() => {
    if (ready) staticSplash()?.remove();
  }, [ready]);
  // Later session refetches (focus, sign-in) must never bring the splash back.
  if (!ready && !isPending && minimumPassed) setReady(true);
  return ready ? children : <Splash />;
}
