import { describe, expect, it } from "vitest";
import { isLocale, isRtl, matchLocale } from "./locales";

describe("the user's locale", () => {
  it("takes the first of the browser's languages that the app speaks, by tag, then by language", () => {
    expect(matchLocale(["pt-BR", "de"])).toBe("pt-BR");
    expect(matchLocale(["pt-PT"])).toBe("pt-BR");
    expect(matchLocale(["de-AT", "fr"])).toBe("de");
    expect(matchLocale(["nl-NL", "FR-ca", "es"])).toBe("fr");
    expect(matchLocale(["ar-EG"])).toBe("ar");
  });
  it("falls back to English", () => {
    expect(matchLocale([])).toBe("en");
    expect(matchLocale(["ja", "zh-CN"])).toBe("en");
  });
  it("knows the pseudo-locales, and which locales are written right to left", () => {
    expect(isLocale("en-XA")).toBe(true);
    expect(isLocale("ar-XB")).toBe(true);
    expect(isLocale("xx")).toBe(false);
    expect(isLocale(null)).toBe(false);
    expect(isRtl("ar")).toBe(true);
    expect(isRtl("ar-XB")).toBe(true);
    expect(isRtl("de")).toBe(false);
  });
});
