// Bundles server.ts (BFF + embedded backend) and backend/main.ts (backend alone) with esbuild;
// npm packages stay external. The SQL migrations travel beside the bundles.
import { cp } from "node:fs/promises";
import { build } from "esbuild";

await build({
  entryPoints: { server: "server.ts", backend: "backend/main.ts" },
  outdir: "build",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  alias: { "#core": "./core" },
  sourcemap: true,
  logLevel: "warning",
});
await cp("backend/db/migrations", "build/migrations", { recursive: true });
