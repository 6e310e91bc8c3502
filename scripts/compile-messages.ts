// Compiles the ICU MessageFormat catalogue (src/locales/<locale>/<part>.json, the files translators edit) into plain
// functions, one TypeScript module per locale and part under src/core/messages/compiled/ (docs/decisions/0072): the
// app and the server run them without an ICU parser or runtime. `npx tsx scripts/compile-messages.ts` rewrites them;
// src/core/messages/catalogue.test.ts fails while a compiled file differs from what this writes. The pseudo-locales
// (en-XA accented and longer, ar-XB right to left) are generated from English here too.
import { readdirSync, readFileSync, writeFileSync, mkdirSync, existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { CATALOGUE_PARTS, isRtl, LOCALES, PSEUDO_LOCALES, type Locale } from "../src/core/i18n/locales.ts";

const ROOT = join(fileURLToPath(import.meta.url), "../..");
export const LOCALES_DIR = join(ROOT, "src/locales");
export const COMPILED_DIR = join(ROOT, "src/core/messages/compiled");

/** A locale file's messages by dotted id ("today.allAdded"); the file nests them by group (ICU JSON, nested). */
export type Table = Record<string, string>;
type Nested = { [key: string]: string | Nested };

function flatten(nested: Nested, prefix = ""): Table {
  return Object.fromEntries(
    Object.entries(nested).flatMap(([key, value]) =>
      typeof value === "string"
        ? [[`${prefix}${key}`, value]]
        : Object.entries(flatten(value, `${prefix}${key}.`)),
    ),
  );
}

export function readTable(locale: string, part: string): Table {
  const file = join(LOCALES_DIR, locale, `${part}.json`);
  return existsSync(file) ? flatten(JSON.parse(readFileSync(file, "utf8")) as Nested) : {};
}

/** The keys of English a locale lacks, part by part: what its translators have left to do. */
export function missingKeys(locale: string): Record<string, string[]> {
  return Object.fromEntries(
    CATALOGUE_PARTS.map((part) => {
      const own = readTable(locale, part);
      return [part, Object.keys(readTable("en", part)).filter((key) => !(key in own))];
    }),
  );
}

/** The message's AST, as the stock ICU parser reads it (it throws on a syntax error). */
export function parseMessage(message: string): MessageFormatElement[] {
  // No rich-text tags: "<token>" is text.
  return parse(message, { requiresOtherClause: true, ignoreTag: true });
}

/** Every argument a message uses, with plurals' and selects' inside. */
export function argumentsOf(ast: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const el of ast) {
    if (el.type === TYPE.literal || el.type === TYPE.pound) continue;
    if (el.type === TYPE.tag) {
      argumentsOf(el.children, into);
      continue;
    }
    into.add(el.value);
    if (el.type === TYPE.plural || el.type === TYPE.select)
      for (const option of Object.values(el.options)) argumentsOf(option.value, into);
  }
  return into;
}

const q = (text: string) => JSON.stringify(text);

