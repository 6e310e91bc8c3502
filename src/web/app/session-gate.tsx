import { type ReactNode, startTransition, useEffect, useLayoutEffect, useState } from "react";
import { SPLASH_MIN_MS } from "../../core/constants";
import { appStylesLoaded, onAppStylesLoaded } from "../lib/app-styles";
import { useSession } from "../lib/session";
import { removeStaticSplash, Splash, splashShownFor } from "./splash";

/**
 * While the session loads the splash shows for at least SPLASH_MIN_MS. The app renders behind it as soon as the
 * session is known and its stylesheet is in, hidden (display: none), so that its first screen's code, data and
 * render use the splash's time; the splash's end only shows it (docs/decisions/0067-load-behind-the-splash.md).
 */
export function SessionGate({ children }: { children: ReactNode }) {
  const { isPending } = useSession();
  const [minimumPassed, setMinimumPassed] = useState(false);
  const [rendered, setRendered] = useState(false);
  const [ready, setReady] = useState(false);
  // The app's stylesheet, which no longer blocks the first paint (lib/app-styles.ts): never an unstyled screen.
  const [styled, setStyled] = useState(appStylesLoaded);
  // The app's first screen is drawn as a transition: React yields to the browser every few milliseconds instead of
  // blocking it for the whole first render (TBT).
  useEffect(() => onAppStylesLoaded(() => startTransition(() => setStyled(true))), []);
  // The minimum counts from the splash's first paint, not from this code's arrival after it. Showing the app
  // then is one small update, not a transition that could wait behind the app's own rendering.
  useEffect(() => {
    const left = Math.max(0, SPLASH_MIN_MS - splashShownFor());
    const timer = setTimeout(() => setMinimumPassed(true), left);
    return () => clearTimeout(timer);
  }, []);
  // index.html's splash goes in the same frame as the app's first screen appears (before the browser paints).
  useLayoutEffect(() => {
    if (ready) removeStaticSplash();
  }, [ready]);
  // Later session refetches (focus, sign-in) must never hide the app again nor bring the splash back.
  if (!rendered && !isPending && styled) setRendered(true);
  if (!ready && rendered && minimumPassed) setReady(true);
  return (
    <>
      {!ready && <Splash />}
      {rendered && <div style={{ display: ready ? "contents" : "none" }}>{children}</div>}
    </>
  );
}
