// `npm run weight`: the gzip weight of each page's HTML and CSS for a 200-member group over 40 rounds
// with results (HTML + CSS ≤ 30 KB gzip per page). The group is seeded through the real
// API on a throwaway in-memory database, then the built app (`npm run build` first) renders each page
// for a signed-in member. Prints a table; exits 1 when a page is over the limit.
// `npm run weight -- --keep[=DIR]` keeps the seeded database in DIR (node_modules/.cache/page-weight) and reuses
// it on the next run (seeding takes minutes: 400 password hashes and 8,000 predictions); `--html=DIR`
// also writes each page's HTML to DIR.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import sharp from "sharp";
import { SIGNS, type Pick, type Sign } from "#core/domain/signs";
import { buildBackend } from "../backend/app";
import { defaultBackendConfig } from "../backend/config";
import type { Deps } from "../backend/context";
import { openPglite } from "../backend/db/db";
import { migrate } from "../backend/db/migrate";
import { createMailer } from "../backend/mailer";
import { createUser } from "../backend/services/account/auth";
import { season2024, teamsOf } from "./football";
import { seededRandom } from "#core/seeded-random";

const MEMBERS = 200;
const ROUNDS = 40;
const LIMIT_BYTES = 30 * 1024;
const PASSWORD = "Peso#2025pass";
const DAY = 86_400_000;
const ORIGIN = "http://localhost:3000";
const FIRST = [
  "marta",
  "javier",
  "lucia",
  "pablo",
  "carmen",
  "sergio",
  "ana",
  "david",
  "elena",
  "raul",
  "nuria",
  "alberto",
  "rocio",
  "ivan",
  "paula",
  "manuel",
  "irene",
  "jorge",
  "sara",
  "oscar",
];
const LAST = [
  "garcia",
  "fernandez",
  "lopez",
  "martinez",
  "sanchez",
  "perez",
  "gomez",
  "martin",
  "jimenez",
  "ruiz",
  "hernandez",
  "diaz",
  "moreno",
  "alvarez",
  "munoz",
  "romero",
  "alonso",
  "gutierrez",
  "navarro",
  "torres",
];

interface Seeded {
  manager?: string;
  groupId: number;
  seasonId: number;
  kioskToken: string;
  username: string;
  /** Set once `present()` has run on this data. */
  openRound?: number;
}

/** Runs `task` over `items`, `width` at a time. */
async function pool<T>(items: T[], width: number, task: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await task(items[next++]);
    }),
  );
}

