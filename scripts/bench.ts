// `npm run bench [-- --long] [-- --all-api]`: the app's busiest pages against the ceiling of this stack.
//
// 1. Seeds a 200-member group over 40 rounds with results through the real API (HTTP to the real
//    backend, on a throwaway DATA_DIR), and checks the data is realistic.
// 2. Starts the production build (`node build/server.js`, built first when missing or stale) on
//    that DATA_DIR, as `npm start` does, and the ceiling (bench/ceiling: the stack's minimal page, a
//    bare Remix route reading the same 200 rows precomputed in one indexed query, as a plain table).
// 3. Loads each page and the ceiling at the same time (20 keep-alive connections each, so that a
//    busy machine slows both alike; --alternate loads them in turn, ABBA, as before) and prints
//    req/s, p50, p99, the CPU each spent per answer and the HTML's gzip size side by side.
//    --pages clasificacion,resultados picks pages (clasificacion, pronosticos, panel, resultados, apuesta, oficina);
//    --rounds 38 seeds that many rounds with results instead of 40.
// 4. Prints each page kept by version (the live page, the standings, results and bets) and the bare
//    Remix page as a share of node's own HTTP server sending the same bytes from memory, for a 200
//    and a 304, at 20 and 100 connections (--conns), in alternating slices (scripts/bench-shares.ts;
//    decision 070). --shares-only skips step 3; --no-shares skips this one.
// PostgreSQL instead of PGlite: --pg, on a fresh database made on TEST_DATABASE_URL's server.
// A benchmark, not a test; it exits 1 only when the seeded data is not realistic or a page fails.
import { spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync, statSync, readdirSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import http from "node:http";
import pg from "pg";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { SIGNS, type Pick, type Sign } from "#core/domain/signs";
import { buildBackend } from "../backend/app";
import { defaultBackendConfig } from "../backend/config";
import type { Deps } from "../backend/context";
import { openDb, type Db } from "../backend/db/db";
import { migrate } from "../backend/db/migrate";
import { createMailer } from "../backend/mailer";
import { createUser } from "../backend/services/account/auth";
import {
  APP_NODE_FLAGS,
  appEnv,
  freePort,
  startApp,
  startCeiling,
  PASSWORD,
  SECRET,
  signInToApp,
  startProcess,
  stopProcesses,
  type Seeded,
} from "./bench-support";
import { measureShares } from "./bench-shares";
import { season2024, teamsOf } from "./football";
import { seededRandom } from "#core/seeded-random";

const LONG = process.argv.includes("--long");
/** Page and ceiling in turn (ABBA) instead of at the same time. */
const ALTERNATE = process.argv.includes("--alternate");
const PAGES = process.argv.includes("--pages") ? process.argv[process.argv.indexOf("--pages") + 1].split(",") : null;
/** Every member and ticket through the API (several minutes more on this machine). */
const ALL_API = process.argv.includes("--all-api");
const MEMBERS = 200;
/** Rounds with results before the open ones (--rounds 38: a season of La Liga). */
const ROUNDS = process.argv.includes("--rounds") ? Number(process.argv[process.argv.indexOf("--rounds") + 1]) : 40;
/** Members who register, sign in, join and send every ticket through the API (all with --all-api). */
const API_MEMBERS = ALL_API ? 200 : 12;
const CONNECTIONS = 20;
/** Step 4's connection counts (--conns 20,100). */
const SHARE_CONNECTIONS = process.argv.includes("--conns") ? process.argv[process.argv.indexOf("--conns") + 1].split(",").map(Number) : [20, 100];
const SHARES = !process.argv.includes("--no-shares");
const SHARES_ONLY = process.argv.includes("--shares-only");
/** PostgreSQL (a fresh database on TEST_DATABASE_URL's server) instead of the PGlite of DATA_DIR. */
const PG = process.argv.includes("--pg");
/** A/B rounds per page and the length of each side's slice. */
const AB_ROUNDS = LONG ? 8 : 3;
const SLICE_MS = LONG ? 4_000 : 1_500;
/**
 * Each side's unmeasured load before its first slice. A freshly started server runs its first views
 * while V8 compiles the hot path (about 4 s of slower views on the app, timed inside the server), and
 * a few of the very first requests may wait seconds before the server reads them;
 * with 0.3 s both fell into the first measured slices and set the p99.
 */
const WARM_MS = 2_000;
const DAY = 86_400_000;
const ADMIN = { email: "admin@bench.local", username: "admin-bench", password: PASSWORD };

const log = (line: string) => process.stdout.write(`${line}\n`);

/** Runs `work` over `items`, `width` at a time. */
async function pool<T>(items: T[], width: number, work: (item: T, index: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const i = next++;
        await work(items[i], i);
      }
    }),
  );
}

