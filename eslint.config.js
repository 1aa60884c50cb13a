import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

/**
 * The rooms of the house, from the bottom up (docs/architecture.md, "The rooms"): a room imports
 * the rooms below it and never one above, in backend/services/ and in app/server/ alike. The shelf
 * holds what every room uses; the close, at the top, calls the rooms whose steps it runs. A room
 * that has no code in one layer simply has no folder there. This list is the only place the order
 * is written: the zones below are made from it (tests/lint/rooms.test.ts).
 */
export const ROOMS = [
  "shelf",
  "session",
  "group",
  "rounds",
  "catalogue",
  "standings",
  "predictions",
  "official",
  "bet",
  "caja",
  "mail",
  "moving-in",
  "week",
  "live",
  "kiosk",
  "share",
  "account",
  "retention",
  "close",
];
const ROOM_LAYERS = ["backend/services", "app/server"];

/** One zone per pair: `lower` may not import `higher`, and the message names both. */
const roomZones = ROOM_LAYERS.flatMap((layer) =>
  ROOMS.flatMap((lower, i) =>
    ROOMS.slice(i + 1).map((higher) => ({
      target: `./${layer}/${lower}`,
      from: `./${layer}/${higher}`,
      message: `Room rule: ${lower} sits below ${higher} in the house, so ${layer}/${lower}/ never imports ${layer}/${higher}/ (the room order in eslint.config.js, docs/architecture.md).`,
    })),
  ),
);

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
      // The layer rule (docs/architecture.md): core/ sits below both programs, and the app and the backend
      // meet only through core/contract (tests/lint/layers.test.ts). Only server.ts, which starts both, sees both.
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            {
              target: "./core",
              from: ["./app", "./backend", "./server.ts", "./http"],
              message: "Layer rule: core/ imports neither program (docs/architecture.md).",
            },
            {
              target: "./app",
              from: "./backend",
              message: "Layer rule: the app reaches the backend only over HTTP, through core/contract (docs/architecture.md).",
            },
            {
              target: "./backend",
              from: ["./app", "./server.ts", "./http"],
              message: "Layer rule: the backend never imports the app; they meet only through core/contract (docs/architecture.md).",
            },
            // The room rule, beside the layers: a room lower in the house never imports a higher one.
            ...roomZones,
          ],
        },
      ],
    },
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
  {
    // A spec's `test` comes from tests/e2e/fixtures.ts, which checks the HTML of every page it loads (decision 029).
    files: ["tests/e2e/**/*.spec.ts"],
    rules: {
      "no-restricted-imports": ["error", { paths: [{ name: "@playwright/test", message: "Import from ./fixtures: its test validates every page's HTML." }] }],
    },
  },
);
