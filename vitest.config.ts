import { defineConfig } from "vitest/config";
import os from "node:os";
import path from "node:path";

const alias = { "~": path.resolve("app"), "#core": path.resolve("core") };

// Each lane leaves a JSON report in reports/ (named by its project and engine), which
// scripts/test-summary.mjs reads for the run's total and its ten slowest tests (decision 089).
const argv = process.argv.slice(2);
const flag = argv.findIndex((a) => a === "--project" || a.startsWith("--project="));
const project = flag < 0 ? "all" : argv[flag].includes("=") ? argv[flag].split("=")[1] : argv[flag + 1];
const lane = project === "unit" ? "unit" : `${project}-${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"}`;

export default defineConfig({
  resolve: { alias },
  test: {
    reporters: ["default", "json"],
    outputFile: { json: `reports/${lane}.json` },
    // Vitest runs one file at a time on a 2-core machine (cores - 1); the integration files spend much
    // of their time waiting on HTTP, SMTP and timers, so two at a time nearly halve the suite. The
    // PGlite lane then used about 590 CPU-s of the 760 its 380 s on two cores offered, so it runs one
    // file more than the cores (decision 089); unit files are CPU-bound and stay at cores - 1 (two at least).
    maxWorkers: project === "integration" ? Math.max(3, os.availableParallelism() + 1) : Math.max(2, os.availableParallelism() - 1),
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