/** One JSON call to the seeding backend; anything but the expected status stops the bench. */
function apiClient(base: string) {
  return async <T = unknown>(method: string, pathname: string, body: unknown, token: string | null, expect: number[] = [200, 201]): Promise<T> => {
    const headers: Record<string, string> = { accept: "application/json" };
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers["content-type"] = "application/json";
    const res = await fetch(base + pathname, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    if (!expect.includes(res.status)) throw new Error(`${method} ${pathname}: ${res.status} ${text.slice(0, 300)}`);
    return (text ? JSON.parse(text) : null) as T;
  };
}

const double = (sign: Sign): Pick => SIGNS.filter((s) => s === sign || s === SIGNS[(SIGNS.indexOf(sign) + 1) % 3]);

/**
 * The group, through the API: registrations and sign-ins, a group joined by its invitation code,
 * the teams, a season, 40 pools (one a week, ending last week) each opened for the group, its
 * tickets and then its official results, and a 41st round open now. The backend's clock walks
 * through the season so every call is made when the rules allow it. Only API_MEMBERS of the 200
 * go through the API (users, memberships, tickets); the rest are bulk-inserted, in the very format
 * the API writes, which `checkRealistic` then proves (one ticket shape across all 8,000).
 */
async function seed(dataDir: string): Promise<Seeded> {
  const db = await openDb({ dataDir: path.join(dataDir, "pglite"), databaseUrl: process.env.DATABASE_URL || undefined });
  await migrate(db, path.resolve("backend/db/migrations"));
  let now = new Date();
  const deps: Deps = {
    db,
    mailer: createMailer({ outboxDir: path.join(dataDir, "outbox") }),
    clock: () => now,
    config: { ...defaultBackendConfig, loginRateLimit: 100_000, forgotRateLimit: 100_000, linkSecret: SECRET, publicUrl: "http://localhost" },
    fetch,
  };
  // The first admin is made as the app makes it (decision 003): not through the API.
  await createUser(deps, { ...ADMIN, isAdmin: true });
  const app = await buildBackend(deps);
  const base = await app.listen({ host: "127.0.0.1", port: 0 });
  const call = apiClient(base);
  let mark = performance.now();
  const phase = (what: string) => {
    if (process.env.BENCH_VERBOSE) log(`  ${what}: ${((performance.now() - mark) / 1000).toFixed(1)} s`);
    mark = performance.now();
  };
  const signIn = async (username: string) => (await call<{ token: string }>("POST", "/auth/login", { username, password: PASSWORD }, null)).token;
  try {
    const admin = await signIn(ADMIN.username);
    // API_MEMBERS register, sign in and join by the invitation code through the API; the others are
    // bulk-inserted with one password hash (a real hash costs a third of a second here, by design).
    const names = Array.from({ length: MEMBERS }, (_, i) => `socio${i + 1}`);
    const tokens: string[] = [];
    await pool(names.slice(0, API_MEMBERS), 4, async (username, i) => {
      await call("POST", "/auth/register", { email: `${username}@bench.local`, username, password: PASSWORD }, null);
      tokens[i] = await signIn(username);
    });
    const sameHash = (await db.one<{ password_hash: string }>("select password_hash from users where username = 'socio1'"))!.password_hash;
    await db.query(
      `insert into users (email, username, password_hash) select x.username || '@bench.local', x.username, $2 from jsonb_to_recordset($1::jsonb) as x(username text)`,
      [JSON.stringify(names.slice(API_MEMBERS).map((username) => ({ username }))), sameHash],
    );
    phase("socios");
    const manager = tokens[0];
    const group = await call<{ id: number; inviteCode: string }>(
      "POST",
      "/group/CreateGroup",
      { name: "Peña grande", description: `${MEMBERS} socios, ${ROUNDS} jornadas` },
      manager,
    );
    await pool(tokens.slice(1), 4, async (token) => {
      await call("POST", `/group/JoinByInviteCode/${group.inviteCode}`, undefined, token);
    });
    // As joinByCode writes it: role Usuario, joined now.
    await db.query(`insert into group_members (group_id, user_id, role_id, joined_at) select $1, u.id, 1, $3 from users u where u.username = any($2::text[])`, [
      group.id,
      names.slice(API_MEMBERS),
      now,
    ]);
    phase("grupo");
    const played = season2024().filter((j) => j.results);
    for (const name of teamsOf(played)) await call("POST", "/team/Create", { name, logo: "", alias: [] }, admin, [201, 409]);
    const weekZero = Date.now() - (ROUNDS + 1) * 7 * DAY;
    now = new Date(weekZero - DAY);
    const seasonStart = new Date(weekZero - DAY).toISOString().slice(0, 10);
    const season = await call<{ id: number }>("POST", "/season/CreateSeason", { name: "Temporada bench", startDate: seasonStart }, admin);

    const random = seededRandom(2025);
    const bulk: Ticket[] = [];
    const userIds = (
      await db.query<{ id: number; username: string }>("select id from users where username like 'socio%' order by substring(username from 6)::int")
    ).map((u) => u.id);
    let apiTickets = 0;
    /** A pool of jornada `j`'s matches made by the admin and opened for the group by its manager. */
    const openRound = async (j: (typeof played)[number], open: Date, close: Date, typeQuinielaId?: number) => {
      const made = await call<{ id: number }>(
        "POST",
        "/quiniela/CreateQuiniela",
        {
          startDate: open.toISOString(),
          closingDate: close.toISOString(),
          matches: j.matches.map((m) => ({ home: m.home, away: m.away })),
          seasonId: season.id,
        },
        admin,
      );
      const config = { groupId: group.id, quinielaId: made.id, openDate: open.toISOString(), closeDate: close.toISOString() };
      await call("POST", "/GroupQuiniela/ConfigureGroupQuiniela", typeQuinielaId ? { ...config, typeQuinielaId } : config, manager);
      return made;
    };
    const round = async (r: number) => {
      const j = played[r % played.length];
      const open = new Date(weekZero + r * 7 * DAY);
      const close = new Date(open.getTime() + 4 * DAY);
      now = new Date(open.getTime() - 60_000);
      const typeQuinielaId = r % 4 === 3 ? 4 : 1;
      const made = await openRound(j, open, close, typeQuinielaId);
      now = new Date(open.getTime() + DAY);
      const tickets = userIds.map(() => {
        // A player who knows football: about 55% of signs right, as a real peña scores.
        const matches = j.results!.matches.map((s): Pick => [random() < 0.55 ? s : (SIGNS[Math.floor(random() * 3)] as Sign)]);
        if (typeQuinielaId === 4) {
          matches[0] = [...SIGNS];
          matches[1] = double(matches[1][0]);
          matches[2] = double(matches[2][0]);
        }
        return { matches, plain15: { home: Math.floor(random() * 4), away: Math.floor(random() * 3) } };
      });
      await pool(tokens, 4, async (token, i) => {
        await call("POST", `/Quiniela/${made.id}/MakePrediction`, { groupId: group.id, ...tickets[i] }, token);
        apiTickets++;
      });
      tickets.slice(API_MEMBERS).forEach((t, k) => {
        const i = API_MEMBERS + k;
        bulk.push({
          group_id: group.id,
          quiniela_id: made.id,
          user_id: userIds[i],
          matches: t.matches,
          pleno_home: t.plain15.home,
          pleno_away: t.plain15.away,
        });
      });
      now = new Date(close.getTime() + 2 * DAY);
      await call("POST", "/Quiniela/SetResults", { quinielaId: made.id, matches: j.results!.matches, plain15: j.results!.pleno }, admin);
    };
    for (let r = 0; r < ROUNDS; r++) await round(r);
    phase("jornadas");
    // Round 41, open now: the predictions page has a form to show.
    now = new Date();
    const open = played[ROUNDS % played.length];
    const openPool = await openRound(open, new Date(Date.now() - DAY), new Date(Date.now() + 4 * DAY));
    await call(
      "POST",
      `/Quiniela/${openPool.id}/MakePrediction`,
      { groupId: group.id, matches: open.matches.slice(0, 14).map(() => ["1"]), plain15: { home: 1, away: 1 } },
      tokens[1],
    );
    apiTickets++;

    if (bulk.length) {
      await insertTickets(db, bulk);
    }
    phase("boletos en bloque");
    await checkRealistic(db, group.id, season.id, userIds);

    // Round 42, open too, with every member's ticket and the group's bet made: the bet page then
    // computes its chances from the whole season (40 rounds × 200 tickets), as a big peña's does.
    const betRound = played[(ROUNDS + 1) % played.length];
    const betPool = await openRound(betRound, new Date(Date.now() - DAY), new Date(Date.now() + 5 * DAY));
    const betTickets = userIds.map((userId) => ({
      group_id: group.id,
      quiniela_id: betPool.id,
      user_id: userId,
      matches: betRound.results!.matches.map((s): Pick => [random() < 0.5 ? s : (SIGNS[Math.floor(random() * 3)] as Sign)]),
      pleno_home: Math.floor(random() * 4),
      pleno_away: Math.floor(random() * 3),
    }));
    await insertTickets(db, betTickets);
    await call("POST", "/Bet/GenerateBet", { groupId: group.id, quinielaId: betPool.id, topNUsers: 10 }, manager, [201]);
    phase("quiniela grupal");

    const kiosk = await call<{ token: string }>("POST", `/group/${group.id}/kiosk`, {}, manager);
    const kioskPath = `/kiosk/${kiosk.token}`;
    const standings = await call<unknown[]>("GET", `/group/${group.id}/season/${season.id}/GetClassification`, undefined, tokens[1]);
    if (standings.length !== MEMBERS) throw new Error(`La clasificación tiene ${standings.length} filas, no ${MEMBERS}.`);
    return { groupId: group.id, seasonId: season.id, betQuinielaId: betPool.id, kioskPath, standings, apiTickets, bulkTickets: bulk.length };
  } finally {
    await app.close();
    await db.close();
  }
}

type Ticket = { group_id: number; quiniela_id: number; user_id: number; matches: Pick[]; pleno_home: number; pleno_away: number };

/** Bulk tickets: the same columns MakePrediction fills, the picks as a JSON array (not a JSON string). */
async function insertTickets(db: Db, tickets: Ticket[]) {
  await db.query(
    `insert into predictions (group_id, quiniela_id, user_id, matches, pleno_home, pleno_away)
     select group_id, quiniela_id, user_id, matches, pleno_home, pleno_away
     from jsonb_to_recordset($1::jsonb) as x(group_id int, quiniela_id int, user_id int, matches jsonb, pleno_home int, pleno_away int)`,
    [JSON.stringify(tickets)],
  );
}

/** Stops the bench unless the data looks like a real peña's season, and bulk tickets look like the API's. */
async function checkRealistic(db: Db, groupId: number, seasonId: number, userIds: number[]) {
  const fail = (what: string) => {
    throw new Error(`Datos no realistas: ${what}`);
  };
  // The shape of every stored ticket: MakePrediction's rows define it, the bulk rows must match.
  const shapes = await db.query<{ shape: string; n: number }>(
    `select concat_ws('|', jsonb_typeof(matches), jsonb_array_length(matches), jsonb_typeof(matches -> 0), jsonb_typeof(matches -> 0 -> 0),
            (select bool_and(jsonb_typeof(m) = 'array' and jsonb_array_length(m) between 1 and 3) from jsonb_array_elements(matches) m),
            (select bool_and(s #>> '{}' in ('1', 'X', '2')) from jsonb_array_elements(matches) m, jsonb_array_elements(m) s)) as shape, count(*)::int as n
     from predictions where group_id = $1 group by 1`,
    [groupId],
  );
  if (shapes.length !== 1) fail(`los pronósticos se guardaron de ${shapes.length} formas distintas: ${shapes.map((s) => `${s.shape} (${s.n})`).join(", ")}`);
  if (shapes[0].shape !== "array|14|array|string|t|t") fail(`forma de pronóstico inesperada: ${shapes[0].shape}`);
  const perRound = await db.query<{ number: number; signs: number; pleno: boolean }>(
    `select q.number, (select count(*) from jsonb_array_elements(r.matches) s where s <> 'null'::jsonb)::int as signs, r.pleno_home is not null as pleno
     from group_quinielas gq join quinielas q on q.id = gq.quiniela_id left join quiniela_results r on r.quiniela_id = q.id
     where gq.group_id = $1 and q.season_id = $2 and gq.close_date < now() order by q.number`,
    [groupId, seasonId],
  );
  if (perRound.length !== ROUNDS) fail(`${perRound.length} jornadas cerradas, no ${ROUNDS}`);
  for (const r of perRound) if (r.signs + (r.pleno ? 1 : 0) !== 15) fail(`la jornada ${r.number} tiene ${r.signs + (r.pleno ? 1 : 0)} resultados, no 15`);
  const perMember = await db.query<{ user_id: number; n: number }>(
    `select p.user_id, count(*)::int as n from predictions p join group_quinielas gq on gq.group_id = p.group_id and gq.quiniela_id = p.quiniela_id
     where p.group_id = $1 and gq.close_date < now() group by p.user_id`,
    [groupId],
  );
  if (perMember.length !== userIds.length || perMember.some((m) => m.n !== ROUNDS)) fail(`no todos los ${userIds.length} socios tienen ${ROUNDS} pronósticos`);
  // Hits as the game counts them: a match whose official sign is among the picks.
  const hits = await db.one<{ avg: number }>(
    `select avg(h)::float as avg from (
       select (select count(*) from generate_series(0, 13) i where (p.matches -> i) ? (r.matches ->> i)) as h
       from predictions p join quiniela_results r on r.quiniela_id = p.quiniela_id where p.group_id = $1) t`,
    [groupId],
  );
  const avg = hits?.avg ?? 0;
  if (!(avg >= 3 && avg <= 10)) fail(`media de ${avg.toFixed(2)} aciertos por boleto (se espera entre 3 y 10)`);
  log(
    `Datos realistas: ${perRound.length} jornadas con 15 resultados, ${perMember.length} socios con ${ROUNDS} boletos, ${avg.toFixed(2)} aciertos de media por boleto, una sola forma de boleto (${shapes[0].shape}).`,
  );
}

function newestMtime(target: string): number {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = 0;
  for (const entry of readdirSync(target, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name.startsWith(".") || entry.name === "build") continue;
    latest = Math.max(latest, newestMtime(path.join(target, entry.name)));
  }
  return latest;
}

/** `npm run build` when the production build is missing or older than its sources; the ceiling always. */
function build() {
  const outputs = ["build/index.js", "build/server.js"];
  const built = outputs.every((f) => existsSync(f)) ? Math.min(...outputs.map((f) => statSync(f).mtimeMs)) : 0;
  const sources = Math.max(...["app", "backend", "core", "server.ts", "remix.config.js"].map(newestMtime));
  const run = (args: string[]) => {
    const result = spawnSync("npx", args, { stdio: ["ignore", "pipe", "pipe"], encoding: "utf8" });
    if (result.status !== 0) throw new Error(`Falló: npx ${args.join(" ")}\n${result.stdout}${result.stderr}`);
  };
  if (built < sources) {
    log("Compilando la app (npm run build)…");
    run(["npm", "run", "build"]);
  }
  run(["remix", "build", "bench/ceiling"]);
}

interface Target {
  label: string;
  url: string;
  headers: Record<string, string>;
  /** The serving process, for its CPU time. */
  pid?: number;
}

/** One GET, whole body read; status and the (uncompressed) body. */
function get(agent: http.Agent, target: Target, gzip: boolean): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.get(target.url, { agent, headers: { ...target.headers, ...(gzip ? { "accept-encoding": "gzip" } : {}) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
  });
}

/** The CPU time (user + system, ms) the process `pid` has used so far; NaN where /proc cannot tell. */
function cpuMs(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return NaN;
  }
}
const CLOCK_TICKS = 100;

