import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { messages } from "./messages";
import { MAX_NAME_LENGTH, sanitizeName } from "./name";
import { nameMessages, nameProblem } from "./name-texts";
import { DisplayNameSchema } from "./name-schema";
import { applyTable } from "./i18n/catalogue-apply";
import german from "./messages/compiled/de/on-demand";
import { messagesIn } from "./messages/in-locale";

describe("the name rule", () => {
  it("uses the catalogue's text for an empty display name", () => {
    expect(nameMessages("Display name").empty).toBe(messages.validation.displayNameEmpty);
    expect(DisplayNameSchema.safeParse("  ").error?.issues[0]?.message).toBe(
      messages.validation.displayNameEmpty,
    );
  });

  it("checks the name as it will be stored: trimmed and NFC-normalised", () => {
    expect(nameProblem(" Ada ", "Display name")).toBeNull();
    // 100 decomposed letters are 200 code units before NFC and 100 after.
    expect(nameProblem("e\u0301".repeat(MAX_NAME_LENGTH), "Display name")).toBeNull();
    expect(nameProblem("x".repeat(MAX_NAME_LENGTH + 1), "Display name")).toMatch(/at most 100/);
    expect(nameProblem("Ada\u0085", "Habit name")).toBe("Habit name cannot contain control characters");
  });

  it("cleans a provider's name: controls become spaces, overrides and lone surrogates go, cut at 100", () => {
    expect(sanitizeName(" Ada\tLovelace\u202e\ud800 ")).toBe("Ada Lovelace");
    expect(sanitizeName("\u0007\u2066")).toBe("");
    // An emoji at the cut is kept whole or left out, never split into a lone surrogate.
    expect(sanitizeName("x".repeat(99) + "😀")).toBe("x".repeat(99));
  });

  it("a cleaned name is always empty or a name the rule accepts", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 300 }), (raw) => {
        const clean = sanitizeName(raw);
        expect(clean === "" || nameProblem(clean, "Display name") === null).toBe(true);
        expect(DisplayNameSchema.safeParse(raw).success).toBe(nameProblem(raw, "Display name") === null);
      }),
    );
  });
});

describe("the name rule's refusals in the shown language", () => {
  it("follow the catalogue as the web applies a locale, one text for the web and the server", () => {
    applyTable("on-demand", german);
    try {
      expect(nameProblem(" ", "Group name")).toBe(messagesIn("de").names.empty("group"));
      expect(nameProblem(" ", "Group name")).toBe("Der Gruppenname darf nicht leer sein");
      expect(nameProblem("a\u202eb", "Habit name")).toBe(messagesIn("de").names.bidi("habit"));
    } finally {
      applyTable("on-demand");
    }
    expect(nameProblem(" ", "Group name")).toBe("Group name cannot be empty");
    expect(nameMessages("Habit name", messagesIn("ar").names).tooLong).toBe(
      messagesIn("ar").names.tooLong("habit", MAX_NAME_LENGTH),
    );
  });
});
