// `npm run bench`: times the standings of a big group — GET /group/{id}/season/{seasonId}/GetClassification
// and, when the app is built, the standings page — for 200 members over 40 rounds with results.
// A benchmark, not a test: it prints the figures. It uses a fresh in-memory database, never DATA_DIR.
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { SIGNS, type Pick, type Sign } from "#core/domain/signs";
import { buildBackend } from "../backend/app";
import { defaultBackendConfig } from "../backend/config";
import type { Deps } from "../backend/context";
import { openPglite, type Db } from "../backend/db/db";
import { migrate } from "../backend/db/migrate";
import { createMailer } from "../backend/mailer";
import { hashPassword } from "../backend/security";
import { season2024 } from "./football";

const MEMBERS = 200;
const ROUNDS = 40;
const RUNS = 50;
const LIMIT_MS = 100;
const PASSWORD = "Bench#2025";

function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const double = (sign: Sign): Pick => SIGNS.filter((s) => s === sign || s === SIGNS[(SIGNS.indexOf(sign) + 1) % 3]);

/** Rows go in as one JSON document per table: 8 000 predictions load in a second. */
async function bulk(db: Db, table: string, columns: string, types: string, rows: unknown[]) {
  await db.query(`insert into ${table} (${columns}) select ${columns} from jsonb_to_recordset($1::jsonb) as x(${types})`, [JSON.stringify(rows)]);
}

async function seed(db: Db) {
  const random = prng(2025);
  const hash = await hashPassword(PASSWORD);
  await bulk(
    db,
    "users",
    "email, username, password_hash",
    "email text, username text, password_hash text",
    Array.from({ length: MEMBERS }, (_, i) => ({ email: `socio${i + 1}@bench.local`, username: `socio${i + 1}`, password_hash: hash })),
  );
  const userIds = (await db.query<{ id: number }>("select id from users where email like '%@bench.local' order by id")).map((u) => u.id);
  const seasonId = (await db.one<{ id: number }>("insert into seasons (name, start_date) values ('2024-25', '2024-08-01') returning id"))!.id;
  const groupId = (await db.one<{ id: number }>("insert into groups (name, invite_code) values ('Peña grande', 'BENCH200') returning id"))!.id;
  await bulk(db, "group_members", "group_id, user_id, role_id", "group_id int, user_id int, role_id int", userIds.map((id, i) => ({ group_id: groupId, user_id: id, role_id: i === 0 ? 2 : 1 })));

  // The real season's results, repeated where 40 rounds need more than its 37 played jornadas.
  const played = season2024().filter((j) => j.results);
  const predictions: unknown[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const j = played[r % played.length];
    const close = new Date(Date.UTC(2024, 7, 16) + r * 7 * 86_400_000);
    const quinielaId = (await db.one<{ id: number }>(
      "insert into quinielas (season_id, number, start_date, closing_date) values ($1, $2, $3, $4) returning id",
      [seasonId, r + 1, new Date(close.getTime() - 3 * 86_400_000), close],
    ))!.id;
    await bulk(db, "quiniela_matches", "quiniela_id, position, home, away", "quiniela_id int, position int, home text, away text",
      j.matches.map((m, i) => ({ quiniela_id: quinielaId, position: i + 1, home: m.home, away: m.away })));
    await db.query("insert into quiniela_results (quiniela_id, matches, pleno_home, pleno_away) values ($1, $2, $3, $4)", [
      quinielaId,
      JSON.stringify(j.results!.matches),
      j.results!.pleno.home,
      j.results!.pleno.away,
    ]);
    const typeId = r % 4 === 3 ? 4 : 1;
    await db.query("insert into group_quinielas (group_id, quiniela_id, open_date, close_date, type_quiniela_id) values ($1, $2, $3, $4, $5)", [
      groupId,
      quinielaId,
      new Date(close.getTime() - 3 * 86_400_000),
      close,
      typeId,
    ]);
    for (const userId of userIds) {
      const matches = j.results!.matches.map((s): Pick => [random() < 0.55 ? s : (SIGNS[Math.floor(random() * 3)] as Sign)]);
      if (typeId === 4) {
        matches[0] = [...SIGNS];
        matches[1] = double(matches[1][0]);
        matches[2] = double(matches[2][0]);
      }
      predictions.push({
        group_id: groupId,
        quiniela_id: quinielaId,
        user_id: userId,
        matches: JSON.stringify(matches),
        pleno_home: Math.floor(random() * 4),
        pleno_away: Math.floor(random() * 3),
      });
    }
  }
  await bulk(db, "predictions", "group_id, quiniela_id, user_id, matches, pleno_home, pleno_away",
    "group_id int, quiniela_id int, user_id int, matches jsonb, pleno_home int, pleno_away int", predictions);
  return { groupId, seasonId, predictions: predictions.length };
}

