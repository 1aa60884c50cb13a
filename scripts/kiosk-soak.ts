// `npm run bench:kiosk`: a day of an office TV in a few seconds. 2,000 requests of the kiosk page
// (a group of 40, two pages, as the meta refresh asks for them) through the built BFF and a real
// backend, with the process's memory (RSS and heap) before and after. A benchmark, not a test:
// it prints the figures and fails only when memory keeps growing. Needs `npm run build` first.
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { SIGNS, type Sign } from "#core/domain/signs";
import { buildBackend } from "../backend/app";
import { defaultBackendConfig } from "../backend/config";
import type { Deps } from "../backend/context";
import { openPglite } from "../backend/db/db";
import { migrate } from "../backend/db/migrate";
import { createMailer } from "../backend/mailer";
import { createLink } from "../backend/services/kiosk/kiosk";
import { season2024 } from "./football";

const MEMBERS = 40;
const ROUNDS = 20;
const REQUESTS = 2_000;
const WARM_UP = 200;
/** Growth of the heap after a full collection that counts as a leak, in MB. */
const HEAP_LIMIT_MB = 15;

const mb = (bytes: number) => bytes / 1_048_576;
const fmt = (bytes: number) => `${mb(bytes).toFixed(1)} MB`;

function memory() {
  (globalThis as { gc?: () => void }).gc?.();
  const m = process.memoryUsage();
  return { rss: m.rss, heap: m.heapUsed };
}

async function seed(deps: Deps) {
  const { db } = deps;
  const users: number[] = [];
  for (let i = 1; i <= MEMBERS; i++) {
    users.push(
      (await db.one<{ id: number }>("insert into users (email, username, password_hash) values ($1, $2, 'x') returning id", [
        `tv${i}@soak.local`,
        `oficinista${i}`,
      ]))!.id,
    );
  }
  const seasonId = (await db.one<{ id: number }>("insert into seasons (name, start_date) values ('2024-25', '2024-08-01') returning id"))!.id;
  const groupId = (await db.one<{ id: number }>("insert into groups (name, invite_code, office_icons) values ('Oficina TI', 'SOAK40', true) returning id"))!.id;
  for (const [i, id] of users.entries()) await db.query("insert into group_members (group_id, user_id, role_id) values ($1, $2, $3)", [groupId, id, i ? 1 : 2]);
  const played = season2024()
    .filter((j) => j.results)
    .slice(0, ROUNDS);
  for (const [r, j] of played.entries()) {
    const close = new Date(Date.UTC(2024, 7, 16) + r * 7 * 86_400_000);
    const quinielaId = (await db.one<{ id: number }>(
      "insert into quinielas (season_id, number, start_date, closing_date) values ($1, $2, $3, $4) returning id",
      [seasonId, r + 1, new Date(close.getTime() - 3 * 86_400_000), close],
    ))!.id;
    await db.query("insert into quiniela_results (quiniela_id, matches, pleno_home, pleno_away) values ($1, $2, $3, $4)", [
      quinielaId,
      JSON.stringify(j.results!.matches),
      j.results!.pleno.home,
      j.results!.pleno.away,
    ]);
    await db.query("insert into group_quinielas (group_id, quiniela_id, open_date, close_date) values ($1, $2, $3, $4)", [
      groupId,
      quinielaId,
      new Date(close.getTime() - 3 * 86_400_000),
      close,
    ]);
    for (const [u, userId] of users.entries()) {
      const matches = j.results!.matches.map((s, m): Sign[] => [(m + u + r) % 3 ? (s as Sign) : SIGNS[(m + u) % 3]]);
      await db.query("insert into predictions (group_id, quiniela_id, user_id, matches, pleno_home, pleno_away) values ($1, $2, $3, $4, $5, $6)", [
        groupId,
        quinielaId,
        userId,
        JSON.stringify(matches),
        u % 4,
        r % 3,
      ]);
    }
  }
  return (await createLink(deps, groupId, users[0])).token;
}

async function main() {
  const buildFile = path.resolve("build/index.js");
  if (!existsSync(buildFile)) {
    console.log("Falta build/index.js: ejecuta antes `npm run build`.");
    process.exitCode = 1;
    return;
  }
  const db = await openPglite();
  await migrate(db, path.resolve("backend/db/migrations"));
  const deps: Deps = { db, mailer: createMailer({ outboxDir: "" }), clock: () => new Date(), config: { ...defaultBackendConfig }, fetch };
  const token = await seed(deps);
  const app = await buildBackend(deps);
  const apiUrl = await app.listen({ host: "127.0.0.1", port: 0 });
  try {
    process.env.API_URL = apiUrl;
    process.env.SESSION_SECRET ||= "kiosk-soak-session-secret-long-enough";
    const handler = createRequestHandler((await import(pathToFileURL(buildFile).href)) as ServerBuild, "production");
    // Forty TVs, each from its own address, as the backend's per-address limit expects of real screens.
    const request = async (i: number) => {
      const res = await handler(
        new Request(`http://localhost:3000/kiosk/${token}?pagina=${(i % 2) + 1}`, { headers: { "x-quiniela-client-ip": `10.0.0.${i % 40}` } }),
      );
      const html = await res.text();
      if (res.status !== 200 || !html.includes("Página") || html.includes("Sin conexión"))
        throw new Error(`La pantalla respondió ${res.status} sin su contenido (petición ${i}).`);
      return html;
    };
    const sample = await request(0);
    console.log(
      `Página de la pantalla (40 jugadores): ${(sample.length / 1024).toFixed(1)} KB, ${(gzipSync(sample).length / 1024).toFixed(1)} KB con gzip; ${/<script/i.test(sample) ? "CON" : "sin"} scripts.`,
    );
    for (let i = 1; i <= WARM_UP; i++) await request(i);
    const before = memory();
    const start = performance.now();
    for (let i = 1; i <= REQUESTS; i++) await request(i);
    const seconds = (performance.now() - start) / 1000;
    const after = memory();
    console.log(`${REQUESTS} peticiones en ${seconds.toFixed(1)} s (${((seconds * 1000) / REQUESTS).toFixed(1)} ms de media).`);
    console.log(
      `RSS: antes ${fmt(before.rss)}, después ${fmt(after.rss)} (${mb(after.rss - before.rss) >= 0 ? "+" : ""}${mb(after.rss - before.rss).toFixed(1)} MB).`,
    );
    console.log(
      `Heap: antes ${fmt(before.heap)}, después ${fmt(after.heap)} (${mb(after.heap - before.heap) >= 0 ? "+" : ""}${mb(after.heap - before.heap).toFixed(1)} MB).`,
    );
    if (!(globalThis as { gc?: () => void }).gc) console.log("(Sin --expose-gc: las cifras incluyen basura aún no recogida.)");
    const ok = mb(after.heap - before.heap) < HEAP_LIMIT_MB;
    console.log(`${ok ? "OK" : "CRECE"}: la memoria ${ok ? "se mantiene estable" : "no deja de crecer"} (límite +${HEAP_LIMIT_MB} MB de heap).`);
    if (!ok) process.exitCode = 1;
  } finally {
    await app.close();
    await db.close();
  }
}

await main();
