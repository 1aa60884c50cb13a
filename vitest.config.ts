import { defineConfig } from "vitest/config";
import os from "node:os";
import path from "node:path";

const alias = { "~": path.resolve("app"), "#core": path.resolve("core") };

export default defineConfig({
  resolve: { alias },
  test: {
    // Vitest runs one file at a time on a 2-core machine (cores - 1); the integration files spend much
    // of their time waiting on HTTP, SMTP and timers, so two at a time nearly halve the suite.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      {
        resolve: { alias },
        test: { name: "unit", include: ["core/**/*.test.ts", "app/**/*.test.ts", "http/**/*.test.ts", "backend/**/*.test.ts", "tests/lint/**/*.test.ts"] },
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
