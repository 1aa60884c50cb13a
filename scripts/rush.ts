// `npm run bench:rush [-- --pg] [-- --instances 2]`: the deadline rush.
// With --derby, the derby goal instead (scripts/rush-derby.ts).
//
// A peña of 1,000 members and 20 of 20 play one round that closes about a minute after the app is
// up (scripts/rush-seed.ts seeds them in bulk SQL, with ten past rounds so standings have rows).
// Then, through the built app over HTTP as browsers would:
// - 1,000 players (600 of the big peña, the 400 of the small ones) each load the predictions page
//   and post its form, more of them the nearer the close; half change their picks once more;
// - 200 readers keep loading their peña's standings and its results page;
// - 20 office kiosks refresh their standings screen;
// - after the close, 100 of the players post once more: each must be refused.
// It prints saves/s, p50/p99 of a save and of a standings view, and the errors, then checks the
// database: every acknowledged save stored exactly as sent, nothing stored unacknowledged, nothing
// accepted or stored after the close. Exits 1 when an error, a lost or a late write is found.
//
// Engines: PGlite in a throwaway DATA_DIR (default); --pg a throwaway PostgreSQL cluster with fsync
// on (initdb/pg_ctl on PATH), or a fresh database on TEST_DATABASE_URL's server; --instances 2
// (PostgreSQL only) two app processes on it, every request to the next one in turn.
// Needs `npm run build` first. RUSH_NODE_FLAGS adds Node flags to the app (e.g. "--cpu-prof").
import { type ChildProcess } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import http from "node:http";
import { mkdtemp, rm } from "node:fs/promises";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { createCookie } from "@remix-run/node";
import { ROUND_CLOSED_MESSAGE } from "#core/contract/prediction";
import { normalizePick, type Pick } from "#core/domain/signs";
import { openPglite, openPostgres, type Db } from "../backend/db/db";
import { migrate } from "../backend/db/migrate";
import { postgresUnavailable, throwawayPostgres } from "../tests/support/postgres";
import { seal } from "../app/server/shelf/seal.server";
import { APP_NODE_FLAGS, appEnv, freePort, startProcess, stopProcesses } from "./bench-support";
import { seededRandom } from "#core/seeded-random";
import { derbyGoal } from "./rush-derby";
import { randomTicket, RUSH_PASSWORD, seedRush, BIG_GROUP, type Member, type RushData } from "./rush-seed";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const PG = process.argv.includes("--pg");
const INSTANCES = arg("instances", 1);
/** Seconds from the app being up to the round's close. */
const CLOSE_IN = arg("close", 60);
const PLAYERS = 1000;
const READERS = 200;
const KIOSKS = 20;
const LATE = 100;
/** A reader's pause between two pages, in seconds (uniform). */
const THINK = [5, 15];
const KIOSK_EVERY_MS = 15_000;
/** Time allowed between the seed and the first player (start, warm-up). */
const SETUP_MS = 25_000;
const SECRET = "rush-session-secret-0123456789abcdef";

/** An error's message with its cause's (fetch says only "fetch failed"). */
const why = (e: unknown) =>
  [e as Error, (e as Error).cause as Error | undefined]
    .filter(Boolean)
    .map((x) => x!.message)
    .join(": ");