/** CONNECTIONS keep-alive connections, each sending its next request when the last answered, for `ms`. */
async function slice(agent: http.Agent, target: Target, ms: number): Promise<Slice> {
  const cpuBefore = cpuMs(target.pid);
  const begin = performance.now();
  const end = begin + ms;
  const latencies: number[] = [];
  let failures = 0;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < end) {
        const start = performance.now();
        // A reset connection under heavy load counts as a failed answer, not the end of the bench.
        const status = await get(agent, target, true).then(
          (r) => r.status,
          () => 0,
        );
        if (status !== 200) failures++;
        latencies.push(performance.now() - start);
      }
    }),
  );
  // The last answers land after `ms`: the rate is over the time the slice really took.
  return { latencies, failures, elapsed: performance.now() - begin, cpu: cpuMs(target.pid) - cpuBefore };
}

interface Slice {
  latencies: number[];
  failures: number;
  elapsed: number;
  /** CPU ms the serving process spent during the slice. */
  cpu: number;
}

interface Figures {
  rps: number;
  /** CPU ms per answer of the serving process (its own threads included). */
  cpuPerView: number;
  p50: number;
  p99: number;
  gzip: number;
  failures: number;
}

function figures(parts: Slice[], gzip: number): Figures {
  const all = parts.flatMap((p) => p.latencies).sort((a, b) => a - b);
  const at = (q: number) => all[Math.min(all.length - 1, Math.floor(q * all.length))] ?? NaN;
  return {
    rps: all.length / (parts.reduce((t, p) => t + p.elapsed, 0) / 1000),
    cpuPerView: parts.reduce((t, p) => t + p.cpu, 0) / all.length,
    p50: at(0.5),
    p99: at(0.99),
    gzip,
    failures: parts.reduce((s, p) => s + p.failures, 0),
  };
}

