import js from "@eslint/js";
import tseslint from "typescript-eslint";

// Imports flow one way (GUIDE §3): web -> core, server -> core; web may import server types only.
const restrict = (patterns) => ({ "no-restricted-imports": ["error", { patterns }] });

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
    rules: restrict([
      { group: ["**/server/**", "**/web/**"], message: "src/core is pure: it imports neither server nor web." },
      { group: ["react", "react-dom", "hono", "hono/*", "kysely", "better-sqlite3", "pg", "node:*", "fs", "path"], message: "src/core does no IO and knows no framework." },
    ]),
  },
  {
    files: ["src/server/**/*.ts"],
    rules: restrict([{ group: ["**/web/**", "react", "react-dom"], message: "src/server never imports the web app." }]),
  },
  {
    files: ["src/web/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["**/server/**"], allowTypeImports: true, message: "src/web may import server types only." },
            { group: ["kysely", "better-sqlite3", "pg", "node:*"], message: "src/web runs in the browser." },
          ],
        },
      ],
    },
  },
  {
    // Playwright fixtures that need no other fixture must still destructure an empty object.
    files: ["e2e/**/*.ts"],
    rules: { "no-empty-pattern": "off" },
  },
);
