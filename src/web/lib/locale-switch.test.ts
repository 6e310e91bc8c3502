// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import german from "../../locales/de/first-screen.json";
import { messages } from "../../core/messages";
import { messages as firstScreen } from "../../core/messages/first-screen";
import { applyLocale, chooseLocale } from "./locale-switch";
import { currentLocale } from "./locale-store";
import { preferredLocale } from "./locale";

// A change of language rebuilds the catalogue's live texts in place (docs/decisions/0072): what a module captured
// (`const t = messages.shell`) follows, functions too, and English comes back whole.
describe("switching the language", () => {
  const shell = messages.shell;

  it("applies a locale's texts in place, with <html lang> and dir, and comes back to English", async () => {
    await applyLocale("ar-XB");
    expect(currentLocale()).toBe("ar-XB");
    expect(document.documentElement.lang).toBe("ar-XB");
    expect(document.documentElement.dir).toBe("rtl");
    expect(shell.settings).toBe("\u202eSettings\u202c");
    expect(firstScreen.shell.settings).toBe("\u202eSettings\u202c");
    expect(messages.migration.partial(3, 1)).toBe(
      "\u202eMigrated \u202c\u20683\u2069\u202e habits (\u202c\u20681\u2069\u202e failed)\u202c",
    );
    // A group written in two parts (history) follows in both.
    expect(messages.history.undo).toBe("\u202eUndo\u202c");
    expect(messages.history.legendDone).toBe("\u202eDone\u202c");

    await applyLocale("en");
    expect(document.documentElement.dir).toBe("ltr");
    expect(shell.settings).toBe("Settings");
    expect(messages.migration.partial(3, 1)).toBe("Migrated 3 habits (1 failed)");
    expect(messages.history.legendDone).toBe("Done");
    // A group a part passes through whole comes back too.
    expect(messages.habits.loadFailed).toBe("Failed to load your habits. Please try again.");
  });

  it("keeps the user's choice on the device, and a later choice wins over one still loading", async () => {
    const first = chooseLocale("en-XA");
    const second = chooseLocale("de");
    await Promise.all([first, second]);
    expect(currentLocale()).toBe("de");
    expect(preferredLocale()).toBe("de");
    // German's own text, from its file.
    expect(messages.shell.settings).toBe(german.shell.settings);
    await chooseLocale("en");
  });

  it("keeps `?lang=` for the visit, until a choice in Settings", async () => {
    window.history.replaceState(null, "", "/?lang=ar-XB");
    expect(preferredLocale()).toBe("ar-XB");
    window.history.replaceState(null, "", "/stats");
    expect(preferredLocale()).toBe("ar-XB");
    await chooseLocale("fr");
    expect(preferredLocale()).toBe("fr");
    await chooseLocale("en");
  });
});
