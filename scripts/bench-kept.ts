// `node scripts/run-ts.mjs scripts/bench-kept.ts -- --app A=http://localhost:3000 [--app B=http://localhost:3001]
//   --path /grupo/1/directo?pausa=1 --user ana --password … [--slice 4] [--rounds 3] [--conns 20,100]`
//
// Each running app's kept page against node's own HTTP server sending the same bytes from memory
// (the physical ceiling of this box, decision 067), for a 200 (no validator) and a 304 (the page's
// own ETag sent back), in alternating slices of one run: node, A, B, node, A, B… so that whatever
// else the shared machine does falls on every target alike. Prints req/s, p50, p99 and each app's
// share of node's own server, with the load average before and after. A benchmark, not a test.
import http from "node:http";
import os from "node:os";
import { get } from "./bench-shares";

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? undefined : process.argv[i + 1];
};
const apps = process.argv
  .flatMap((a, i) => (process.argv[i - 1] === "--app" ? [a] : []))
  .map((a) => {
    const [label, origin] = a.split("=");
    return { label: label!, origin: origin! };
  });
const pagePath = arg("path") ?? "/";
const SLICE_MS = Number(arg("slice") ?? 4) * 1000;
const ROUNDS = Number(arg("rounds") ?? 3);
const CONNS = (arg("conns") ?? "20,100").split(",").map(Number);

interface Target {
  label: string;
  url: URL;
  headers: Record<string, string>;
  etag: string;
}

async function signIn(origin: string): Promise<string> {
  const res = await fetch(`${origin}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin },
    body: new URLSearchParams({ identifier: arg("user") ?? "", password: arg("password") ?? "" }),
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("__session="));
  if (!cookie) throw new Error(`No se pudo iniciar sesión en ${origin} (${res.status}).`);
  return cookie.split(";")[0]!;
}

interface Figures {
  count: number;
  errors: number;
  ms: number[];
}

async function slice(target: Target, conns: number, conditional: boolean, expected: number): Promise<Figures> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: conns });
  const figures: Figures = { count: 0, errors: 0, ms: [] };
  const headers = conditional ? { ...target.headers, "if-none-match": target.etag } : target.headers;
  const end = Date.now() + SLICE_MS;
  await Promise.all(
    Array.from({ length: conns }, async () => {
      while (Date.now() < end) {
        const t0 = performance.now();
        try {
          const r = await get(agent, target.url, headers);
          if (r.status === expected) {
            figures.count++;
            figures.ms.push(performance.now() - t0);
          } else figures.errors++;
        } catch {
          figures.errors++;
        }
      }
    }),
  );
  agent.destroy();
  return figures;
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN;
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ");

async function main() {
  if (apps.length === 0) throw new Error("Indica al menos una app: --app A=http://localhost:3000");
  const targets: Target[] = [];
  let page: { headers: http.IncomingHttpHeaders; body: Buffer } | null = null;
  for (const app of apps) {
    const cookie = await signIn(app.origin);
    const headers = { cookie, "accept-encoding": "gzip" };
    const url = new URL(pagePath, app.origin);
    const first = await get(new http.Agent(), url, headers);
    if (first.status !== 200) throw new Error(`${app.label}: ${pagePath} respondió ${first.status}`);
    page ??= first;
    targets.push({ label: app.label, url, headers, etag: String(first.headers.etag ?? "") });
  }
  // Node's own server: the first app's bytes and headers, from memory.
  const bytes = page!.body;
  const tag = '"node-own"';
  const server = http.createServer((req, res) => {
    if (req.headers["if-none-match"] === tag) {
      res.writeHead(304, { etag: tag, "cache-control": "private, no-cache" });
      res.end();
      return;
    }
    res.writeHead(200, {
      "content-type": "text/html; charset=utf-8",
      "content-encoding": String(page!.headers["content-encoding"] ?? "identity"),
      "content-length": bytes.byteLength,
      etag: tag,
      "cache-control": "private, no-cache",
    });
    res.end(bytes);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  const all: Target[] = [{ label: "node", url: new URL(`http://127.0.0.1:${port}${pagePath}`), headers: { "accept-encoding": "gzip" }, etag: tag }, ...targets];
  console.log(`Página ${pagePath}: ${bytes.byteLength} B (${page!.headers["content-encoding"] ?? "sin comprimir"}); carga media al empezar ${load()}`);
  for (const conns of CONNS) {
    for (const conditional of [false, true]) {
      const per = new Map<string, Figures>(all.map((t) => [t.label, { count: 0, errors: 0, ms: [] }]));
      for (const t of all) await slice(t, conns, conditional, conditional ? 304 : 200); // warm
      for (let r = 0; r < ROUNDS; r++) {
        for (const t of all) {
          const f = await slice(t, conns, conditional, conditional ? 304 : 200);
          const acc = per.get(t.label)!;
          acc.count += f.count;
          acc.errors += f.errors;
          for (const m of f.ms) acc.ms.push(m);
        }
      }
      const seconds = (ROUNDS * SLICE_MS) / 1000;
      const nodeRate = per.get("node")!.count / seconds;
      console.log(`\n${conditional ? "304" : "200"} · ${conns} conexiones · carga media ${load()}`);
      console.log("| destino | req/s | p50 ms | p99 ms | errores | parte de node |");
      console.log("|---|---|---|---|---|---|");
      for (const [label, f] of per) {
        const sorted = f.ms.sort((a, b) => a - b);
        const rate = f.count / seconds;
        console.log(
          `| ${label} | ${rate.toFixed(0)} | ${pct(sorted, 50).toFixed(1)} | ${pct(sorted, 99).toFixed(1)} | ${f.errors} | ${((100 * rate) / nodeRate).toFixed(1)} % |`,
        );
      }
    }
  }
  server.close();
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
