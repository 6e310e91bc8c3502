import { readdirSync } from "node:fs";
import js from "@eslint/js";
import { createNodeResolver, importX } from "eslint-plugin-import-x";
import tseslint from "typescript-eslint";
import { noTypeImportCycle } from "./lint/no-type-import-cycle.js";

// Imports flow one way (GUIDE §3): web -> core, server -> core; web may import server types only.
const restrict = (patterns) => ({ "no-restricted-imports": ["error", { patterns }] });
const corePatterns = [
  { group: ["**/server/**", "**/web/**"], message: "src/core is pure: it imports neither server nor web." },
  {
    group: ["react", "react-dom", "hono", "hono/*", "kysely", "better-sqlite3", "pg", "node:*", "fs", "path"],
    message: "src/core does no IO and knows no framework.",
  },
];

// No cycles, and features stand side by side (GUIDE §4.14, docs/decisions/0018): a feature imports no other
// feature and not app/; ui/ and lib/ import neither. Zones are built from the folders, so a new feature is covered.
const web = "src/web";
const features = readdirSync(`${web}/features`, { withFileTypes: true }).filter((d) => d.isDirectory());
const sideBySide =
  "Features do not import each other or app/: move what they share down to ui/, lib/ or core/, or compose them in app/ (GUIDE §4.14).";
const boundaries = [
  ...features.map(({ name }) => ({
    target: `${web}/features/${name}`,
    from: `${web}/features`,
    except: [`./${name}`],
    message: sideBySide,
  })),
  { target: `${web}/features`, from: `${web}/app`, message: sideBySide },
  {
    target: [`${web}/lib`, `${web}/ui`],
    from: [`${web}/features`, `${web}/app`],
    message: "ui/ and lib/ sit below the features and app/.",
  },
  {
    target: "./src/**/!(*.test).{ts,tsx}",
    from: ["./test", "./e2e"],
    message: "Test code lives outside production folders: only *.test files under src/ import test/ or e2e/.",
  },
  {
    target: `${web}/ui`,
    from: `${web}/lib`,
    message: "ui/ is the lowest layer of the web app: lib/ may import it, not the other way.",
  },
];

export default tseslint.config(
  { ignores: ["dist", "data", "node_modules", "test-results", "playwright-report", ".tmp"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "import-x": importX, local: { rules: { "no-type-import-cycle": noTypeImportCycle } } },
    settings: {
      // Without these two, import-x skips .ts files and no-cycle sees no graph at all.
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/resolver-next": [createNodeResolver({ extensions: [".ts", ".tsx", ".js", ".mjs"] })],
    },
    rules: {
      "import-x/no-cycle": "error",
      "local/no-type-import-cycle": "error",
      "import-x/no-restricted-paths": ["error", { basePath: import.meta.dirname, zones: boundaries }],
    },
  },
  {
    files: ["src/core/**/*.ts"],
    rules: restrict(corePatterns),
  },
  {
    // zod only in *-schema.ts, so that the web's initial code can use the rest of src/core without it (docs/decisions/0011).
    files: ["src/core/**/*.ts"],
    ignores: ["src/core/**/*-schema.ts", "src/core/**/*.test.ts"],
    rules: restrict([
      ...corePatterns,
      { group: ["zod", "zod/*"], message: "zod belongs in a src/core/*-schema.ts file." },
    ]),
  },
  {
    files: ["src/server/**/*.ts"],
    rules: {
      ...restrict([
        { group: ["**/web/**", "react", "react-dom"], message: "src/server never imports the web app." },
      ]),
      // Hono's c.var builds a new object of every variable on each read; c.get("name") reads one (issue 11).
      "no-restricted-syntax": [
        "error",
        {
          selector: "MemberExpression[object.name='c'][property.name='var']",
          message: 'Read one context variable with c.get("name"): c.var copies them all on each read.',
        },
      ],
    },
  },
  {
    files: ["src/web/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/server/**"],
              allowTypeImports: true,
              message: "src/web may import server types only.",
            },
            { group: ["kysely", "better-sqlite3", "pg", "node:*"], message: "src/web runs in the browser." },
            {
              group: ["**/core/*-schema", "zod", "zod/*"],
              allowTypeImports: true,
              message:
                "zod stays out of the initial bundle: load schemas with import() (lib/habits/habit-validation.ts).",
            },
          ],
        },
      ],
    },
  },
  {
    // Plain Node scripts (bundle size, the test runner) and the local lint rule.
    files: ["scripts/**/*.mjs", "lint/**/*.js"],
    languageOptions: {
      globals: { console: "readonly", process: "readonly", fetch: "readonly", setTimeout: "readonly" },
    },
  },
  {
    // Playwright fixtures that need no other fixture must still destructure an empty object.
    files: ["e2e/**/*.ts"],
    rules: { "no-empty-pattern": "off" },
  },
);
