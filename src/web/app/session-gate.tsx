import { type ReactNode, startTransition, useEffect, useLayoutEffect, useState } from "react";
import { SPLASH_MIN_MS } from "../../core/constants";
import { appStylesLoaded, onAppStylesLoaded } from "../lib/app-styles";
import { useSession } from "../lib/session";
import { removeStaticSplash, Splash, splashShownFor } from "./splash";

/** While the session loads the splash shows for at least SPLASH_MIN_MS; the app renders only after. */
export function SessionGate({ children }: { children: ReactNode }) {
  const { isPending } = useSession();
  const [minimumPassed, setMinimumPassed] = useState(false);
  const [ready, setReady] = useState(false);
  // The app's stylesheet, which no longer blocks the first paint (lib/app-styles.ts): never an unstyled screen.
  const [styled, setStyled] = useState(appStylesLoaded);
  // The app's first screen is drawn as a transition: React yields to the browser every few milliseconds instead of
  // blocking it for the whole first render (TBT); the static splash stays until that render commits.
  useEffect(() => onAppStylesLoaded(() => startTransition(() => setStyled(true))), []);
  // The minimum counts from the splash's first paint, not from this code's arrival after it.
  useEffect(() => {
    const left = Math.max(0, SPLASH_MIN_MS - splashShownFor());
    const timer = setTimeout(() => startTransition(() => setMinimumPassed(true)), left);
    return () => clearTimeout(timer);
  }, []);
  // index.html's splash goes in the same frame as the app's first screen appears (before the browser paints).
  useLayoutEffect(() => {
    if (ready) removeStaticSplash();
  }, [ready]);
  // Later session refetches (focus, sign-in) must never bring the splash back.
  if (!ready && !isPending && minimumPassed && styled) setReady(true);
  return ready ? children : <Splash />;
}
