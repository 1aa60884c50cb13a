// `node scripts/run-ts.mjs scripts/page-heights.ts [--url http://localhost:3000] [--max 3000]`: the height
// of every screen at 390 px wide with JavaScript off, on the demo (decision 069: no page taller than
// 3,000 px, its lists on their first page, its folds closed).
//
// Load the demo and start the app first, e.g.
//   DATA_DIR=/tmp/demo npm run demo && DATA_DIR=/tmp/demo PORT=3000 npm start
// The script signs in as the demo's admin (`admin-demo`), its manager (`marta`) and a player
// (`alberto`), finds the ids it needs (the group «Oficina TI», the season, a pool, a prize movement)
// from the pages' own links, then loads each screen in Chromium (/usr/bin/chromium or CHROMIUM_PATH)
// and records document.documentElement.scrollHeight and any sideways scroll (scrollWidth > 390).
// Prints a table, tallest first; exits 1 when a page is over the limit or scrolls sideways.
// With --axe it also runs axe on each screen at 390 px (axe needs scripts, so in a second, signed-in
// context with JavaScript on) and exits 1 on any serious or critical finding.
import AxeBuilder from "@axe-core/playwright";
import { chromium, type Browser, type Page } from "@playwright/test";

const arg = (name: string, fallback: string) => {
  const hit = process.argv.find((a) => a.startsWith(`--${name}=`));
  if (hit) return hit.slice(name.length + 3);
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 && process.argv[at + 1] ? process.argv[at + 1] : fallback;
};
const BASE = arg("url", "http://localhost:3000").replace(/\/$/, "");
const MAX = Number(arg("max", "3000"));
const AXE = process.argv.includes("--axe");
const WIDTH = 390;
const PASSWORD = "Demo#2025";
const GROUP = "Oficina TI";

type Role = "admin" | "manager" | "player";
const USERS: Record<Role, string> = { admin: "admin-demo", manager: "marta", player: "alberto" };

interface Ids {
  group: number;
  season: number;
  pool: number;
  /** A jornada with a confirmed group bet: the one the bet's print view lands on (the latest). */
  betPool: number | null;
  movement: number | null;
}

/** Each screen with who looks at it; `{group}` and the others are filled in from the demo's links. */
const SCREENS: { path: string; as: Role[] }[] = [
  { path: "/inicio", as: ["admin", "manager", "player"] },
  { path: "/quinielas", as: ["admin", "player"] },
  { path: "/grupos", as: ["manager", "player"] },
  { path: "/perfil", as: ["player"] },
  { path: "/informacion", as: ["player"] },
  { path: "/unirse", as: ["player"] },
  { path: "/crear-grupo", as: ["manager"] },
  { path: "/crear-temporada", as: ["admin"] },
  { path: "/crear-quiniela", as: ["admin"] },
  { path: "/call-quiniela", as: ["admin"] },
  { path: "/admin/resultados", as: ["admin"] },
  { path: "/admin/auditoria", as: ["admin"] },
  { path: "/admin/roles", as: ["admin"] },
  { path: "/admin/crear-usuario", as: ["admin"] },
  { path: "/establecer-resultados/{pool}", as: ["admin"] },
  { path: "/grupo/{group}/dashboard", as: ["manager", "player"] },
  { path: "/grupo/{group}/predictions", as: ["manager", "player"] },
  { path: "/grupo/{group}/quiniela-grupal", as: ["manager", "player"] },
  { path: "/grupo/{group}/quiniela-grupal?quiniela={pool}", as: ["manager"] },
  { path: "/grupo/{group}/quiniela-grupal?quiniela={betPool}", as: ["manager", "player"] },
  { path: "/grupo/{group}/quiniela-grupal/imprimir", as: ["manager"] },
  { path: "/grupo/{group}/resultados-y-apuestas", as: ["manager", "player"] },
  { path: "/grupo/{group}/season/{season}/bet-evolucion", as: ["manager", "player"] },
  { path: "/grupo/{group}/temporada/{season}/clasificacion", as: ["manager", "player"] },
  { path: "/grupo/{group}/caja", as: ["manager", "player"] },
  { path: "/grupo/{group}/caja/liquidacion", as: ["manager"] },
  { path: "/grupo/{group}/caja/premio/{movement}", as: ["manager"] },
  { path: "/grupo/{group}/ajustes", as: ["manager"] },
  { path: "/grupo/{group}/gestionar-quinielas", as: ["manager"] },
  { path: "/grupo/{group}/importar", as: ["manager"] },
  { path: "/grupo/{group}/importar/jornadas", as: ["manager"] },
  { path: "/grupo/{group}/sin-cuenta", as: ["manager"] },
  { path: "/grupo/{group}/directo", as: ["player"] },
  { path: "/grupo/{group}/directo/marcadores", as: ["player"] },
];