/**
 * A page and the ceiling, loaded at the same time in each slice (so whatever else the machine does
 * falls on both at once), or with --alternate in alternate slices.
 */
async function compare(agent: http.Agent, page: Target, ceiling: Target): Promise<[Figures, Figures]> {
  const sizes: number[] = [];
  for (const target of [page, ceiling]) {
    const { status, body } = await get(agent, target, false);
    if (status !== 200) throw new Error(`${target.label} respondió ${status}`);
    sizes.push(gzipSync(body).length);
  }
  if (ALTERNATE) for (const target of [page, ceiling]) await slice(agent, target, WARM_MS);
  else await Promise.all([slice(agent, page, WARM_MS), slice(agent, ceiling, WARM_MS)]);
  const a: Slice[] = [];
  const b: Slice[] = [];
  for (let i = 0; i < AB_ROUNDS; i++) {
    if (!ALTERNATE) {
      const [x, y] = await Promise.all([slice(agent, page, SLICE_MS), slice(agent, ceiling, SLICE_MS)]);
      a.push(x);
      b.push(y);
    } else if (i % 2 === 0) {
      // ABBA order: neither side always goes first.
      a.push(await slice(agent, page, SLICE_MS));
      b.push(await slice(agent, ceiling, SLICE_MS));
    } else {
      b.push(await slice(agent, ceiling, SLICE_MS));
      a.push(await slice(agent, page, SLICE_MS));
    }
  }
  return [figures(a, sizes[0]), figures(b, sizes[1])];
}

