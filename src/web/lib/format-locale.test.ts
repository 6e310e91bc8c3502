// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { amountText } from "../../core/i18n/amount-text";
import { formatLocale, formatLocaleFor } from "../ui/format-locale";
import { formatDate, formatInstant, formatNumber, formatTime, inputNumber } from "../ui/format-values";
import { parseNumber } from "../ui/rule-draft";
import { setShownLocale } from "./locale-store";
import { localeWeekStart } from "./week-start";

afterEach(() => setShownLocale("en"));

describe("the locale to format in", () => {
  it("is the browser's own variant of the shown language, else the shown language", () => {
    expect(formatLocaleFor("en", "en-US")).toBe("en-US");
    expect(formatLocaleFor("en", "en-GB")).toBe("en-GB");
    expect(formatLocaleFor("de", "de-AT")).toBe("de-AT");
    expect(formatLocaleFor("de", "en-US")).toBe("de");
    expect(formatLocaleFor("en", "de-DE")).toBe("en");
    expect(formatLocaleFor("pt-BR", "pt-PT")).toBe("pt-PT");
    expect(formatLocaleFor("pt-BR", "fr-FR")).toBe("pt-BR");
  });

  it("writes the pseudo-locales as the language they are made from", () => {
    expect(formatLocaleFor("en-XA", "de-DE")).toBe("en");
    expect(formatLocaleFor("ar-XB", "en-US")).toBe("ar");
    expect(formatLocaleFor("ar-XB", "ar-EG")).toBe("ar-EG");
  });

  it("follows the shown language at once, with formatters made again", () => {
    expect(navigator.language).toBe("en-US");
    expect(formatLocale()).toBe("en-US");
    expect(formatDate("2026-11-20", { weekday: "long", month: "long", day: "numeric" })).toBe(
      "Friday, November 20",
    );
    setShownLocale("de");
    expect(formatLocale()).toBe("de");
    expect(formatDate("2026-11-20", { weekday: "long", month: "long", day: "numeric" })).toBe(
      "Freitag, 20. November",
    );
    setShownLocale("ar");
    expect(formatDate("2026-11-20", { weekday: "long" })).toBe("الجمعة");
    setShownLocale("en");
    expect(formatDate("2026-11-20", { weekday: "short" })).toBe("Fri");
  });

  it("writes a day at its own date in every zone", () => {
    expect(formatDate("2026-01-01", { dateStyle: "medium" })).toBe("Jan 1, 2026");
    expect(formatDate("2026-12-31", { dateStyle: "medium" })).toBe("Dec 31, 2026");
  });
});

describe("numbers", () => {
  it("writes decimals and percentages as the language does", () => {
    expect(formatNumber(2.5)).toBe("2.5");
    expect(formatNumber(0.42, true)).toBe("42%");
    setShownLocale("de");
    expect(formatNumber(2.5)).toBe("2,5");
    expect(formatNumber(0.42, true)).toBe("42\u00a0%");
    expect(amountText(2.5)).toBe("2,5"); // the catalogue's amounts ("2,5 km")
    // A text field's amount: the decimal comma, no grouping, read back as it was.
    expect(formatNumber(1234.5)).toBe("1.234,5");
    expect(inputNumber(1234.5)).toBe("1234,5");
    expect(parseNumber(inputNumber(1234.5))).toBe(1234.5);
    setShownLocale("fr");
    expect(formatNumber(1.25)).toBe("1,25");
    expect(amountText(1.25)).toBe("1,25");
  });
});

describe("times of day", () => {
  it("uses the locale's hour cycle: 12 hours in en-US, 24 in German and French", () => {
    expect(formatTime("20:00")).toMatch(/^8:00\sPM$/);
    expect(formatTime("06:45")).toMatch(/^6:45\sAM$/);
    setShownLocale("de");
    expect(formatTime("20:00")).toBe("20:00");
    expect(formatTime("06:45")).toBe("06:45");
    setShownLocale("fr");
    expect(formatTime("08:05")).toBe("08:05");
  });

  it("writes an instant's day, and its time with it", () => {
    setShownLocale("de");
    expect(formatInstant("2026-11-20T12:00:00Z")).toBe("20.11.2026");
    expect(formatInstant("2026-11-20T12:00:00Z", true)).toMatch(/^20\.11\.2026, \d\d:00$/);
  });
});

describe("the week's first day", () => {
  it("is the shown language's where the user has not chosen one", () => {
    expect(localeWeekStart()).toBe(0); // en-US: Sunday
    setShownLocale("de");
    expect(localeWeekStart()).toBe(1); // Monday
    setShownLocale("fr");
    expect(localeWeekStart()).toBe(1);
    setShownLocale("pt-BR");
    expect(localeWeekStart()).toBe(0); // Brazil: Sunday
    setShownLocale("ar");
    expect(localeWeekStart()).toBe(0); // Saturday: Sunday, the nearer of the two held
  });
});
