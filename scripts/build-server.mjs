// Bundles server.ts (BFF + embedded backend) and backend/main.ts (backend alone) with esbuild;
// npm packages stay external. The SQL migrations travel beside the bundles.
import { cp } from "node:fs/promises";
import { build } from "esbuild";
import { nodeBundle } from "./esbuild-options.mjs";

await build({
  entryPoints: { server: "server.ts", backend: "backend/main.ts" },
  outdir: "build",
  ...nodeBundle,
  sourcemap: true,
});
await cp("backend/db/migrations", "build/migrations", { recursive: true });
