import { type FocusEvent, type ReactNode, startTransition, useEffect, useRef, useState } from "react";
import { SPLASH_MIN_MS } from "../../core/constants";
import { appStylesLoaded, onAppStylesLoaded } from "../lib/app-styles";
import { useSession } from "../lib/session";
import { removeStaticSplash, Splash, splashShownFor } from "./splash";

/**
 * While the session loads the splash shows for at least SPLASH_MIN_MS. The app renders behind it as soon as the
 * session is known and its stylesheet is in: laid out under index.html's fixed splash, transparent, hidden from
 * screen readers and refusing focus, so that its first screen's code, data, render and layout use the splash's
 * time. The splash's end only uncovers it (docs/decisions/0067-load-behind-the-splash.md).
 */
/** Keeps the keyboard out of the app while it is hidden (`inert` would do it, but restyles every element when it
 * goes: 80 to 95 ms with the CPU slowed 6×, just when the first tap comes). */
const blur = (event: FocusEvent) => (event.target as HTMLElement).blur();

/** Transparent, and no taller than the window: the page does not scroll under the splash. Positioned, so that its
 * absolutely positioned descendants (a screen reader's hidden texts) are clipped with it. */
const HIDDEN = { opacity: 0, maxHeight: "100dvh", overflow: "clip", position: "relative" } as const;

export function SessionGate({ children }: { children: ReactNode }) {
  const { isPending } = useSession();
  const [rendered, setRendered] = useState(false);
  const [ready, setReady] = useState(false);
  const app = useRef<HTMLDivElement>(null);
  // The app's stylesheet, which no longer blocks the first paint (lib/app-styles.ts): never an unstyled screen.
  const [styled, setStyled] = useState(appStylesLoaded);
  // The app's first screen is drawn as a transition: React yields to the browser every few milliseconds instead of
  // blocking it for the whole first render (TBT).
  useEffect(() => onAppStylesLoaded(() => startTransition(() => setStyled(true))), []);
  // Once the app is drawn: at the minimum's end (counted from the splash's first paint, not from this code's
  // arrival after it) the splash goes and the app shows, straight on the page. Through React, that update waited
  // behind the app's own rendering, up to a second with the CPU slowed 6×; React's props then say the same.
  useEffect(() => {
    if (!rendered) return;
    const timer = setTimeout(
      () => {
        const element = app.current;
        if (element) {
          element.removeAttribute("style");
          element.removeAttribute("aria-hidden");
        }
        removeStaticSplash();
        setReady(true);
      },
      Math.max(0, SPLASH_MIN_MS - splashShownFor()),
    );
    return () => clearTimeout(timer);
  }, [rendered]);
  // Later session refetches (focus, sign-in) must never hide the app again nor bring the splash back. A
  // transition: the session's store updates synchronously, and the app's whole first render then took one task
  // (57 ms unthrottled, Lighthouse's longest); as a transition React draws it in slices.
  const known = !isPending && styled;
  useEffect(() => {
    if (known) startTransition(() => setRendered(true));
  }, [known]);
  return (
    <>
      {!ready && <Splash />}
      {rendered && (
        <div
          ref={app}
          style={ready ? undefined : HIDDEN}
          aria-hidden={!ready || undefined}
          onFocusCapture={ready ? undefined : blur}
        >
          {children}
        </div>
      )}
    </>
  );
}
