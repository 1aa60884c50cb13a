import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "build/",
      "public/build/",
      "node_modules/",
      "data/",
      "test-results/",
      "playwright-report/",
      "bench/ceiling/build/",
      "bench/ceiling/public/build/",
      // Files broken on purpose, linted only by the test that proves the rule fires on them.
      "tests/lint/fixtures/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "no-console": ["error", { allow: ["error", "warn"] }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // The modules form a tree: an import circle fails the lint, wherever it closes (tests/lint/import-cycle.test.ts).
    // The resolver reads tsconfig.json, so the ~ and #core aliases are followed like relative paths.
    plugins: { "import-x": importX },
    settings: {
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "tsconfig.json" })],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
    },
    rules: {
      "import-x/no-cycle": "error",
      "import-x/no-unresolved": "error",
    },
  },
  {
    // Every service that writes calls refreshTouched: the store imports no service, so none can close a circle through it.
    files: ["backend/services/standings-store.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [{ group: ["./*"], message: "standings-store.ts imports no other service." }] }] },
  },
  {
    files: ["scripts/**", "tests/**", "bench/**", "*.js", "*.mjs"],
    languageOptions: { globals: { process: "readonly", console: "readonly", URL: "readonly", fetch: "readonly", setTimeout: "readonly", Buffer: "readonly" } },
    rules: { "no-console": "off" },
  },
  {
    // Test clients read whatever JSON a call answers; asserting on it is the test's job.
    files: ["tests/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
);
