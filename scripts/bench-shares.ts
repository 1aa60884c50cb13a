// Each page's share of node's own HTTP server sending the same bytes from memory: the physical
// ceiling of this box for that answer (decisions 067, 070). Used by `npm run bench` (scripts/bench.ts);
// `scripts/bench-kept.ts` does the same for one page across builds.
//
// For each connection count and for a 200 (no validator sent) and a 304 (the page's own ETag sent
// back), every target is loaded in alternating slices of one run (node's server with the page's
// bytes, the page, node's server with the next page's bytes, the next page…), so that whatever else
// the shared machine does falls on every target alike. The bare Remix page (bench/ceiling) is one of
// the targets: it sends no ETag, so it has no 304 row.
import http from "node:http";
import os from "node:os";

export interface ShareTarget {
  label: string;
  url: string;
  headers: Record<string, string>;
}

export interface ShareOptions {
  connections: number[];
  rounds: number;
  sliceMs: number;
  warmMs: number;
  log: (line: string) => void;
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** One GET as the load sends it: status, headers and the body's bytes as sent (gzipped, when it was). */
export function get(agent: http.Agent, url: string | URL, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
  });
}

interface Slice {
  count: number;
  errors: number;
  ms: number[];
  elapsed: number;
}

/** `conns` keep-alive connections, each sending its next request when the last answered, for `ms`. */
async function slice(url: string, headers: Record<string, string>, conns: number, expected: number, ms: number): Promise<Slice> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: conns });
  const figures: Slice = { count: 0, errors: 0, ms: [], elapsed: 0 };
  const begin = performance.now();
  const end = begin + ms;
  await Promise.all(
    Array.from({ length: conns }, async () => {
      while (performance.now() < end) {
        const t0 = performance.now();
        const status = await get(agent, url, headers).then(
          (r) => r.status,
          () => 0,
        );
        if (status === expected) {
          figures.count++;
          figures.ms.push(performance.now() - t0);
        } else figures.errors++;
      }
    }),
  );
  // The last answers land after `ms`: the rate is over the time the slice really took.
  figures.elapsed = performance.now() - begin;
  agent.destroy();
  return figures;
}

const NODE_TAG = '"node-own"';

interface Measured {
  label: string;
  bytes: number;
  encoding: string;
  etag: string | null;
  url: string;
  headers: Record<string, string>;
  nodeUrl: string;
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN;

/**
 * Prints, per connection count and answer (200, 304), a table of every target's req/s, p50, p99
 * and share of node's own server sending that target's bytes.
 */
export async function measureShares(targets: ShareTarget[], options: ShareOptions): Promise<void> {
  const { log } = options;
  // Each target's answer as a browser that takes gzip gets it: the bytes node's server will send.
  const measured: Measured[] = [];
  const bodies = new Map<string, { body: Buffer; encoding: string }>();
  for (const [i, t] of targets.entries()) {
    const headers = { ...t.headers, "accept-encoding": "gzip" };
    const first = await get(new http.Agent(), t.url, headers);
    if (first.status !== 200) throw new Error(`${t.label}: ${t.url} respondió ${first.status}`);
    const etag = typeof first.headers.etag === "string" && /^"[^"]+"$/.test(first.headers.etag) ? first.headers.etag : null;
    const encoding = String(first.headers["content-encoding"] ?? "identity");
    bodies.set(`/${i}`, { body: first.body, encoding });
    measured.push({ label: t.label, bytes: first.body.byteLength, encoding, etag, url: t.url, headers, nodeUrl: "" });
  }
  const server = http.createServer((req, res) => {
    const page = bodies.get(req.url ?? "");
    if (!page) {
      res.writeHead(404).end();
      return;
    }
    if (req.headers["if-none-match"] === NODE_TAG) {
      res.writeHead(304, { etag: NODE_TAG, "cache-control": "private, no-cache" }).end();
      return;
    }
    res.writeHead(200, {
      "content-type": "text/html; charset=utf-8",
      ...(page.encoding === "identity" ? {} : { "content-encoding": page.encoding }),
      "content-length": page.body.byteLength,
      etag: NODE_TAG,
      "cache-control": "private, no-cache",
    });
    res.end(page.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  measured.forEach((m, i) => (m.nodeUrl = `http://127.0.0.1:${port}/${i}`));
  log(
    `\nParte del servidor HTTP de node enviando los mismos bytes desde memoria (el techo físico de esta máquina), ` +
      `en tandas alternas de ${options.sliceMs / 1000} s (${options.rounds} por destino y caso, tras ${options.warmMs / 1000} s de calentamiento), gzip aceptado:`,
  );
  for (const m of measured) log(`  ${m.label}: ${m.bytes} B (${m.encoding})${m.etag ? "" : ", sin ETag"}`);
  try {
    for (const conns of options.connections) {
      for (const conditional of [false, true]) {
        const expected = conditional ? 304 : 200;
        const cases = measured.filter((m) => !conditional || m.etag);
        const legs = cases.flatMap((m) => [
          {
            key: `node:${m.label}`,
            url: m.nodeUrl,
            headers: conditional ? { "accept-encoding": "gzip", "if-none-match": NODE_TAG } : { "accept-encoding": "gzip" },
          },
          { key: m.label, url: m.url, headers: conditional ? { ...m.headers, "if-none-match": m.etag! } : m.headers },
        ]);
        for (const leg of legs) await slice(leg.url, leg.headers, conns, expected, options.warmMs);
        const per = new Map<string, Slice[]>(legs.map((l) => [l.key, []]));
        for (let r = 0; r < options.rounds; r++) {
          // Alternate the order each round: no target always follows the same one.
          for (const leg of r % 2 === 0 ? legs : [...legs].reverse())
            per.get(leg.key)!.push(await slice(leg.url, leg.headers, conns, expected, options.sliceMs));
        }
        const sum = (key: string) => {
          const parts = per.get(key)!;
          const count = parts.reduce((s, p) => s + p.count, 0);
          const seconds = parts.reduce((s, p) => s + p.elapsed, 0) / 1000;
          const sorted = parts.flatMap((p) => p.ms).sort((a, b) => a - b);
          return { rate: count / seconds, p50: pct(sorted, 50), p99: pct(sorted, 99), errors: parts.reduce((s, p) => s + p.errors, 0) };
        };
        log(`\n${expected} · ${conns} conexiones · carga media ${os.loadavg()[0].toFixed(1)}`);
        log("| página | node req/s | req/s | p50 ms | p99 ms | errores | parte de node |");
        log("|---|--:|--:|--:|--:|--:|--:|");
        for (const m of cases) {
          const node = sum(`node:${m.label}`);
          const page = sum(m.label);
          log(
            `| ${m.label} | ${node.rate.toFixed(0)} | ${page.rate.toFixed(0)} | ${page.p50.toFixed(1)} | ${page.p99.toFixed(1)} | ${page.errors} | ${((100 * page.rate) / node.rate).toFixed(1)} % |`,
          );
        }
      }
    }
  } finally {
    server.close();
  }
}
