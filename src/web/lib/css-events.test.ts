// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { keepCssEventsFromReact, UNHEARD_PROPS } from "./css-events";

// Every source file of the app, as text (Vite reads them, as initial-graph.test.ts does).
const sources = import.meta.glob<string>(["/src/web/**/*.{ts,tsx}", "!**/*.test.*"], {
  query: "?raw",
  import: "default",
  eager: true,
});

describe("keepCssEventsFromReact", () => {
  it("stops transition and animation events before they reach the page's elements, and no others", () => {
    const outer = document.body.appendChild(document.createElement("div"));
    const inner = outer.appendChild(document.createElement("button"));
    const heard: string[] = [];
    for (const type of ["transitionstart", "animationend", "click"]) {
      outer.addEventListener(type, () => heard.push(`outer ${type}`));
      inner.addEventListener(type, () => heard.push(`inner ${type}`));
    }
    const fire = () =>
      ["transitionstart", "animationend", "click"].forEach((type) =>
        inner.dispatchEvent(new Event(type, { bubbles: true })),
      );
    const undo = keepCssEventsFromReact();
    fire();
    expect(heard).toEqual(["inner click", "outer click"]);
    undo();
    heard.length = 0;
    fire();
    expect(heard).toHaveLength(6);
    outer.remove();
  });

  it("is not undone by a component that listens for one of them", () => {
    expect(UNHEARD_PROPS.test("<li onTransitionEnd={done} />")).toBe(true);
    expect(Object.keys(sources)).toContain("/src/web/features/today/today-list.tsx");
    const users = Object.entries(sources).filter(([, text]) => UNHEARD_PROPS.test(text));
    expect(users.map(([path]) => path)).toEqual([]);
  });
});
