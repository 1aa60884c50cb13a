import { defineConfig } from "vitest/config";
import path from "node:path";
const root = "/work/wt/sunday";
const alias = { "~": path.join(root, "app"), "#core": path.join(root, "core") };
export default defineConfig({ root, resolve: { alias }, test: { include: ["tests/integration/live.test.ts"], testTimeout: 240_000, hookTimeout: 400_000 } });
