// React 19 listens at its root for every CSS transition and animation event and runs each through its event
// system, though no component here handles one. A tick starts about a dozen transitions (the toggle's and the row's
// colours, each border side its own), each firing transitionrun and transitionstart in the frame that shows the
// tick, lengthening that frame (a tick's INP). They stop at the window, before
// React's root sees them; the transitions and animations themselves run as before. docs/decisions/0060.
const CSS_EVENTS = [
  "transitionrun",
  "transitionstart",
  "transitionend",
  "transitioncancel",
  "animationstart",
  "animationiteration",
  "animationend",
  "animationcancel",
] as const;

/** The React props that would never be called (css-events.test.ts checks that no component uses one). */
export const UNHEARD_PROPS = /\bon(Transition|Animation)(Run|Start|End|Cancel|Iteration)\b/;

const stop = (event: Event) => event.stopPropagation();

/** Keeps CSS transition and animation events from the page's elements, React's root among them; returns an undo. */
export function keepCssEventsFromReact(): () => void {
  for (const type of CSS_EVENTS) window.addEventListener(type, stop, { capture: true });
  return () => {
    for (const type of CSS_EVENTS) window.removeEventListener(type, stop, { capture: true });
  };
}
