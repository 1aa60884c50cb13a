// `npm start`: builds when the build is missing or older than the sources, then runs it.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return latest;
}

const outputs = ["build/index.js", "build/server.js"];
const built = outputs.every(existsSync) ? Math.min(...outputs.map((f) => statSync(f).mtimeMs)) : 0;
const sources = Math.max(
  ...["app", "backend", "core", "server.ts", "remix.config.js"].map((p) => (statSync(p).isDirectory() ? newest(p) : statSync(p).mtimeMs)),
);
if (!process.argv.includes("--no-build") && built < sources) {
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
process.env.NODE_ENV ||= "production";
await import(path.resolve("build/server.js"));