function figures(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  const mean = samples.reduce((s, x) => s + x, 0) / samples.length;
  return { mean, median: at(0.5), p95: at(0.95), min: sorted[0], max: sorted[sorted.length - 1] };
}

const ms = (x: number) => `${x.toFixed(1)} ms`;
const line = (label: string, f: ReturnType<typeof figures>) =>
  `${label.padEnd(34)} mediana ${ms(f.median).padStart(9)}  media ${ms(f.mean).padStart(9)}  p95 ${ms(f.p95).padStart(9)}  mín ${ms(f.min).padStart(9)}  máx ${ms(f.max).padStart(9)}`;

async function time(runs: number, fn: () => Promise<void>): Promise<number[]> {
  for (let i = 0; i < 5; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  return samples;
}

async function main() {
  const db = await openPglite();
  await migrate(db, path.resolve("backend/db/migrations"));
  const loadStart = performance.now();
  const { groupId, seasonId, predictions } = await seed(db);
  console.log(`Datos: ${MEMBERS} miembros, ${ROUNDS} jornadas con resultados, ${predictions} pronósticos (cargados en ${ms(performance.now() - loadStart)}).`);

  const deps: Deps = { db, mailer: createMailer({ outboxDir: "" }), clock: () => new Date(), config: { ...defaultBackendConfig }, fetch };
  const app = await buildBackend(deps);
  const apiUrl = await app.listen({ host: "127.0.0.1", port: 0 });
  try {
    const login = await fetch(`${apiUrl}/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ username: "socio2", password: PASSWORD }) });
    const { token } = (await login.json()) as { token: string };
    const endpoint = `/group/${groupId}/season/${seasonId}/GetClassification`;
    let rows = 0;
    const coldStart = performance.now();
    await fetch(apiUrl + endpoint, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.json());
    console.log(`${"Primera llamada (sin caché)".padEnd(34)} ${ms(performance.now() - coldStart).padStart(16)}`);
    const api = figures(
      await time(RUNS, async () => {
        const res = await fetch(apiUrl + endpoint, { headers: { authorization: `Bearer ${token}` } });
        rows = ((await res.json()) as unknown[]).length;
      }),
    );
    console.log(line("GET …/GetClassification (200 × 40)", api), `(${rows} filas)`);
    // A corrected result changes the inputs: the next call scores every ticket again.
    const recompute = figures(
      await time(10, async () => {
        await db.query("update quiniela_results set pleno_home = (pleno_home + 1) % 5, updated_at = now() where quiniela_id = (select min(id) from quinielas)");
        await fetch(apiUrl + endpoint, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.json());
      }),
    );
    console.log(line("… tras corregir un resultado", recompute));

    const buildFile = path.resolve("build/index.js");
    let page: ReturnType<typeof figures> | null = null;
    if (existsSync(buildFile)) {
      process.env.API_URL = apiUrl;
      process.env.SESSION_SECRET ||= "bench-session-secret-long-enough";
      process.env.PUBLIC_URL ||= "http://localhost:3000";
      const build = (await import(pathToFileURL(buildFile).href)) as ServerBuild;
      const handler = createRequestHandler(build, "production");
      const origin = "http://localhost:3000";
      const signIn = await handler(
        new Request(`${origin}/login`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", origin, "x-forwarded-host": "localhost:3000" },
          body: new URLSearchParams({ identifier: "socio2", password: PASSWORD }),
        }),
      );
      const cookie = signIn.headers.get("set-cookie")?.split(";")[0] ?? "";
      const url = `${origin}/grupo/${groupId}/temporada/${seasonId}/clasificacion`;
      page = figures(
        await time(RUNS, async () => {
          const res = await handler(new Request(url, { headers: { cookie } }));
          if (res.status !== 200) throw new Error(`La página de clasificación respondió ${res.status}.`);
          await res.text();
        }),
      );
      console.log(line("Página de clasificación (BFF)", page));
    } else {
      console.log("Página de clasificación: sin medir (falta build/index.js; ejecuta antes `npm run build`).");
    }
    const ok = api.median < LIMIT_MS;
    console.log(`${ok ? "OK" : "LENTO"}: la clasificación ${ok ? "está" : "no está"} por debajo de ${LIMIT_MS} ms (mediana de ${RUNS} llamadas).`);
    if (!ok) process.exitCode = 1;
  } finally {
    await app.close();
    await db.close();
  }
}

await main();