async function main() {
  const keepArg = process.argv.find((a) => a === "--keep" || a.startsWith("--keep="));
  const keep = keepArg !== undefined;
  const KEEP_DIR = path.resolve(keepArg?.slice("--keep=".length) || "node_modules/.cache/page-weight");
  const SEEDED = path.join(KEEP_DIR, "seeded.json");
  // `--html=DIR` also writes each page's HTML there, to look at what weighs.
  const saveDir = process.argv.find((a) => a.startsWith("--html="))?.slice("--html=".length) ?? null;
  if (saveDir) mkdirSync(saveDir, { recursive: true });
  const reuse = keep && existsSync(SEEDED);
  if (keep && !reuse) {
    rmSync(KEEP_DIR, { recursive: true, force: true });
    mkdirSync(KEEP_DIR, { recursive: true });
  }
  const db = await openPglite(keep ? path.join(KEEP_DIR, "db") : undefined);
  await migrate(db, path.resolve("backend/db/migrations"));
  let now: Date | null = null;
  const deps: Deps = {
    db,
    mailer: createMailer({ outboxDir: "" }),
    clock: () => now ?? new Date(),
    config: { ...defaultBackendConfig, loginRateLimit: 100_000, forgotRateLimit: 100_000, linkSecret: "page-weight-kiosk-secret", tokenDays: 3650 },
    fetch,
  };
  if (!reuse) await createUser(deps, { email: "admin@peso.local", username: "admin", password: PASSWORD, isAdmin: true });
  const app = await buildBackend(deps);
  const apiUrl = await app.listen({ host: "127.0.0.1", port: 0 });

  const call = async <T>(method: string, route: string, token: string | null, body?: unknown): Promise<T> => {
    const res = await fetch(apiUrl + route, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${text}`);
    return (text ? JSON.parse(text) : null) as T;
  };
  const login = async (username: string) => (await call<{ token: string }>("POST", "/auth/login", null, { username, password: PASSWORD })).token;

  /** The group, through the API: members register and join, each round is created, predicted by all and given its results. */
  async function seed(): Promise<Seeded> {
    const started = performance.now();
    const random = seededRandom(2025);
    const admin = await login("admin");
    const played = season2024().filter((j) => j.results);
    for (const name of teamsOf(played)) await call("POST", "/team/Create", admin, { name, logo: "", alias: [] });
    // Round r closes (40 - r) weeks before today, so every round is over and has its results.
    const today = Date.now();
    const closeOf = (r: number) => new Date(today - (ROUNDS - r) * 7 * DAY);
    now = new Date(closeOf(0).getTime() - 30 * DAY);
    const season = await call<{ id: number }>("POST", "/season/CreateSeason", admin, {
      name: "Temporada de peso",
      startDate: now.toISOString().slice(0, 10),
    });

    // Names like real ones (a name, a surname, some a number), half of them with a photo.
    const names = new Set<string>();
    while (names.size < MEMBERS) {
      const n = `${FIRST[Math.floor(random() * FIRST.length)]}.${LAST[Math.floor(random() * LAST.length)]}`;
      names.add(names.has(n) ? `${n}${Math.floor(random() * 90) + 10}` : n);
    }
    const members = [...names].map((username) => ({ username, token: "" }));
    await pool(members, 4, async (m) => {
      await call("POST", "/auth/register", null, { email: `${m.username}@peso.local`, username: m.username, password: PASSWORD });
      m.token = await login(m.username);
    });
    await pool(
      members.filter((_, i) => i % 2 === 0),
      4,
      async (m) => {
        const photo = await sharp({ create: { width: 96, height: 96, channels: 3, background: { r: Math.floor(random() * 256), g: 120, b: 90 } } })
          .jpeg()
          .toBuffer();
        const form = new FormData();
        form.append("avatar", new Blob([photo], { type: "image/jpeg" }), "foto.jpg");
        const res = await fetch(`${apiUrl}/auth/UpdateAvatar`, { method: "POST", headers: { authorization: `Bearer ${m.token}` }, body: form });
        if (!res.ok) throw new Error(`UpdateAvatar: ${res.status} ${await res.text()}`);
      },
    );
    console.log(`… ${MEMBERS} socios registrados`);
    const manager = members[0];
    const group = await call<{ id: number; inviteCode: string }>("POST", "/group/CreateGroup", manager.token, {
      name: "Peña grande",
      description: "200 socios, 40 jornadas",
    });
    await pool(members.slice(1), 8, async (m) => {
      await call("POST", `/group/JoinByInviteCode/${group.inviteCode}`, m.token);
    });

    for (let r = 0; r < ROUNDS; r++) {
      const j = played[r % played.length];
      const close = closeOf(r);
      const open = new Date(close.getTime() - 3 * DAY);
      now = new Date(open.getTime() - DAY);
      const quiniela = await call<{ id: number }>("POST", "/quiniela/CreateQuiniela", admin, {
        startDate: open.toISOString(),
        closingDate: close.toISOString(),
        matches: j.matches.map((m) => ({ home: m.home, away: m.away })),
        seasonId: season.id,
      });
      const typeQuinielaId = r % 4 === 3 ? 4 : 1;
      await call("POST", "/GroupQuiniela/ConfigureGroupQuiniela", manager.token, {
        groupId: group.id,
        quinielaId: quiniela.id,
        openDate: open.toISOString(),
        closeDate: close.toISOString(),
        typeQuinielaId,
      });
      now = new Date(open.getTime() + DAY);
      await pool(members, 8, async (m) => {
        const matches = j.results!.matches.map((s): Pick => [random() < 0.55 ? s : (SIGNS[Math.floor(random() * 3)] as Sign)]);
        if (typeQuinielaId === 4) {
          // Two doubles and a triple.
          matches[0] = [...SIGNS];
          for (const i of [1, 2]) matches[i] = SIGNS.filter((s) => s !== SIGNS[(SIGNS.indexOf(matches[i][0]) + 1) % 3]);
        }
        await call("POST", `/Quiniela/${quiniela.id}/MakePrediction`, m.token, {
          groupId: group.id,
          matches,
          plain15: { home: Math.floor(random() * 4), away: Math.floor(random() * 3) },
        });
      });
      // The manager makes and confirms the group bet once the round has closed, as every week.
      now = new Date(close.getTime() + 3_600_000);
      const bet = await call<{ id: number }>("POST", "/Bet/GenerateBet", manager.token, {
        groupId: group.id,
        quinielaId: quiniela.id,
        seasonId: season.id,
        topNUsers: 5,
      });
      await call("PUT", `/Bet/${bet.id}/ConfirmBet`, manager.token);
      now = new Date(close.getTime() + DAY);
      if (r % 10 === 9) console.log(`… ${r + 1} jornadas`);
      await call("POST", "/Quiniela/SetResults", admin, { quinielaId: quiniela.id, matches: j.results!.matches, plain15: j.results!.pleno });
    }
    now = null;
    const kiosk = await call<{ token: string }>("POST", `/group/${group.id}/kiosk`, manager.token);
    console.log(
      `Datos: ${MEMBERS} miembros, ${ROUNDS} jornadas con resultados, sembrados por la API en ${((performance.now() - started) / 1000).toFixed(1)} s.`,
    );
    return { groupId: group.id, seasonId: season.id, kioskToken: kiosk.token, username: members[1].username, manager: manager.username };
  }

  /**
   * Today's state on top of the played season: 'Iconos y premios de oficina' on (the heavier
   * standings, as in the IT office) and round 41 open now, predicted by the member who looks, so
   * the predictions page shows its form and the dashboard a round in play.
   */
  async function present(seeded: Seeded): Promise<Seeded> {
    const [admin, manager, member] = [await login("admin"), await login(seeded.manager ?? "socio1"), await login(seeded.username)];
    await call("PUT", `/group/${seeded.groupId}/settings`, manager, { officeIcons: true });
    const j = season2024().filter((x) => x.results)[ROUNDS % 37];
    const open = new Date(Date.now() - DAY);
    const close = new Date(Date.now() + 3 * DAY);
    const quiniela = await call<{ id: number }>("POST", "/quiniela/CreateQuiniela", admin, {
      startDate: open.toISOString(),
      closingDate: close.toISOString(),
      matches: j.matches.map((m) => ({ home: m.home, away: m.away })),
      seasonId: seeded.seasonId,
    });
    await call("POST", "/GroupQuiniela/ConfigureGroupQuiniela", manager, {
      groupId: seeded.groupId,
      quinielaId: quiniela.id,
      openDate: open.toISOString(),
      closeDate: close.toISOString(),
      typeQuinielaId: 4,
    });
    const matches = j.results!.matches.map((s): Pick => [s]);
    matches[0] = [...SIGNS];
    matches[1] = ["1", "X"];
    matches[2] = ["X", "2"];
    await call("POST", `/Quiniela/${quiniela.id}/MakePrediction`, member, { groupId: seeded.groupId, matches, plain15: { home: 1, away: 1 } });
    return { ...seeded, openRound: quiniela.id };
  }

  try {
    let seeded: Seeded = reuse ? (JSON.parse(readFileSync(SEEDED, "utf8")) as Seeded) : await seed();
    if (!seeded.openRound) seeded = await present(seeded);
    if (keep) writeFileSync(SEEDED, JSON.stringify(seeded));
    if (reuse) console.log(`Datos: los de la última ejecución con --keep (${KEEP_DIR}).`);
    const group = { id: seeded.groupId };
    const season = { id: seeded.seasonId };

    process.env.API_URL = apiUrl;
    process.env.SESSION_SECRET ||= "page-weight-session-secret-long-enough";
    process.env.PUBLIC_URL ||= ORIGIN;
    const build = (await import(pathToFileURL(path.resolve("build/index.js")).href)) as ServerBuild;
    const handler = createRequestHandler(build, "production");
    const signIn = async (identifier: string) => {
      const res = await handler(
        new Request(`${ORIGIN}/login`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN, "x-forwarded-host": new URL(ORIGIN).host },
          body: new URLSearchParams({ identifier, password: PASSWORD }),
        }),
      );
      const cookie = res.headers.get("set-cookie")?.split(";")[0] ?? "";
      if (!cookie) throw new Error(`No se pudo entrar en la app como ${identifier} (${res.status}).`);
      return cookie;
    };
    const [member, manager] = [await signIn(seeded.username), await signIn(seeded.manager ?? "socio1")];
    // The last round played: the manager's pages about one round show it.
    const played = (await call<{ quinielaId: number; state: string }[]>("GET", `/GroupQuiniela/ByGroup/${group.id}`, await login(seeded.manager ?? "socio1")))
      .filter((r) => r.state === "closed")
      .at(-1)!.quinielaId;

    // A member's pages first, then a manager's, whose lists hold every member.
    const pages: [string, string, string][] = [
      ["Clasificación", `/grupo/${group.id}/temporada/${season.id}/clasificacion`, member],
      ["Pantalla (kiosk)", `/kiosk/${seeded.kioskToken}`, ""],
      ["Pronósticos", `/grupo/${group.id}/predictions`, member],
      ["Panel del grupo", `/grupo/${group.id}/dashboard`, member],
      ["Resultados y apuestas", `/grupo/${group.id}/resultados-y-apuestas`, member],
      ["Evolución", `/grupo/${group.id}/season/${season.id}/bet-evolucion`, member],
      ["Clasif. de una jornada", `/grupo/${group.id}/temporada/${season.id}/clasificacion?jornada=${played}`, member],
      ["Grupo (miembros)", `/grupo/${group.id}`, manager],
      ["Ajustes (gestor)", `/grupo/${group.id}/ajustes?quiniela=${seeded.openRound}`, manager],
      ["Fechas y bloqueos", `/grupo/${group.id}/gestionar-quinielas?quiniela=${seeded.openRound}`, manager],
      ["Quiniela grupal", `/grupo/${group.id}/quiniela-grupal?quiniela=${played}`, manager],
      ["Roles (gestor)", `/admin/roles?grupo=${group.id}`, manager],
    ];
    const gz = (data: string | Buffer) => gzipSync(data).length;
    const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`.padStart(9);
    // "Sin scripts": the same HTML without its <script> elements and modulepreload links, as a page
    // that ships no script  sends it.
    const bare = (html: string) => html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "").replace(/<link rel="modulepreload"[^>]*>/g, "");
    console.log(
      `${"Página".padEnd(24)} ${"HTML".padStart(9)} ${"HTML gz".padStart(9)} ${"CSS gz".padStart(9)} ${"Total gz".padStart(9)} ${"Sin scripts".padStart(11)}  scripts`,
    );
    let over = 0;
    for (const [label, url, cookie] of pages) {
      const res = await handler(new Request(ORIGIN + url, { headers: cookie ? { cookie } : {} }));
      const html = await res.text();
      if (res.status !== 200) throw new Error(`${label} respondió ${res.status}.`);
      if (saveDir) writeFileSync(path.join(saveDir, `${label.replace(/\W+/g, "-").toLowerCase()}.html`), html);
      const css = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => readFileSync(path.join("public", m[1])));
      const cssGz = css.reduce((sum, file) => sum + gz(file), 0);
      const total = gz(html) + cssGz;
      const scripts = (html.match(/<script/g) ?? []).length + (html.match(/rel="modulepreload"/g) ?? []).length;
      if (total > LIMIT_BYTES) over++;
      const withoutScripts = gz(bare(html)) + cssGz;
      console.log(
        `${label.padEnd(24)} ${kb(Buffer.byteLength(html))} ${kb(gz(html))} ${kb(cssGz)} ${kb(total)} ${kb(withoutScripts).padStart(11)}  ${String(scripts).padStart(7)}${total > LIMIT_BYTES ? "  > 30 KB" : ""}`,
      );
    }
    console.log(over ? `PESADO: ${over} página(s) por encima de 30 KB gzip (HTML + CSS).` : "OK: cada página pesa 30 KB gzip o menos (HTML + CSS).");
    if (over) process.exitCode = 1;
  } finally {
    await app.close();
    await db.close();
  }
}

await main();
