// Every text the web app shows comes from the message catalogue (src/core/messages.ts, docs/decisions/0072), so that
// it is translated: this scans each component's JSX for literal text, and its string attributes that people read
// (aria-label, placeholder, title, alt) for literal strings. What must stay literal is listed with its reason.
// It also reads the code around them: strings in the expressions of attributes and props that hold a text (a
// label, a title, a message), strings passed to what shows a text (notices, confirm and alert dialogs, errors thrown
// to be shown, document.title), and template literals that write words.
import ts from "typescript";
import { describe, expect, it } from "vitest";

const sources = import.meta.glob<string>(
  ["/src/web/**/*.{ts,tsx}", "!**/*.test.*", "!**/*.worker.ts", "!/src/web/sw.ts"],
  {
    query: "?raw",
    import: "default",
    eager: true,
  },
);

const READ_ATTRIBUTES = new Set(["aria-label", "placeholder", "title", "alt"]);
/** Attributes and props whose value is a text people read or hear (`aria-label`, `label`, `confirmLabel`, `title`). */
const TEXT_PROP =
  /^(aria-label|aria-description|aria-valuetext|alt|placeholder)$|label$|title$|text$|message$|description$|hint$/i;
/** Calls whose string arguments are shown: notices, dialogs, errors. */
const SHOWING_CALLS = new Set(["showError", "showNotice", "alert", "confirm", "prompt", "Error"]);
/** A list of CSS classes ("text-sm font-medium dark:text-rose-300"), not a text. */
const CLASSES = /^(?=.*[-:])[!a-z0-9:\-[\]/.%()_#]+(\s+[!a-z0-9:\-[\]/.%()_#]+)*$/;
/** Words in a template literal: two words of letters side by side ("Account menu for ${name}"). */
const WORDS = /\p{L}{2,}[ ,.:;!?…]+\p{L}{2,}/u;
/** A template literal of CSS classes or a URL, not of words. */
const NOT_WORDS = /[-:/[\]=_#]\w|\w[-:/[\]=_#(]/;

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

/**
 * Strings in code that are no text for people, with why: a key, a class or a message for developers. Listed by
 * file and text.
 */
const NOT_SHOWN: Record<string, string> = {
  "src/web/main.tsx: index.html lacks #root":
    "a developer's error: the page is broken before any text can show",
  "src/web/lib/current-user.tsx: useCurrentUser needs a signed-in user (render it behind RequireSession)":
    "a developer's error: thrown for a programming mistake, never shown",
  "src/web/features/profile/use-profile.ts: Failed to update the account name":
    "the profile form shows its own failure text for any error that is not the server's (failureText)",
  "src/web/lib/api-request.ts: Request failed with status …":
    "an ApiError's message for logs; the app shows the action's failure text (failureText), never this",
};

/** The strings of an expression: literals and template literals, through conditions and groupings. */
function stringsIn(node: ts.Node): { node: ts.Node; text: string }[] {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node))
    return [{ node, text: node.text }];
  if (ts.isTemplateExpression(node)) {
    const parts = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)];
    return [{ node, text: parts.join("…").trim() }];
  }
  if (ts.isConditionalExpression(node)) return [...stringsIn(node.whenTrue), ...stringsIn(node.whenFalse)];
  if (ts.isBinaryExpression(node)) return [...stringsIn(node.left), ...stringsIn(node.right)];
  if (ts.isParenthesizedExpression(node) || ts.isJsxExpression(node))
    return node.expression ? stringsIn(node.expression) : [];
  return [];
}

const calleeName = (call: ts.CallExpression | ts.NewExpression): string =>
  ts.isIdentifier(call.expression)
    ? call.expression.text
    : ts.isPropertyAccessExpression(call.expression)
      ? call.expression.name.text
      : "";

/** The literal texts of a file: JSX text, read attributes, and strings in the code that shows texts. */
export function literalTexts(file: string, source: string): string[] {
  const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, kind);
  const found: string[] = [];
  const reported = new Set<ts.Node>();
  const add = (texts: { node: ts.Node; text: string }[], as: (text: string) => string) => {
    for (const { node, text } of texts) {
      // A one-word identifier ("info", "archive") is a key or a kind, not a text; nor is a list of classes.
      if (reported.has(node) || !/\p{L}/u.test(text) || /^[a-z][a-zA-Z]*$/.test(text) || text in ALLOWED)
        continue;
      if (CLASSES.test(text)) continue;
      if (`${file.replace(/^\//, "")}: ${text}` in NOT_SHOWN) continue;
      reported.add(node);
      found.push(as(text));
    }
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) {
      const text = node.text.replace(/\s+/g, " ").trim();
      if (/\p{L}/u.test(text) && !(text in ALLOWED)) found.push(text);
    } else if (ts.isJsxAttribute(node) && node.initializer && TEXT_PROP.test(node.name.getText(tree))) {
      const name = node.name.getText(tree);
      if (ts.isStringLiteral(node.initializer)) {
        if (READ_ATTRIBUTES.has(name))
          add([{ node: node.initializer, text: node.initializer.text }], (t) => `${name}="${t}"`);
      } else add(stringsIn(node.initializer), (t) => `${name}={"${t}"}`);
    } else if (
      (ts.isPropertyAssignment(node) || ts.isVariableDeclaration(node)) &&
      node.initializer &&
      TEXT_PROP.test(node.name.getText(tree))
    ) {
      add(stringsIn(node.initializer), (t) => `${node.name.getText(tree)}: "${t}"`);
    } else if (
      (ts.isCallExpression(node) || ts.isNewExpression(node)) &&
      SHOWING_CALLS.has(calleeName(node))
    ) {
      for (const argument of node.arguments ?? [])
        add(stringsIn(argument), (t) => `${calleeName(node)}("${t}")`);
    } else if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      node.left.getText(tree) === "document.title"
    ) {
      add(stringsIn(node.right), (t) => `document.title = "${t}"`);
    } else if (ts.isTemplateExpression(node)) {
      add(
        stringsIn(node).filter(({ text }) => WORDS.test(text) && !NOT_WORDS.test(text)),
        (t) => `\`${t}\``,
      );
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
    expect(found).toEqual(['title="Hello"', 'alt={"Photo"}', "Some text"]);
  });

  it("finds strings in the code that shows texts, and leaves classes, keys and catalogue texts", () => {
    const found = literalTexts(
      "x.tsx",
      [
        'const label = dark ? "Switch to light" : t.dark;',
        "const a = <button aria-label={`Account menu for ${name}`} className={`flex ${x} p-2`} />;",
        'const b = <Dialog confirmLabel={sure ? "Delete" : t.keep} title={t.title} kind={"yes"} />;',
        'const c = { label: "Archive", key: "archive", labelClass: "text-sm dark:text-white" };',
        'showError("Failed to save"); showNotice("info", t.saved, 10); throw new Error(`Bad ${x} input`);',
        'document.title = `Stats · ${name}`; confirm("Delete it?"); const url = `/api/${id}/entries`;',
        "const d = <span>{`Quick add common habits (${n})`}</span>;",
      ].join("\n"),
    );
    expect(found).toEqual([
      'label: "Switch to light"',
      'aria-label={"Account menu for …"}',
      'confirmLabel={"Delete"}',
      'label: "Archive"',
      'showError("Failed to save")',
      'Error("Bad … input")',
      'document.title = "Stats · …"',
      'confirm("Delete it?")',
      "`Quick add common habits (…)`",
    ]);
  });
});