function pagesOf(origin: string, seeded: Seeded, cookie: string, pid?: number): (Target & { key: string })[] {
  const g = `${origin}/grupo/${seeded.groupId}`;
  const headers = { cookie };
  return [
    { key: "clasificacion", label: "Clasificación", url: `${g}/temporada/${seeded.seasonId}/clasificacion`, headers, pid },
    { key: "pronosticos", label: "Pronósticos", url: `${g}/predictions`, headers, pid },
    { key: "panel", label: "Panel del grupo", url: `${g}/dashboard`, headers, pid },
    { key: "resultados", label: "Resultados y apuestas", url: `${g}/resultados-y-apuestas`, headers, pid },
    { key: "apuesta", label: "Quiniela grupal", url: `${g}/quiniela-grupal?quiniela=${seeded.betQuinielaId}`, headers, pid },
    { key: "oficina", label: "Pantalla de oficina", url: `${origin}${seeded.kioskPath}`, headers: {}, pid },
  ];
}

/**
 * The loopback calls behind one view of each page: the backend alone (build/backend.js), the BFF
 * pointed at it through a proxy that writes down every call. Each page is viewed once first, so
 * what is counted is a warm view (the session check cached, as under load).
 */
async function countCalls(dataDir: string, seeded: Seeded, children: ChildProcess[]) {
  const [backendPort, proxyPort, appPort] = [await freePort(), await freePort(), await freePort()];
  const backend = await startProcess(
    "El backend",
    ["build/backend.js"],
    { ...appEnv(appPort, dataDir), BACKEND_PORT: String(backendPort) },
    `http://127.0.0.1:${backendPort}/health`,
  );
  children.push(backend);
  // Each call with the milliseconds its answer took, so a slow view shows which call costs it.
  const calls: { call: string; ms: number }[] = [];
  const proxy = http.createServer((req, res) => {
    const entry = { call: `${req.method} ${(req.url ?? "").replace(/^(\/kiosk\/)[^/?]+/i, "$1…")}`, ms: 0 };
    calls.push(entry);
    const started = performance.now();
    const upstream = http.request({ host: "127.0.0.1", port: backendPort, path: req.url, method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.on("end", () => (entry.ms = performance.now() - started));
      answer.pipe(res);
    });
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(proxyPort, "127.0.0.1", resolve));
  const origin = `http://localhost:${appPort}`;
  const bff = await startProcess(
    "La app (BFF)",
    ["build/server.js"],
    { ...appEnv(appPort, dataDir), API_URL: `http://127.0.0.1:${proxyPort}` },
    `${origin}/login`,
  );
  children.push(bff);
  try {
    const cookie = await signInToApp(origin);
    log("Llamadas al backend por vista (en caliente; lo que tardó cada una, sin más carga):");
    for (const page of pagesOf(origin, seeded, cookie)) {
      await fetch(page.url, { headers: page.headers }).then((r) => r.arrayBuffer());
      calls.length = 0;
      const res = await fetch(page.url, { headers: page.headers });
      const html = await res.text();
      const shown = calls.map((c) => `${c.call} ${c.ms.toFixed(0)} ms`).join(", ");
      log(`  ${page.label.padEnd(24)}${String(calls.length).padStart(2)}  ${shown}${res.status === 200 ? "" : ` (respondió ${res.status})`}`);
      // The bet page is measured with its chances on it: the costly part, computed from the whole season.
      if (page.key === "apuesta" && !html.includes('id="chances-title"')) throw new Error("La página de la quiniela grupal no muestra las probabilidades.");
    }
  } finally {
    await stopProcesses([bff, backend]);
    proxy.close();
  }
}

/** A new, empty database on TEST_DATABASE_URL's server, for --pg; its URL. */
async function freshPostgres(): Promise<string> {
  const server = process.env.TEST_DATABASE_URL;
  if (!server) throw new Error("--pg necesita TEST_DATABASE_URL=postgres://… (un servidor donde crear una base de datos nueva).");
  const name = `quiniela_bench_${Date.now()}`;
  const client = new pg.Client({ connectionString: server });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(server);
  url.pathname = `/${name}`;
  log(`PostgreSQL: base de datos nueva ${name} en ${url.host}.`);
  return url.href;
}

async function main() {
  const started = performance.now();
  build();
  // --data DIR keeps the seeded database there and reuses it on the next run (same data for a before/after).
  const kept = process.argv.includes("--data") ? path.resolve(process.argv[process.argv.indexOf("--data") + 1]) : null;
  const dataDir = kept ?? (await mkdtemp(path.join(os.tmpdir(), "quiniela-bench-")));
  const seedFile = path.join(dataDir, "bench-seed.json");
  const children: ChildProcess[] = [];
  // The app, the backend and the seed all read DATABASE_URL (the children get this process's environment).
  if (PG) process.env.DATABASE_URL = await freshPostgres();
  try {
    let seeded: Seeded;
    if (kept && existsSync(seedFile)) {
      seeded = JSON.parse(await readFile(seedFile, "utf8")) as Seeded;
      log(`Datos reutilizados de ${dataDir}.`);
    } else {
      await mkdir(dataDir, { recursive: true });
      const seedStart = performance.now();
      seeded = await seed(dataDir);
      await writeFile(seedFile, JSON.stringify(seeded));
      log(
        `Sembrado por la API en ${((performance.now() - seedStart) / 1000).toFixed(0)} s: ${MEMBERS} socios, ${ROUNDS} jornadas con resultados y una abierta; ` +
          `${seeded.apiTickets} boletos por la API y ${seeded.bulkTickets} en bloque${ALL_API ? "" : " (--all-api lo manda todo por la API)"}.`,
      );
    }
    const rowsFile = path.join(dataDir, "ceiling-rows.json");
    await writeFile(rowsFile, JSON.stringify({ groupId: seeded.groupId, seasonId: seeded.seasonId, rows: seeded.standings }));
    // Step 3's preface (the bet page must show its chances): --shares-only goes straight to step 4.
    if (!SHARES_ONLY) await countCalls(dataDir, seeded, children);

    const [appPort, ceilingPort] = [await freePort(), await freePort()];
    const origin = `http://localhost:${appPort}`;
    // As `npm start` runs it: one process, the backend embedded, the database in DATA_DIR, its Node
    // flags (--default-gc leaves them out, to compare).
    const flags = process.argv.includes("--default-gc") ? [] : APP_NODE_FLAGS;
    const app = await startApp(appPort, dataDir, flags.length === 0);
    children.push(app);
    const minimal = await startCeiling(ceilingPort, rowsFile);
    children.push(minimal);
    const pages = pagesOf(origin, seeded, await signInToApp(origin), app.pid).filter((p) => !PAGES || PAGES.includes(p.key));
    const ceiling: Target = {
      label: "Techo",
      url: `http://127.0.0.1:${ceilingPort}/grupo/${seeded.groupId}/temporada/${seeded.seasonId}/clasificacion`,
      headers: {},
      pid: minimal.pid,
    };
    const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
    log(
      `\n${CONNECTIONS} conexiones por lado, ${ALTERNATE ? "A/B intercalado (ABBA)" : "página y techo a la vez"}: ${AB_ROUNDS} tandas de ${SLICE_MS / 1000} s${LONG ? "" : " (--long para más)"}, tras ${WARM_MS / 1000} s de calentamiento; ` +
        `la app con ${flags.length ? flags.join(" ") : "los ajustes de Node por defecto"}. Carga de la máquina al empezar (1 min): ${os.loadavg()[0].toFixed(1)}.\n`,
    );
    const header = `${"Página".padEnd(24)}${"req/s".padStart(8)}${"p50 ms".padStart(9)}${"p99 ms".padStart(9)}${"CPU ms".padStart(8)}${"gzip KB".padStart(9)} │${"techo req/s".padStart(12)}${"p50".padStart(7)}${"p99".padStart(7)}${"CPU".padStart(6)}${"gzip".padStart(7)} │${"ratio".padStart(7)}  p99 ≤ techo`;
    let failed = false;
    if (!SHARES_ONLY) log(header);
    if (!SHARES_ONLY) log("─".repeat(header.length));
    for (const page of SHARES_ONLY ? [] : pages) {
      const [a, b] = await compare(agent, page, ceiling);
      const kb = (n: number) => (n / 1024).toFixed(1);
      failed ||= a.failures + b.failures > 0;
      log(
        `${page.label.padEnd(24)}${a.rps.toFixed(0).padStart(8)}${a.p50.toFixed(0).padStart(9)}${a.p99.toFixed(0).padStart(9)}${a.cpuPerView.toFixed(1).padStart(8)}${kb(a.gzip).padStart(9)} │` +
          `${b.rps.toFixed(0).padStart(12)}${b.p50.toFixed(0).padStart(7)}${b.p99.toFixed(0).padStart(7)}${b.cpuPerView.toFixed(1).padStart(6)}${kb(b.gzip).padStart(7)} │` +
          `${(a.rps / b.rps).toFixed(2).padStart(7)}  ${a.p99 <= b.p99 ? "sí" : "no"}${a.failures ? `  (${a.failures} respuestas no 200)` : ""}`,
      );
    }
    agent.destroy();
    if (SHARES) {
      const cookie = await signInToApp(origin);
      const g = `${origin}/grupo/${seeded.groupId}`;
      const kept = [
        { key: "directo", label: "En directo (jugador)", url: `${g}/directo?pausa=1`, headers: { cookie } },
        { key: "clasificacion", label: "Clasificación", url: `${g}/temporada/${seeded.seasonId}/clasificacion`, headers: { cookie } },
        { key: "resultados", label: "Resultados y apuestas", url: `${g}/resultados-y-apuestas`, headers: { cookie } },
      ].filter((p) => !PAGES || PAGES.includes(p.key));
      await measureShares([...kept, { label: "Página Remix desnuda (techo)", url: ceiling.url, headers: {} }], {
        connections: SHARE_CONNECTIONS,
        rounds: AB_ROUNDS,
        sliceMs: SLICE_MS,
        warmMs: 1_000,
        log,
      });
    }
    log(
      `\nratio = req/s de la página / req/s del techo (objetivo ≥ 1,00; p99 no peor); CPU ms = tiempo de CPU del proceso por respuesta. ` +
        `Carga de la máquina (1 min): ${os.loadavg()[0].toFixed(1)}. Total: ${((performance.now() - started) / 1000).toFixed(0)} s.`,
    );
    if (failed) process.exitCode = 1;
  } finally {
    await stopProcesses(children);
    if (!kept) await rm(dataDir, { recursive: true, force: true, maxRetries: 5 });
  }
}

await main();
