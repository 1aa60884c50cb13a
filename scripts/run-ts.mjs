// Runs a TypeScript script of this project: `node scripts/run-ts.mjs scripts/demo.ts [args…]`.
// esbuild bundles it (npm packages stay external, #core is resolved) into node_modules/.cache, so
// the bundle finds the project's packages, then it is imported with the script's own arguments.
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { nodeBundle } from "./esbuild-options.mjs";

const [entry, ...args] = process.argv.slice(2);
if (!entry) {
  console.error("Uso: node scripts/run-ts.mjs <script.ts> [argumentos…]");
  process.exit(2);
}

const outDir = path.resolve("node_modules/.cache/run-ts");
await mkdir(outDir, { recursive: true });
const outfile = path.join(outDir, `${path.basename(entry, path.extname(entry))}-${process.pid}.mjs`);
await build({
  entryPoints: [entry],
  outfile,
  ...nodeBundle,
  sourcemap: "inline",
});
process.argv = [process.argv[0], path.resolve(entry), ...args];
try {
  await import(pathToFileURL(outfile).href);
} finally {
  await rm(outfile, { force: true });
}
