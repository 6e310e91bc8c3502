import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { findSameName, sameNameKey } from "./same-name";

const habits = [{ name: "Read" }, { name: "Café au lait" }, { name: "Straße fegen" }];

describe("findSameName", () => {
  it("finds a name that differs only in case, surrounding spaces or Unicode form", () => {
    expect(findSameName(habits, "read")).toBe(habits[0]);
    expect(findSameName(habits, "  READ\u00a0")).toBe(habits[0]);
    expect(findSameName(habits, "cafe\u0301 AU LAIT")).toBe(habits[1]); // é decomposed
    expect(findSameName(habits, "STRASSE FEGEN")).toBe(habits[2]);
    expect(findSameName(habits, "Read")).toBe(habits[0]);
  });

  it("keeps names apart that differ in anything else", () => {
    expect(findSameName(habits, "Reads")).toBeUndefined();
    expect(findSameName(habits, "Re ad")).toBeUndefined();
    expect(findSameName(habits, "Cafe au lait")).toBeUndefined();
    expect(findSameName([], "Read")).toBeUndefined();
  });

  it("is blind to case and to spaces around the name, for any name", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: "grapheme-ascii", minLength: 1, maxLength: 100 }),
        fc.constantFrom(" ", "\t", "\u00a0", "\u3000"),
        (name, pad) => {
          expect(sameNameKey(`${pad}${name.toUpperCase()}${pad}`)).toBe(sameNameKey(name.toLowerCase()));
        },
      ),
    );
  });
});
