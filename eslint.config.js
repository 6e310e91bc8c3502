import js from "@eslint/js";
import tseslint from "typescript-eslint";

// Imports flow one way (GUIDE §3): web -> core, server -> core; web may import server types only.
const restrict = (patterns) => ({ "no-restricted-imports": ["error", { patterns }] });
const corePatterns = [
  { group: ["**/server/**", "**/web/**"], message: "src/core is pure: it imports neither server nor web." },
  {
    group: ["react", "react-dom", "hono", "hono/*", "kysely", "better-sqlite3", "pg", "node:*", "fs", "path"],
    message: "src/core does no IO and knows no framework.",
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
    rules: restrict([
      { group: ["**/web/**", "react", "react-dom"], message: "src/server never imports the web app." },
    ]),
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
                "zod stays out of the initial bundle: load schemas with import() (features/habits/habit-validation.ts).",
            },
          ],
        },
      ],
    },
  },
  {
    // Plain Node scripts (bundle size, the test runner).
    files: ["scripts/**/*.mjs"],
    languageOptions: { globals: { console: "readonly", process: "readonly" } },
  },
  {
    // Playwright fixtures that need no other fixture must still destructure an empty object.
    files: ["e2e/**/*.ts"],
    rules: { "no-empty-pattern": "off" },
  },
);
