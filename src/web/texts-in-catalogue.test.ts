// Every text the web app shows comes from the message catalogue (src/core/messages.ts, docs/decisions/0072), so that
// it is translated: this scans each component's JSX for literal text, and its string attributes that people read
// (aria-label, placeholder, title, alt) for literal strings. What must stay literal is listed with its reason.
import ts from "typescript";
import { describe, expect, it } from "vitest";

const sources = import.meta.glob<string>(["/src/web/**/*.tsx", "!**/*.test.*"], {
  query: "?raw",
  import: "default",
  eager: true,
});

const READ_ATTRIBUTES = new Set(["aria-label", "placeholder", "title", "alt"]);

/** Literal texts that are the same in every language, with why. */
const ALLOWED: Record<string, string> = {
  "Habit Streaks": "the product's name",
  "·": "a separator",
  "/": "a separator",
  "—": "a dash standing for no value",
  "…": "an ellipsis",
  "+": "a plus sign",
  Alt: "a key's name, as the keyboard shows it (the shortcut tip)",
  N: "a key's name, as the keyboard shows it (the shortcut tip)",
};

/**
 * Files whose texts are still literal English, the next to move into the catalogue; the test fails when a file
 * not listed has one, and when a listed file has none left (then take it off the list).
 */
export const NOT_YET_IN_CATALOGUE: readonly string[] = [];

/** The literal texts of a file: JSX text, and the string values of read attributes. */
export function literalTexts(file: string, source: string): string[] {
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) {
      const text = node.text.replace(/\s+/g, " ").trim();
      if (/\p{L}/u.test(text) && !(text in ALLOWED)) found.push(text);
    } else if (ts.isJsxAttribute(node) && READ_ATTRIBUTES.has(node.name.getText(tree)) && node.initializer) {
      const value = ts.isStringLiteral(node.initializer)
        ? node.initializer.text
        : node.initializer.kind === ts.SyntaxKind.JsxExpression &&
            (node.initializer as ts.JsxExpression).expression &&
            (ts.isStringLiteral((node.initializer as ts.JsxExpression).expression!) ||
              ts.isNoSubstitutionTemplateLiteral((node.initializer as ts.JsxExpression).expression!))
          ? ((node.initializer as ts.JsxExpression).expression as ts.StringLiteral).text
          : null;
      if (value !== null && /\p{L}/u.test(value) && !(value in ALLOWED))
        found.push(`${node.name.getText(tree)}="${value}"`);
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return found;
}

describe("the web app's texts", () => {
  const withLiterals = Object.fromEntries(
    Object.entries(sources)
      .map(([file, source]) => [file.slice(1), literalTexts(file, source)] as const)
      .filter(([, texts]) => texts.length > 0),
  );

  it("come from the catalogue: no literal text in JSX nor in a read attribute", () => {
    const unlisted = Object.fromEntries(
      Object.entries(withLiterals).filter(([file]) => !NOT_YET_IN_CATALOGUE.includes(file)),
    );
    expect(unlisted).toEqual({});
  });

  it("keep the list of files still to move up to date", () => {
    expect(NOT_YET_IN_CATALOGUE.filter((file) => !(file in withLiterals))).toEqual([]);
  });

  it("finds literal text and read attributes, and leaves expressions and allowed texts", () => {
    const found = literalTexts(
      "x.tsx",
      `const a = <p title="Hello" aria-label={t.x} alt={"Photo"}>Some text {n} <b>Habit Streaks</b> · {"x"}</p>;`,
    );
    expect(found).toEqual(['title="Hello"', 'alt="Photo"', "Some text"]);
  });
});
