// The translated catalogue (docs/decisions/0072): the compiled modules are what scripts/compile-messages.ts makes of
// src/locales; each locale's messages parse, name only keys and arguments English has, and say what English says
// when compiled (the same output as intl-messageformat, the reference ICU implementation).
import { IntlMessageFormat } from "intl-messageformat";
import { describe, expect, it } from "vitest";
import {
  argumentsOf,
  compileIndex,
  compileModule,
  literalLength,
  missingKeys,
  parseMessage,
  readTable,
  sourceTable,
} from "../../../scripts/compile-messages";
import { TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { format, type Tree } from "../i18n/catalogue";
import { merged } from "../i18n/catalogue-apply";
import { CATALOGUE_PARTS, COMPLETE_LOCALES, isRtl, LOCALES, PSEUDO_LOCALES } from "../i18n/locales";

const TRANSLATED = LOCALES.filter((locale) => locale !== "en");
// The compiled modules as text (Vite reads them: src/core does no IO).
const compiled = import.meta.glob<string>(["./compiled/*/*.ts", "./compiled/index.ts"], {
  query: "?raw",
  import: "default",
  eager: true,
});

/** Argument values that walk each message's branches: every select case, and plural counts of every category. */
function samples(ast: MessageFormatElement[]): Record<string, string | number>[] {
  const choices = new Map<string, (string | number)[]>();
  const visit = (elements: MessageFormatElement[]) => {
    for (const el of elements) {
      if (el.type === TYPE.plural) choices.set(el.value, [0, 1, 2, 3, 5, 11, 22, 100, 1234.5]);
      else if (el.type === TYPE.select)
        choices.set(el.value, [
          ...new Set([...(choices.get(el.value) ?? []), ...Object.keys(el.options), "zz"]),
        ]);
      else if (el.type === TYPE.number) choices.set(el.value, [0, 0.25, 1234.5]);
      else if (el.type === TYPE.argument && !choices.has(el.value))
        choices.set(el.value, [`‹${el.value}›`, 7]);
      if (el.type === TYPE.plural || el.type === TYPE.select)
        for (const option of Object.values(el.options)) visit(option.value);
    }
  };
  visit(ast);
  let combos: Record<string, string | number>[] = [{}];
  for (const [name, values] of choices)
    combos = combos.flatMap((combo) => values.map((value) => ({ ...combo, [name]: value }))).slice(0, 400);
  return combos;
}

describe("the compiled catalogue", () => {
  it.each([...LOCALES, ...PSEUDO_LOCALES].flatMap((locale) => CATALOGUE_PARTS.map((part) => [locale, part])))(
    "%s/%s is what scripts/compile-messages.ts makes of src/locales (run it after editing a locale file)",
    (locale, part) => {
      expect(compiled[`./compiled/${locale}/${part}.ts`]).toBe(compileModule(locale, part));
    },
  );

  it("isolates a text given from outside right to left only, and leaves a link bare", async () => {
    const part = async (locale: string, name: string) =>
      ((await import(`./compiled/${locale}/${name}.ts`)) as { default: Tree }).default;
    expect(format(await part("ar", "on-demand"), "groups.confirmTitle", { name: "Gym!" })).toContain(
      "\u2068Gym!\u2069",
    );
    expect(format(await part("de", "on-demand"), "groups.confirmTitle", { name: "Gym!" })).not.toMatch(
      /[\u2068\u2069]/,
    );
    expect(format(await part("en", "on-demand"), "groups.confirmTitle", { name: "Gym!" })).toBe(
      "Delete the group Gym!?",
    );
    const mail = format(await part("ar", "on-demand"), "account.resetMailBody", {
      name: "Sara",
      url: "https://x.example/r",
    });
    expect(mail).toContain("\u2068Sara\u2069");
    expect(mail).toContain("\nhttps://x.example/r\n");
  });

  it("has the index of every locale's parts that the script writes", () => {
    expect(compiled["./compiled/index.ts"]).toBe(compileIndex());
  });

  it.each([...LOCALES, ...PSEUDO_LOCALES])("formats %s as intl-messageformat does", async (locale) => {
    for (const part of CATALOGUE_PARTS) {
      const table = ((await import(`./compiled/${locale}/${part}.ts`)) as { default: Tree }).default;
      for (const [key, text] of Object.entries(sourceTable(locale, part))) {
        const reference = new IntlMessageFormat(
          text,
          locale === "ar-XB" || locale === "en-XA" ? "en" : locale,
          undefined,
          { ignoreTag: true },
        );
        for (const args of samples(parseMessage(text))) {
          const ours = format(table, key, args);
          // Right to left, each text given from outside is isolated (FSI…PDI, scripts/compile-messages.ts): the
          // same text around the isolates.
          expect(
            isRtl(locale) ? ours.replace(/\u2068([^\u2068\u2069]*)\u2069/g, "$1") : ours,
            `${locale}/${part} ${key} ${JSON.stringify(args)}`,
          ).toBe(String(reference.format(args)));
        }
      }
    }
  });
});

describe("each locale's messages", () => {
  it.each(TRANSLATED)(
    "%s has only English's keys, in ICU syntax, with only English's arguments",
    (locale) => {
      for (const part of CATALOGUE_PARTS) {
        const english = readTable("en", part);
        for (const [key, text] of Object.entries(readTable(locale, part))) {
          expect(english, `${locale}/${part}.json has ${key}, which English has not`).toHaveProperty([key]);
          let own: Set<string>;
          try {
            own = argumentsOf(parseMessage(text));
          } catch (error) {
            throw new Error(`${locale}/${part}.json, ${key}: ${(error as Error).message}`, { cause: error });
          }
          const known = argumentsOf(parseMessage(english[key]!));
          expect(
            [...own].filter((name) => !known.has(name)),
            `${locale}/${part}.json, ${key}`,
          ).toEqual([]);
        }
      }
    },
  );

  it.each(TRANSLATED)("lists the keys of English that %s lacks, part by part", (locale) => {
    const missing = missingKeys(locale);
    for (const part of CATALOGUE_PARTS) {
      const english = Object.keys(readTable("en", part));
      const own = readTable(locale, part);
      expect(missing[part]).toEqual(english.filter((key) => !(key in own)));
    }
  });

  // COMPLETE_LOCALES (core/i18n/locales.ts) names the locales whose translation is done: each must then lack no key
  // of English, and a text added to English fails here until each of them has it. A locale not listed falls back
  // to English for the keys it lacks (`npx tsx scripts/compile-messages.ts --missing` lists them).
  it("finds no key missing in the complete locales", () => {
    const none = Object.fromEntries(CATALOGUE_PARTS.map((part) => [part, []]));
    for (const locale of COMPLETE_LOCALES) expect(missingKeys(locale), locale).toEqual(none);
  });

  it("gives English's message where a locale lacks the key", () => {
    const english: Tree = { a: { b: "Hello", c: (a) => `n=${a.n}` }, d: "Bye" };
    const german = merged(english, { a: { b: "Hallo" } });
    expect(format(german, "a.b")).toBe("Hallo");
    expect(format(german, "a.c", { n: 2 })).toBe("n=2");
    expect(format(german, "d")).toBe("Bye");
  });
});

describe("the pseudo-locales", () => {
  it("en-XA accents English and makes it about 40 % longer, keeping the arguments", () => {
    for (const part of CATALOGUE_PARTS)
      for (const [key, text] of Object.entries(sourceTable("en-XA", part))) {
        const english = readTable("en", part)[key]!;
        expect(argumentsOf(parseMessage(text)), key).toEqual(argumentsOf(parseMessage(english)));
        expect(literalLength(parseMessage(text)), key).toBeGreaterThanOrEqual(
          literalLength(parseMessage(english)) * 1.4,
        );
      }
    expect(sourceTable("en-XA", "first-screen")["today.allAdded"]).toMatch(
      /^\[Åļļ Çömmöñ Ĥåƀîţš Åđđéđ ·+\]$/,
    );
  });
  it("ar-XB writes every English text right to left", () => {
    expect(sourceTable("ar-XB", "first-screen")["shell.settings"]).toBe("\u202eSettings\u202c");
  });
});