const out = (line = "") => process.stdout.write(`${line}\n`);
const sleepUntil = (t: number) => new Promise((r) => setTimeout(r, Math.max(0, t - Date.now())));
const quantile = (values: number[], q: number) => {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(" / ");

interface Sample {
  kind: string;
  ms: number;
  at: number;
}
const samples: Sample[] = [];
const errors: string[] = [];
const error = (what: string) => {
  errors.push(what);
};

/** Keep-alive connections without a limit; no connect timeout (a browser waits minutes). */
const agent = new http.Agent({ keepAlive: true });

/** One HTTP request as a browser sends it (compressed answers accepted), its body read whole and decoded. */
function send(url: string, method: string, headers: Record<string, string>, body?: string) {
  return new Promise<{ status: number; text: string; location: string | null; etag?: string; cookies: string[] }>((resolve, reject) => {
    const req = http.request(url, { method, headers: { ...headers, "accept-encoding": "br, gzip" }, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("error", reject);
      res.on("end", () => {
        const raw = Buffer.concat(chunks);
        const encoding = res.headers["content-encoding"];
        // A 304 keeps the page's content-encoding but has no body to decode.
        let text: string;
        try {
          text = (raw.length === 0 ? raw : encoding === "br" ? brotliDecompressSync(raw) : encoding === "gzip" ? gunzipSync(raw) : raw).toString("utf8");
        } catch (e) {
          reject(new Error(`${method} ${url}: ${res.statusCode} ${encoding} answer that does not decode (${(e as Error).message})`));
          return;
        }
        const etag = res.headers.etag;
        resolve({ status: res.statusCode ?? 0, text, location: res.headers.location ?? null, etag, cookies: res.headers["set-cookie"] ?? [] });
      });
    });
    req.on("error", reject);
    req.end(body);
  });
}

/** One browser: its cookies, and the app instances it reaches (every request to the next in turn). */
class Browser {
  private cookies = new Map<string, string>();
  private static turn = 0;
  constructor(
    private readonly origins: string[],
    session?: string,
  ) {
    if (session) this.cookies.set("__session", session);
  }
  async request(kind: string, pathname: string, init: { method?: string; body?: URLSearchParams; etag?: string } = {}) {
    const origin = this.origins[Browser.turn++ % this.origins.length];
    const headers: Record<string, string> = { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "), accept: "text/html" };
    if (init.body) Object.assign(headers, { origin, "content-type": "application/x-www-form-urlencoded" });
    if (init.etag) headers["if-none-match"] = init.etag;
    const t = performance.now();
    const response = await send(origin + pathname, init.method ?? "GET", headers, init.body?.toString());
    const ms = performance.now() - t;
    samples.push({ kind, ms, at: Date.now() });
    for (const c of response.cookies) {
      const [pair] = c.split(";");
      const eq = pair.indexOf("=");
      this.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    return response;
  }
}

/** The BFF's session cookie for a member, sealed as the app seals it at sign-in (the token was issued by the seed). */
async function sessionOf(member: Member, groupId: number): Promise<string> {
  const user = {
    id: member.userId,
    email: `${member.username}@rush.local`,
    username: member.username,
    avatarPath: null,
    isAdmin: false,
    isManagerOfGroup: member.manager,
    managedGroupId: member.manager ? groupId : null,
  };
  const header = await createCookie("__session", { httpOnly: true, sameSite: "lax", path: "/" }).serialize(seal({ token: member.token, user }, SECRET));
  return header.split(";")[0].slice("__session=".length);
}

/** Signs a member in through the login form, as a browser: the session cookie it gets. */
async function signIn(origin: string, username: string): Promise<string> {
  const res = await fetch(`${origin}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin },
    body: new URLSearchParams({ identifier: username, password: RUSH_PASSWORD }),
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("__session="));
  if (res.status !== 302 || !cookie) throw new Error(`No se pudo iniciar sesión como ${username} (${res.status}).`);
  return cookie.split(";")[0].slice("__session=".length);
}

function formOf(quinielaId: number, ticket: { matches: Pick[]; pleno: { home: number; away: number } }) {
  const body = new URLSearchParams({ quinielaId: String(quinielaId) });
  ticket.matches.forEach((pick, i) => pick.forEach((sign) => body.append(`m${i + 1}`, sign)));
  body.set("plenoHome", String(ticket.pleno.home));
  body.set("plenoAway", String(ticket.pleno.away));
  return body;
}

type Ticket = ReturnType<typeof randomTicket>;
interface Player {
  member: Member;
  browser: Browser;
  /** The last ticket the app acknowledged (302 to the page), and every one it answered otherwise. */
  acked: Ticket | null;
  unacked: number;
}

async function save(player: Player, data: RushData, ticket: Ticket, kind: "guardar" | "tarde") {
  const pathname = `/grupo/${player.member.groupId}/predictions`;
  try {
    const res = await player.browser.request(kind, pathname, { method: "POST", body: formOf(data.quinielaId, ticket) });
    if (res.status === 302 && res.location?.includes(`${pathname}?quiniela=${data.quinielaId}`)) {
      player.acked = ticket;
      if (kind === "tarde") error(`${player.member.username}: guardado aceptado después del cierre`);
      // The browser follows the redirect: the page again, with the toast.
      const page = await player.browser.request("página tras guardar", res.location);
      if (page.status !== 200) error(`${player.member.username}: la página tras guardar respondió ${page.status}`);
      return;
    }
    player.unacked++;
    const refusedAsClosed = res.status === 403 && res.text.includes(ROUND_CLOSED_MESSAGE);
    if (kind === "tarde" && refusedAsClosed) return;
    error(
      `${player.member.username}: ${kind} respondió ${res.status} ${res.text
        .replace(/<(style|script|head)\b[\s\S]*?<\/\1>/g, " ")
        .replace(/<[^>]+>/g, " ")
        .replace(/\s+/g, " ")
        .slice(0, 160)}`,
    );
  } catch (e) {
    player.unacked++;
    error(`${player.member.username}: ${kind} falló: ${why(e)}`);
  }
}

async function openPage(player: Player) {
  try {
    const res = await player.browser.request("página de pronósticos", `/grupo/${player.member.groupId}/predictions`);
    if (res.status !== 200 || !res.text.includes('name="quinielaId"'))
      error(`${player.member.username}: la página de pronósticos respondió ${res.status} sin formulario`);
  } catch (e) {
    error(`${player.member.username}: la página de pronósticos falló: ${why(e)}`);
  }
}

async function main() {
  if (!existsSync("build/server.js")) throw new Error("Falta build/server.js: ejecuta npm run build antes de npm run bench:rush.");
  if (INSTANCES > 1 && !PG) throw new Error("Dos instancias comparten una base de datos PostgreSQL: añade --pg.");
  if (PG && postgresUnavailable()) throw new Error(`--pg necesita PostgreSQL: ${postgresUnavailable()}.`);
  const engine = PG ? `PostgreSQL, ${INSTANCES} ${INSTANCES === 1 ? "instancia" : "instancias"}` : "PGlite";
  out(`Prisa del cierre en ${engine}. Carga de la máquina al empezar: ${load()} con ${cpus().length} núcleos.`);
  const pg = PG ? await throwawayPostgres({ durable: true }) : null;
  const dataDirs = await Promise.all(Array.from({ length: INSTANCES }, () => mkdtemp(path.join(tmpdir(), "quiniela-rush-"))));
  const children: ChildProcess[] = [];
  const openDb = async (): Promise<Db> => (pg ? openPostgres(pg.url) : openPglite(path.join(dataDirs[0], "pglite")));
  let failed = false;
  try {
    // ---- Seed, then close the seeding handle (PGlite is one process's).
    const t0 = performance.now();
    const seedDb = await openDb();
    await migrate(seedDb, path.resolve("backend/db/migrations"));
    const closeAt = new Date(Date.now() + SETUP_MS + CLOSE_IN * 1000);
    const data = await seedRush(seedDb, closeAt, KIOSKS, SECRET);
    if (pg) await seedDb.exec("analyze");
    await seedDb.close();
    out(
      `Sembrado en ${((performance.now() - t0) / 1000).toFixed(1)} s: ${data.members.length} socios en 21 peñas, 10 jornadas jugadas, la jornada 11 cierra a las ${closeAt.toISOString()}.`,
    );

    // ---- The app, as npm start runs it.
    const origins: string[] = [];
    for (const dataDir of dataDirs) {
      const [port, backendPort] = [await freePort(), await freePort()];
      const env = { ...appEnv(port, dataDir), SESSION_SECRET: SECRET, LINK_SECRET: SECRET, API_URL: "", BACKEND_PORT: String(backendPort) };
      if (pg) Object.assign(env, { DATABASE_URL: pg.url });
      children.push(
        await startProcess(
          `La instancia ${origins.length + 1}`,
          [...APP_NODE_FLAGS, ...(process.env.RUSH_NODE_FLAGS ?? "").split(" ").filter(Boolean), "build/server.js"],
          env,
          `http://localhost:${port}/login`,
        ),
      );
      origins.push(`http://localhost:${port}`);
    }

    // ---- Who does what. Players: the big peña's first 600 and the small peñas' 400.
    const random = seededRandom(2026);
    const playing = [...data.members.slice(0, PLAYERS - (data.members.length - BIG_GROUP)), ...data.members.slice(BIG_GROUP)];
    // A few players sign in through the real form; the rest carry a cookie sealed as sign-in seals it.
    const players: Player[] = [];
    for (const [i, member] of playing.entries()) {
      const session = i < 20 ? await signIn(origins[i % origins.length], member.username) : await sessionOf(member, member.groupId);
      players.push({ member, browser: new Browser(origins, session), acked: null, unacked: 0 });
    }
    // Readers: the big peña's 400 who do not play take 150 seats, the small peñas 50 (their players, reading between saves).
    const readerMembers = [
      ...data.members.slice(PLAYERS - (data.members.length - BIG_GROUP), BIG_GROUP).slice(0, 150),
      ...data.members.slice(BIG_GROUP).filter((_, i) => i % 8 === 0),
    ];
    const readers = await Promise.all(
      readerMembers.slice(0, READERS).map(async (m) => ({ member: m, browser: new Browser(origins, await sessionOf(m, m.groupId)) })),
    );

    // Warm-up: a few pages on every instance before anything is timed.
    const warm = new Browser(origins, await sessionOf(data.members[1], data.bigGroupId));
    for (let i = 0; i < 10 * origins.length; i++) {
      await warm.request("calentar", `/grupo/${data.bigGroupId}/temporada/${data.seasonId}/clasificacion`);
      await warm.request("calentar", `/grupo/${data.bigGroupId}/predictions`);
    }
    if (process.argv.includes("--derby")) {
      // Scores are typed once the round takes no more picks (decision 061): the derby starts at its close.
      out(`El gol del derbi empieza al cierre de la jornada (${closeAt.toISOString()}).`);
      await sleepUntil(closeAt.getTime() + 1_000);
      samples.length = 0;
      await derbyGoal({ data, browser: (session) => new Browser(origins, session), sessionOf, samples, error, out, quantile });
      out(`Errores: ${errors.length}.`);
      for (const e of [...new Set(errors)].slice(0, 10)) out(`  ${e.slice(0, 240)}`);
      // Out through the catch (exit 1) on any error, after the finally has stopped the app.
      if (errors.length > 0) throw new Error(`${errors.length} errores en el gol del derbi.`);
      return;
    }
    if (process.argv.includes("--probe")) {
      // One view at a time, to see what each costs with nothing else running.
      const big = data.members[1];
      const small = data.members[BIG_GROUP + 1];
      for (const [who, m] of [
        ["peña de 1.000", big],
        ["peña de 20", small],
      ] as const) {
        const b = new Browser(origins, await sessionOf(m, m.groupId));
        for (const [name, pathname] of [
          ["pronósticos", `/grupo/${m.groupId}/predictions`],
          ["clasificación", `/grupo/${m.groupId}/temporada/${data.seasonId}/clasificacion`],
          ["resultados", `/grupo/${m.groupId}/resultados-y-apuestas`],
        ]) {
          const times: number[] = [];
          let size = 0;
          for (let i = 0; i < 8; i++) {
            const t = performance.now();
            size = (await b.request("sonda", pathname)).text.length;
            times.push(performance.now() - t);
          }
          out(`${who}, ${name}: mediana ${quantile(times, 0.5).toFixed(0)} ms, ${(size / 1024).toFixed(0)} KB`);
        }
        const times: number[] = [];
        for (let i = 0; i < 8; i++) {
          const t = performance.now();
          await save({ member: m, browser: b, acked: null, unacked: 0 }, data, randomTicket(random), "guardar");
          times.push(performance.now() - t);
        }
        out(`${who}, guardar y seguir la redirección: mediana ${quantile(times, 0.5).toFixed(0)} ms`);
      }
      return;
    }
    samples.length = 0;
    const start = Date.now();
    const lastSave = closeAt.getTime() - 5_000;
    if (lastSave - start < 20_000)
      throw new Error(`Solo quedan ${((closeAt.getTime() - start) / 1000).toFixed(0)} s hasta el cierre: la máquina va demasiado lenta.`);
    out(`La prisa empieza: ${((closeAt.getTime() - start) / 1000).toFixed(0)} s hasta el cierre; carga ${load()}.`);

    // ---- Players: open the page, fill it in, save; more of them near the close (density growing to the close).
    const window = lastSave - start;
    const playerRuns = players.map(async (p, i) => {
      const first = start + window * Math.sqrt(random()) * 0.92;
      const second = i % 2 === 0 ? first + (lastSave - first) * random() : null;
      const fill = 500 + random() * 2500;
      await sleepUntil(first - fill);
      await openPage(p);
      await sleepUntil(first);
      await save(p, data, randomTicket(random), "guardar");
      if (second !== null) {
        await sleepUntil(Math.max(second, Date.now() + 200));
        await save(p, data, randomTicket(random), "guardar");
      }
    });
    // After the close, 100 players who still had the page open post it again: each must be refused.
    const lateRuns = players.slice(0, LATE).map(async (p) => {
      await sleepUntil(closeAt.getTime() + 1_000 + random() * 4_000);
      await save(p, data, randomTicket(random), "tarde");
    });
    const until = closeAt.getTime() + 5_000;
    const readerRuns = readers.map(async (r, i) => {
      await sleepUntil(start + random() * THINK[1] * 1000);
      const pages = [`/grupo/${r.member.groupId}/temporada/${data.seasonId}/clasificacion`, `/grupo/${r.member.groupId}/resultados-y-apuestas`];
      for (let n = i; Date.now() < until; n++) {
        const kind = n % 2 === 0 ? "clasificación" : "resultados";
        try {
          const res = await r.browser.request(kind, pages[n % 2]);
          if (res.status !== 200) error(`${r.member.username}: ${kind} respondió ${res.status}`);
        } catch (e) {
          error(`${r.member.username}: ${kind} falló: ${why(e)}`);
        }
        await sleepUntil(Date.now() + (THINK[0] + random() * (THINK[1] - THINK[0])) * 1000);
      }
    });
    const kioskRuns = data.kioskPaths.map(async (kioskPath) => {
      const screen = new Browser(origins);
      let etag: string | undefined;
      await sleepUntil(start + random() * KIOSK_EVERY_MS);
      while (Date.now() < until) {
        try {
          const res = await screen.request("quiosco", kioskPath, { etag });
          if (res.status !== 200 && res.status !== 304) error(`quiosco: respondió ${res.status}`);
          etag = res.etag ?? etag;
        } catch (e) {
          error(`quiosco falló: ${why(e)}`);
        }
        await sleepUntil(Date.now() + KIOSK_EVERY_MS);
      }
    });
    await Promise.all([...playerRuns, ...lateRuns, ...readerRuns, ...kioskRuns]);
    const peakRss = children.map((c) => {
      const status = readFileSync(`/proc/${c.pid}/status`, "utf8");
      return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
    });
    const endLoad = load();

    // ---- The figures.
    const of = (kind: string) => samples.filter((s) => s.kind === kind);
    const saves = of("guardar");
    const ackedSaves = players.reduce((n, p) => n + (p.acked ? 1 : 0), 0);
    const span = (Math.max(...saves.map((s) => s.at)) - start) / 1000;
    const perSecond = new Map<number, number>();
    for (const s of saves) perSecond.set(Math.floor(s.at / 1000), (perSecond.get(Math.floor(s.at / 1000)) ?? 0) + 1);
    out();
    out(`| qué | n | p50 | p99 | máx |`);
    out(`| --- | --: | --: | --: | --: |`);
    for (const kind of ["guardar", "página tras guardar", "página de pronósticos", "clasificación", "resultados", "quiosco", "tarde"]) {
      const ms = of(kind).map((s) => s.ms);
      out(`| ${kind} | ${ms.length} | ${quantile(ms, 0.5).toFixed(0)} ms | ${quantile(ms, 0.99).toFixed(0)} ms | ${Math.max(...ms).toFixed(0)} ms |`);
    }
    out();
    out(
      `Guardados: ${saves.length} en ${span.toFixed(0)} s, ${(saves.length / span).toFixed(1)}/s de media, ${Math.max(...perSecond.values())}/s en el segundo de más; ${samples.length} peticiones en total.`,
    );
    out(`Memoria máxima (VmHWM) de ${children.length === 1 ? "la instancia" : "cada instancia"}: ${peakRss.map((m) => `${m.toFixed(0)} MB`).join(", ")}.`);
    out(`Carga de la máquina al acabar: ${endLoad}.`);

    // ---- What the database holds.
    await stopProcesses(children.splice(0));
    const db = await openDb();
    const rows = await db.query<{ group_id: number; user_id: number; matches: unknown; pleno_home: number; pleno_away: number; late: boolean; after: boolean }>(
      `select p.group_id, p.user_id, p.matches, p.pleno_home, p.pleno_away, p.updated_at >= gq.close_date as after, p.late
         from predictions p join group_quinielas gq on gq.group_id = p.group_id and gq.quiniela_id = p.quiniela_id where p.quiniela_id = $1`,
      [data.quinielaId],
    );
    await db.close();
    const stored = new Map(rows.map((r) => [`${r.group_id}:${r.user_id}`, r]));
    let lost = 0;
    let unackedStored = 0;
    for (const p of players) {
      const row = stored.get(`${p.member.groupId}:${p.member.userId}`);
      if (!p.acked) {
        if (row) unackedStored++;
        continue;
      }
      const same =
        row &&
        JSON.stringify((row.matches as unknown[]).map(normalizePick)) === JSON.stringify(p.acked.matches) &&
        row.pleno_home === p.acked.pleno.home &&
        row.pleno_away === p.acked.pleno.away;
      if (!same) {
        lost++;
        error(`${p.member.username}: lo guardado no es lo último que la app aceptó`);
      }
    }
    const afterClose = rows.filter((r) => r.after).length;
    const lateAccepted = errors.filter((e) => e.includes("después del cierre")).length;
    out(
      `Comprobación: ${ackedSaves} jugadores con su guardado aceptado, ${rows.length} pronósticos en la base; perdidos o distintos de lo aceptado: ${lost}; guardados sin confirmar: ${unackedStored}; guardados con fecha del cierre o después: ${afterClose}; aceptados después del cierre: ${lateAccepted}.`,
    );
    out(`Errores: ${errors.length}.`);
    // By kind: the player's name, ports and the page's text left out.
    const kinds = new Map<string, { n: number; example: string }>();
    for (const e of errors) {
      const kind = e
        .replace(/^jugador\d+: /, "")
        .replace(/(respondió \d+).*/, "$1")
        .replace(/\d{4,}/g, "…");
      kinds.set(kind, { n: (kinds.get(kind)?.n ?? 0) + 1, example: kinds.get(kind)?.example ?? e });
    }
    // Each kind with its first case in full, to see why.
    for (const [kind, { n, example }] of [...kinds].sort((a, b) => b[1].n - a[1].n)) out(`  ${n} × ${kind} (p. ej. ${example.slice(0, 240)})`);
    failed = errors.length > 0 || lost > 0 || afterClose > 0 || ackedSaves !== rows.length - unackedStored;
  } finally {
    await stopProcesses(children);
    await pg?.stop();
    for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
  }
  process.exit(failed ? 1 : 0);
}

main().catch((e: Error) => {
  process.stderr.write(`npm run bench:rush falló: ${e.stack ?? e.message}\n`);
  process.exit(1);
});
