// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { STORAGE_KEYS } from "../../../core/constants";
import indexHtml from "../../index.html?raw";
import { currentTheme, setTheme, startTheme, toggleTheme } from "./theme";

let systemDark = false;
const changeListeners = new Set<() => void>();

beforeEach(() => {
  localStorage.clear();
  systemDark = false;
  changeListeners.clear();
  vi.stubGlobal("matchMedia", (query: string) => ({
    get matches() {
      return query.includes("dark") && systemDark;
    },
    addEventListener: (_: string, fn: () => void) => changeListeners.add(fn),
    removeEventListener: (_: string, fn: () => void) => changeListeners.delete(fn),
  }));
});
afterEach(() => vi.unstubAllGlobals());

const root = () => document.documentElement;
const flipSystem = (dark: boolean) => {
  systemDark = dark;
  for (const fn of changeListeners) fn();
};

describe("theme", () => {
  it("starts from the system scheme when nothing is stored and follows it live", () => {
    systemDark = true;
    const stop = startTheme();
    expect(root().dataset.theme).toBe("dark");
    expect(root().classList.contains("dark")).toBe(true);
    flipSystem(false);
    expect(root().dataset.theme).toBe("light");
    expect(root().classList.contains("dark")).toBe(false);
    stop();
  });

  it("a stored preference wins over the system and stops following it", () => {
    localStorage.setItem(STORAGE_KEYS.theme, "light");
    systemDark = true;
    const stop = startTheme();
    expect(currentTheme()).toBe("light");
    flipSystem(true);
    expect(root().dataset.theme).toBe("light");
    stop();
  });

  it("toggles and stores the choice", () => {
    const stop = startTheme();
    toggleTheme();
    expect(localStorage.getItem(STORAGE_KEYS.theme)).toBe("dark");
    expect(root().dataset.theme).toBe("dark");
    toggleTheme();
    expect(localStorage.getItem(STORAGE_KEYS.theme)).toBe("light");
    stop();
  });

  it.each(["purple", "", "DARK", null, 1, { theme: "dark" }])("the setter ignores %j", (value) => {
    setTheme("dark");
    setTheme(value);
    expect(localStorage.getItem(STORAGE_KEYS.theme)).toBe("dark");
    expect(root().dataset.theme).toBe("dark");
  });

  it("treats a stored value other than light or dark as no preference", () => {
    localStorage.setItem(STORAGE_KEYS.theme, "purple");
    systemDark = true;
    expect(currentTheme()).toBe("dark");
  });

  it("the pre-paint script reads the same storage key", () => {
    const themeInitScript = /<script>([\s\S]*?)<\/script>/.exec(indexHtml)?.[1];
    expect(themeInitScript).toContain(`"${STORAGE_KEYS.theme}"`);
  });
});
