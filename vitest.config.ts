import { defineConfig } from "vitest/config";
import path from "node:path";

const alias = { "~": path.resolve("app"), "#core": path.resolve("core") };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: { name: "unit", include: ["core/**/*.test.ts", "app/**/*.test.ts", "backend/**/*.test.ts", "tests/lint/**/*.test.ts"] },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Two built app instances on one PostgreSQL (npm run test:multi, after npm run build).
        resolve: { alias },
        test: { name: "multi", include: ["tests/multi/**/*.test.ts"], testTimeout: 60_000, hookTimeout: 120_000 },
      },
    ],
  },
});