/** Text inside a template literal. */
const inTemplate = (text: string) => text.replace(/[\\`]|\$\{/g, (c) => `\\${c}`);

/**
 * Right to left, a text given from outside (a habit's name, a unit, a number the app formatted, "45%") is isolated
 * between FSI and PDI, so that its own direction does not reorder the sentence around it ("Gym!" or "45%" in an
 * Arabic sentence). Only there: English's texts, which the product fixes letter by letter, stay as they are. A link
 * stays bare, so that mail programs still find where it ends.
 */
const ISOLATE: readonly [string, string] = ["\\u2068", "\\u2069"];
const BARE_ARGUMENTS = new Set(["url"]);

/** A template literal for the elements; `pound` is the expression of `#` inside a plural. */
function template(ast: MessageFormatElement[], pound?: string, isolate = false): string {
  const parts = ast.map((el): string => {
    switch (el.type) {
      case TYPE.literal:
        return inTemplate(el.value);
      case TYPE.argument: {
        // As intl-messageformat: String(value).
        const value = `\${a[${q(el.value)}]}`;
        return isolate && !BARE_ARGUMENTS.has(el.value) ? `${ISOLATE[0]}${value}${ISOLATE[1]}` : value;
      }
      case TYPE.number:
        if (el.style && el.style !== "percent" && el.style !== "integer")
          throw new Error(`number style ${String(el.style)} is not supported`);
        return `\${N(a[${q(el.value)}]${el.style ? `, ${q(el.style)}` : ""})}`;
      case TYPE.pound:
        if (!pound) throw new Error("# outside a plural");
        return `\${${pound}}`;
      case TYPE.plural: {
        const value = `a[${q(el.value)}]`;
        const counted = el.offset ? `${value} - ${el.offset}` : value;
        const options = Object.entries(el.options)
          .map(([key, option]) => `${q(key)}: ${template(option.value, `N(${counted})`, isolate)}`)
          .join(", ");
        if (el.pluralType === "ordinal") throw new Error("selectordinal is not supported");
        return `\${P(${value}, ${el.offset}, { ${options} })}`;
      }
      case TYPE.select: {
        const options = Object.entries(el.options)
          .map(([key, option]) => `${q(key)}: ${template(option.value, pound, isolate)}`)
          .join(", ");
        return `\${S(a[${q(el.value)}], { ${options} })}`;
      }
      default:
        throw new Error(`element type ${el.type} (dates, times, tags) is not supported: format it before`);
    }
  });
  return `\`${parts.join("")}\``;
}

/** One message as a module entry: a plain string when it has no argument, else a function of its arguments. */
export function compileMessage(message: string, isolate = false): string {
  const ast = parseMessage(message);
  if (ast.every((el) => el.type === TYPE.literal))
    return q(ast.map((el) => (el as { value: string }).value).join(""));
  return `(a) => ${template(ast, undefined, isolate)}`;
}

const ACCENTS: Record<string, string> = Object.fromEntries(
  [..."abcdeghiklnorstuyzABCDEGHIKLNORSTUYZ"].map((c, i) => [
    c,
    [..."åƀçđéĝĥîķļñöŕšţûýžÅƁÇĐÉĜĤÎĶĻÑÖŔŠŢÛÝŽ"][i]!,
  ]),
);

/** The pseudo-locales' text: en-XA accents every letter and pads the message by 40 %; ar-XB writes it right to left. */
function pseudoAst(ast: MessageFormatElement[], rtl: boolean): MessageFormatElement[] {
  return ast.map((el) => {
    if (el.type === TYPE.literal)
      return {
        ...el,
        value: rtl ? `\u202e${el.value}\u202c` : [...el.value].map((c) => ACCENTS[c] ?? c).join(""),
      };
    if (el.type === TYPE.plural || el.type === TYPE.select)
      return {
        ...el,
        options: Object.fromEntries(
          Object.entries(el.options).map(([key, option]) => [
            key,
            { ...option, value: pseudoAst(option.value, rtl) },
          ]),
        ),
      };
    return el;
  });
}

/** The length of the longest text the message can give, without its arguments. */
export function literalLength(ast: MessageFormatElement[]): number {
  return ast.reduce(
    (n, el) =>
      n +
      (el.type === TYPE.literal
        ? el.value.length
        : el.type === TYPE.plural || el.type === TYPE.select
          ? Math.max(...Object.values(el.options).map((option) => literalLength(option.value)))
          : 0),
    0,
  );
}

export function pseudoMessage(message: string, locale: string): string {
  const ast = parseMessage(message);
  const rtl = locale === "ar-XB";
  const body = pseudoAst(ast, rtl);
  if (rtl) return printAst(body);
  // In runs of ten with a space between, so that a long text's padding wraps as words do, not as one long word.
  const dots = Math.ceil(literalLength(ast) * 0.4);
  const pad = Array.from({ length: Math.ceil(dots / 10) }, (_, i) =>
    "·".repeat(Math.min(10, dots - i * 10)),
  ).join(" ");
  return `[${printAst(body)}${pad ? ` ${pad}` : ""}]`;
}

/** Writes an AST back as ICU text (only what compileMessage supports). */
function printAst(ast: MessageFormatElement[]): string {
  return ast
    .map((el) => {
      switch (el.type) {
        case TYPE.literal:
          // Quote ICU's syntax characters.
          return el.value.replace(/'/g, "''").replace(/[{}#]/g, (c) => `'${c}'`);
        case TYPE.argument:
          return `{${el.value}}`;
        case TYPE.number:
          return `{${el.value}, number${el.style ? `, ${String(el.style)}` : ""}}`;
        case TYPE.pound:
          return "#";
        case TYPE.plural:
        case TYPE.select: {
          const kind =
            el.type === TYPE.select ? "select" : el.pluralType === "ordinal" ? "selectordinal" : "plural";
          const offset = el.type === TYPE.plural && el.offset ? ` offset:${el.offset}` : "";
          const options = Object.entries(el.options)
            .map(([key, option]) => `${key} {${printAst(option.value)}}`)
            .join(" ");
          return `{${el.value}, ${kind},${offset} ${options}}`;
        }
        default:
          throw new Error(`element type ${el.type} is not supported`);
      }
    })
    .join("");
}

/** The locale's table for a part: its own file, or for a pseudo-locale, English transformed. */
export function sourceTable(locale: string, part: string): Table {
  if ((PSEUDO_LOCALES as readonly string[]).includes(locale)) {
    const english = readTable("en", part);
    return Object.fromEntries(
      Object.entries(english).map(([key, text]) => [key, pseudoMessage(text, locale)]),
    );
  }
  return readTable(locale, part);
}

/** The compiled module of a locale's part, as TypeScript source: its messages nested by group, as the file. */
export function compileModule(locale: string, part: string): string {
  const table = sourceTable(locale, part);
  type Node = { [key: string]: string | Node };
  const tree: Node = {};
  for (const [id, text] of Object.entries(table)) {
    const keys = id.split(".");
    let node = tree;
    for (const key of keys.slice(0, -1)) node = (node[key] ??= {}) as Node;
    try {
      node[keys.at(-1)!] = compileMessage(text, isRtl(locale as Locale)).replace(/^\(a\) =>/, "(a: Args) =>");
    } catch (error) {
      throw new Error(`${locale}/${part}.json, ${id}: ${(error as Error).message}`, { cause: error });
    }
  }
  const key = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : q(name));
  const print = (node: Node, indent: string): string =>
    Object.entries(node)
      .map(([name, value]) =>
        typeof value === "string"
          ? `${indent}${key(name)}: ${value},`
          : `${indent}${key(name)}: {\n${print(value, `${indent}  `)}\n${indent}},`,
      )
      .join("\n");
  const body = print(tree, "  ");
  const pseudo = (PSEUDO_LOCALES as readonly string[]).includes(locale);
  // Plural rules of the pseudo-locales are English's: their texts are English's.
  const rulesLocale = pseudo ? "en" : locale;
  const helpers = ["N", "P", "S"].filter((name) => body.includes(`${name}(`));
  const usesArgs = body.includes("(a: Args)");
  return [
    `// Generated by scripts/compile-messages.ts from src/locales/${pseudo ? "en" : locale}/${part}.json: do not edit.`,
    ...(helpers.length > 0 ? [`import { icu } from "../../../i18n/icu";`] : []),
    ...(usesArgs ? [`import type { Args } from "../../../i18n/icu";`] : []),
    ...(helpers.length > 0 ? ["", `const { ${helpers.join(", ")} } = icu(${q(rulesLocale)});`] : []),
    "",
    body ? `const messages = {\n${body}\n};` : "const messages = {};",
    "export default messages;",
    "",
  ].join("\n");
}

/** src/core/messages/compiled/index.ts: every locale's parts, for the server (src/core/messages/in-locale.ts). */
export function compileIndex(): string {
  const all = [...LOCALES, ...PSEUDO_LOCALES];
  const name = (locale: string, part: string) => `${locale}_${part}`.replace(/-/g, "_");
  return [
    "// Generated by scripts/compile-messages.ts: every locale's compiled parts, for the server. Do not edit; the web",
    "// app must not import it (it loads one locale's parts, lib/locale-switch.ts).",
    ...all.flatMap((locale) =>
      CATALOGUE_PARTS.map((part) => `import ${name(locale, part)} from "./${locale}/${part}";`),
    ),
    "",
    "export const compiled = {",
    ...all.map(
      (locale) =>
        `  ${q(locale)}: { ${CATALOGUE_PARTS.map((part) => `${q(part)}: ${name(locale, part)}`).join(", ")} },`,
    ),
    "};",
    "",
  ].join("\n");
}

export function compiledFile(locale: string, part: string): string {
  return join(COMPILED_DIR, locale, `${part}.ts`);
}

function main(): void {
  rmSync(COMPILED_DIR, { recursive: true, force: true });
  for (const locale of [...LOCALES, ...PSEUDO_LOCALES]) {
    mkdirSync(join(COMPILED_DIR, locale), { recursive: true });
    for (const part of CATALOGUE_PARTS)
      writeFileSync(compiledFile(locale, part), compileModule(locale, part));
  }
  writeFileSync(join(COMPILED_DIR, "index.ts"), compileIndex());
  const extra = readdirSync(LOCALES_DIR).filter((dir) => !(LOCALES as readonly string[]).includes(dir));
  if (extra.length > 0)
    throw new Error(`src/locales has folders of no supported locale: ${extra.join(", ")}`);
  console.log(`compiled ${LOCALES.length + PSEUDO_LOCALES.length} locales × ${CATALOGUE_PARTS.length} parts`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes("--missing"))
    for (const locale of LOCALES.filter((locale) => locale !== "en")) {
      const missing = Object.values(missingKeys(locale)).flat();
      console.log(
        `${locale}: ${missing.length} of English's keys missing${missing.length ? `: ${missing.join(", ")}` : ""}`,
      );
    }
  else main();
}
