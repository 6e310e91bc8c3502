import { type RefObject, useEffect } from "react";

/** True while the user types into a field, where Alt+N must keep its normal meaning. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName);
}

/** Alt+N focuses the new-habit input (docs/product.md, "The list on Today"). */
export function useAltN(inputRef: RefObject<HTMLInputElement | null>): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      // KeyN is the physical key: on macOS Alt+N types a dead key ("˜") rather than "n".
      const isN = event.code === "KeyN" || event.key.toLowerCase() === "n";
      if (!event.altKey || event.ctrlKey || event.metaKey || !isN || isTypingTarget(event.target)) return;
      event.preventDefault();
      inputRef.current?.focus();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [inputRef]);
}