async function signedIn(browser: Browser, role: Role, javaScriptEnabled = false): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: WIDTH, height: 844 }, javaScriptEnabled, locale: "es-ES" });
  const page = await context.newPage();
  await page.goto(`${BASE}/login`);
  await page.getByLabel("Usuario o email").fill(USERS[role]);
  await page.getByLabel("Contraseña", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Entrar" }).click();
  await page.waitForLoadState("load");
  if (page.url().includes("/login")) throw new Error(`No se pudo entrar como ${USERS[role]}: ¿está cargada la demo?`);
  return page;
}

/** The first number a link matching `pattern` carries on `path`. */
async function idFrom(page: Page, path: string, pattern: RegExp): Promise<number | null> {
  await page.goto(`${BASE}${path}`);
  const hrefs = await page.locator("a[href]").evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  for (const href of hrefs) {
    const m = pattern.exec(href);
    if (m) return Number(m[1]);
  }
  return null;
}

async function findIds(admin: Page, manager: Page): Promise<Ids> {
  await manager.goto(`${BASE}/grupos`);
  const groupHref = await manager.getByRole("link", { name: GROUP }).first().getAttribute("href");
  const group = Number(/\/grupo\/(\d+)/.exec(groupHref ?? "")?.[1]);
  if (!group) throw new Error(`No encuentro el grupo «${GROUP}» en /grupos`);
  const season = await idFrom(manager, `/grupo/${group}/dashboard`, /\/(?:temporada|season)\/(\d+)\//);
  const pool = await idFrom(admin, "/quinielas", /\/establecer-resultados\/(\d+)/);
  const movement = await idFrom(manager, `/grupo/${group}/caja`, /\/caja\/premio\/(\d+)/);
  await manager.goto(`${BASE}/grupo/${group}/quiniela-grupal/imprimir`);
  const betPool = Number(new URL(manager.url()).searchParams.get("quiniela")) || null;
  if (!season || !pool) throw new Error("No encuentro la temporada o una quiniela de la demo");
  return { group, season, pool, betPool, movement };
}

const fill = (path: string, ids: Ids) =>
  path
    .replace("{group}", String(ids.group))
    .replace("{season}", String(ids.season))
    .replace("{pool}", String(ids.pool))
    .replace("{betPool}", String(ids.betPool))
    .replace("{movement}", String(ids.movement));

async function main() {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox"] });
  try {
    const pages = {
      admin: await signedIn(browser, "admin"),
      manager: await signedIn(browser, "manager"),
      player: await signedIn(browser, "player"),
    };
    const ids = await findIds(pages.admin, pages.manager);
    const scripted = AXE
      ? { admin: await signedIn(browser, "admin", true), manager: await signedIn(browser, "manager", true), player: await signedIn(browser, "player", true) }
      : null;
    const findings: string[] = [];
    const rows: { path: string; as: Role; status: number; height: number; wide: number; landed: string }[] = [];
    for (const screen of SCREENS) {
      if (screen.path.includes("{movement}") && ids.movement === null) continue;
      const path = fill(screen.path, ids);
      for (const role of screen.as) {
        const page = pages[role];
        const response = await page.goto(`${BASE}${path}`);
        const [height, wide] = await page.evaluate(() => [document.documentElement.scrollHeight, document.documentElement.scrollWidth]);
        const landed = page.url().replace(BASE, "");
        rows.push({ path, as: role, status: response?.status() ?? 0, height, wide, landed: landed === path ? "" : landed });
        if (scripted) {
          await scripted[role].goto(`${BASE}${path}`);
          const { violations } = await new AxeBuilder({ page: scripted[role] }).analyze();
          for (const v of violations.filter((v) => v.impact === "serious" || v.impact === "critical"))
            findings.push(`${role}\t${path}\t${v.impact}\t${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
        }
      }
    }
    rows.sort((a, b) => b.height - a.height);
    const bad = rows.filter((r) => r.height > MAX || r.wide > WIDTH);
    console.log(`Alto de cada pantalla a ${WIDTH} px sin JavaScript (límite ${MAX} px), en ${BASE}`);
    console.log(["alto", "ancho", "estado", "como", "ruta"].join("\t"));
    for (const r of rows) {
      const mark = r.height > MAX || r.wide > WIDTH ? "  ← pasa del límite" : "";
      console.log(`${r.height}\t${r.wide}\t${r.status}\t${r.as}\t${r.path}${r.landed ? ` → ${r.landed}` : ""}${mark}`);
    }
    console.log(bad.length ? `${bad.length} pantalla(s) pasan del límite.` : "Todas dentro del límite.");
    if (scripted) {
      console.log(
        findings.length ? `axe: ${findings.length} hallazgo(s) graves o críticos:\n${findings.join("\n")}` : "axe: ningún hallazgo grave ni crítico.",
      );
    }
    process.exitCode = bad.length || findings.length ? 1 : 0;
  } finally {
    await browser.close();
  }
}

await main();
