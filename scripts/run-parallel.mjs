// Runs the commands given as arguments at once (each through the shell, as npm scripts run), prints
// each one's output whole in the order given once it ends, and exits non-zero if any failed. npm test
// runs its format, type and lint checks this way: each uses about one core, and the box has two
// (decision 094).
import { spawn } from "node:child_process";

const commands = process.argv.slice(2);
const runs = commands.map(
  (command) =>
    new Promise((resolve) => {
      const started = Date.now();
      const child = spawn(command, { shell: true, stdio: ["ignore", "pipe", "pipe"] });
      const output = [];
      child.stdout.on("data", (chunk) => output.push(chunk));
      child.stderr.on("data", (chunk) => output.push(chunk));
      child.on("close", (code, signal) =>
        resolve({ command, code: code ?? (signal ? 1 : 0), output: Buffer.concat(output), seconds: (Date.now() - started) / 1000 }),
      );
    }),
);

let failed = 0;
for (const run of runs) {
  const { command, code, output, seconds } = await run;
  process.stdout.write(`\n> ${command} (${seconds.toFixed(1)} s${code ? `, exit ${code}` : ""})\n`);
  process.stdout.write(output);
  if (code) failed++;
}
process.exit(failed ? 1 : 0);
