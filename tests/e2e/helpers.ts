import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, type Response, type TestInfo } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { mkdir, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { unseal } from "../../app/server/shelf/seal.server";
import type { SunkMail } from "../support/mail-sink.mjs";
import { E2E } from "../support/e2e-env.mjs";

export { E2E };
export const PASSWORD = "Secreta#2026";

/** Unique per test and project, so the two runs of a journey never share data. */
export const unique = (prefix: string) => `${prefix}${randomBytes(4).toString("hex")}`;

/** A call to the backend's API; `api` is another app's (E2E.week.apiUrl) when said. */
export async function apiCall<T = any>(method: string, path: string, body?: unknown, token?: string, api = E2E.apiUrl): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(api + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

export async function apiLogin(username: string, password = PASSWORD, api = E2E.apiUrl): Promise<string> {
  const res = await apiCall<{ token: string }>("POST", "/auth/login", { username, password }, undefined, api);
  if (res.status !== 200) throw new Error(`login ${username}: ${res.status}`);
  return res.body.token;
}

export const adminToken = (api = E2E.apiUrl) => apiLogin(E2E.admin.username, E2E.admin.password, api);

/**
 * A registered player, made through the real API, who has proved its address as a person does
 * (decision 078): with the link the sign-up mailed there (it goes out just after the answer).
 */
export async function newPlayer(prefix = "jugador", api = E2E.apiUrl, mailHttpPort = api === E2E.apiUrl ? E2E.mailHttpPort : E2E.week.mailHttpPort) {
  const username = unique(prefix);
  const email = `${username}@e2e.local`;
  const res = await apiCall("POST", "/auth/register", { email, username, password: PASSWORD }, undefined, api);
  if (res.status !== 201) throw new Error(`register ${username}: ${res.status}`);
  let proof: string | undefined;
  for (let k = 0; k < 100 && !proof; k++) {
    proof = /\/confirmar-correo\?token=([0-9a-f.]+)/.exec((await mailsTo(email, mailHttpPort)).at(-1)?.text ?? "")?.[1];
    if (!proof) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!proof || (await apiCall("POST", "/auth/confirm-email", { token: proof }, undefined, api)).status !== 200)
    throw new Error(`confirm ${username}: no proof link`);
  const token = await apiLogin(username, PASSWORD, api);
  const me = await apiCall<{ id: number }>("GET", "/auth/me", undefined, token, api);
  return { username, email, password: PASSWORD, token, id: me.body.id };
}

export type Player = Awaited<ReturnType<typeof newPlayer>>;

/** A group made by `manager` through the API (named `prefix` and a random tail), with `members` joined by its invite code. */
export async function newGroup(manager: { token: string }, members: { token: string }[] = [], prefix = "Peña ", api = E2E.apiUrl) {
  const group = await apiCall<{ id: number; inviteCode: string; name: string }>(
    "POST",
    "/group/CreateGroup",
    { name: unique(prefix), description: "" },
    manager.token,
    api,
  );
  expect(group.status).toBe(201);
  for (const p of members) expect((await apiCall("POST", `/group/JoinByInviteCode/${group.body.inviteCode}`, undefined, p.token, api)).status).toBe(200);
  return group.body;
}

/** Signs in through the form of `from` (the sign-in page, with a query of its own if said) and waits to leave it. */
export async function signIn(page: Page, identifier: string, password = PASSWORD, from = "/login") {
  await page.goto(from);
  await page.getByLabel("Usuario o email").fill(identifier);
  await page.getByLabel("Contraseña", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** Signs out through the header and waits for the sign-in page, so the next navigation cannot cut it short. */
export async function signOut(page: Page) {
  await page.getByRole("button", { name: "Cerrar sesión" }).click();
  await expect(page).toHaveURL(/\/login$/);
}

export async function mailsTo(address: string, mailHttpPort = E2E.mailHttpPort): Promise<SunkMail[]> {
  const res = await fetch(`http://127.0.0.1:${mailHttpPort}/?to=${encodeURIComponent(address)}`);
  return (await res.json()) as SunkMail[];
}

/** The bearer token sealed in the session cookie, opened with the e2e server's secret, to check it from outside. */
export async function sessionToken(page: Page): Promise<string | null> {
  const cookie = (await page.context().cookies()).find((c) => c.name === "__session");
  if (!cookie) return null;
  try {
    const sealed = JSON.parse(Buffer.from(decodeURIComponent(cookie.value), "base64").toString("utf8")) as string;
    const token = unseal(sealed, E2E.sessionSecret).token;
    return typeof token === "string" ? token : null;
  } catch {
    return null;
  }
}

/**
 * axe: no serious or critical accessibility issue on the page as shown. axe is a script, so it runs
 * in the `js` project; the no-js project gets the same server-rendered HTML.
 */
export async function expectAccessible(page: Page, testInfo: TestInfo) {
  if (!jsEnabled(testInfo)) return;
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  if (bad.length) await testInfo.attach("axe", { body: JSON.stringify(bad, null, 2), contentType: "application/json" });
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

export const jsEnabled = (testInfo: TestInfo) => testInfo.project.name === "js";

const DAY = 86_400_000;

/**
 * A season of the test's own with two teams of its own, made through the admin API, so journeys
 * never share them; `pool()` adds a pool of 15 matches between those teams (open from yesterday).
 */
export async function newSeason() {
  const admin = await adminToken();
  const season = await apiCall<{ id: number; name: string }>("POST", "/season/CreateSeason", { name: unique("Temporada "), startDate: "2001-08-01" }, admin);
  expect(season.status).toBe(201);
  const [home, away] = [unique("Local"), unique("Visitante")];
  for (const name of [home, away]) expect((await apiCall("POST", "/team/Create", { name, logo: "", alias: [] }, admin)).status).toBe(201);
  const pool = async () => {
    const res = await apiCall<{ id: number; numberQuiniela: number }>(
      "POST",
      "/quiniela/CreateQuiniela",
      {
        startDate: new Date(Date.now() - DAY).toISOString(),
        closingDate: new Date(Date.now() + 4 * DAY).toISOString(),
        matches: Array.from({ length: 15 }, () => ({ home, away })),
        seasonId: season.body.id,
      },
      admin,
    );
    expect(res.status).toBe(201);
    return res.body;
  };
  return { admin, seasonId: season.body.id, seasonName: season.body.name, home, away, pool };
}

export const HOUR = 3_600_000;

/**
 * The manager opens `poolId` for the group through the API: open since an hour ago (or from
 * `opensInHours`), closing in `closesInHours` (10 unless said), of type 1 unless said. Returns the
 * dates sent (to close it with later) and the answer.
 */
export async function openRound(
  manager: { token: string },
  round: { groupId: number; poolId: number; closesInHours?: number; opensInHours?: number; type?: number },
) {
  const dates = {
    groupId: round.groupId,
    quinielaId: round.poolId,
    openDate: new Date(Date.now() + (round.opensInHours ?? -1) * HOUR).toISOString(),
    closeDate: new Date(Date.now() + (round.closesInHours ?? 10) * HOUR).toISOString(),
  };
  const configured = await apiCall<{ id: number; version: number }>(
    "POST",
    "/GroupQuiniela/ConfigureGroupQuiniela",
    { ...dates, forceClosed: false, typeQuinielaId: round.type ?? 1 },
    manager.token,
  );
  expect(configured.status).toBeLessThan(300);
  return { dates, configured };
}

/** A ticket as MakePrediction takes it: each match's signs and the pleno's score. */
export interface Ticket {
  matches: string[][];
  plain15: { home: number; away: number };
}

/**
 * One round of a group played through the API: the manager opens `poolId` for the group (open since
 * an hour ago, closing in `closesInHours`), each player sends their ticket, the manager closes the
 * round and the admin sets its official signs (and the pleno, 2-1 unless said).
 */
export async function playRound(round: {
  admin: string;
  manager: { token: string };
  groupId: number;
  poolId: number;
  tickets: (readonly [{ token: string }, Ticket])[];
  official: string[];
  pleno?: { home: number; away: number };
  closesInHours?: number;
}) {
  const { dates } = await openRound(round.manager, round);
  const { token } = round.manager;
  for (const [player, ticket] of round.tickets) {
    expect((await apiCall("POST", `/Quiniela/${round.poolId}/MakePrediction`, { groupId: round.groupId, ...ticket }, player.token)).status).toBe(201);
  }
  expect((await apiCall("POST", "/GroupQuiniela/UpdateStatus", { ...dates, forceClosed: true }, token)).status).toBeLessThan(300);
  const results = { quinielaId: round.poolId, matches: round.official, plain15: round.pleno ?? { home: 2, away: 1 } };
  expect((await apiCall("POST", "/Quiniela/SetResults", results, round.admin)).status).toBeLessThan(300);
}

/** The official signs of the rounds `playedRounds` plays: "1" everywhere (and the pleno 2-1). */
export const ALL_ONES = Array.from({ length: 14 }, () => "1");

/** A ticket against ALL_ONES: the first `hits` matches right (the rest "2"), and the exact pleno or not. */
export const ticketWithHits = (hits: number, pleno: boolean): Ticket => ({
  matches: ALL_ONES.map((s, i) => (i < hits ? [s] : ["2"])),
  plain15: pleno ? { home: 2, away: 1 } : { home: 0, away: 0 },
});

/**
 * A group of a manager, Ana and Bea (named `prefix` and a random tail) who played one round of a
 * season of the test's own per entry of `plays` (the manager's, Ana's and Bea's tickets), each
 * closed by the manager with official results ALL_ONES: every ticket sent while its round was open.
 */
export async function playedRounds(plays: [Ticket, Ticket, Ticket][], prefix = "Peña ") {
  const season = await newSeason();
  const manager = await newPlayer("gestor");
  const [ana, bea] = [await newPlayer("ana"), await newPlayer("bea")];
  const group = await newGroup(manager, [ana, bea], prefix);
  const rounds: { id: number; numberQuiniela: number }[] = [];
  for (const [r, [mine, anas, beas]] of plays.entries()) {
    const pool = await season.pool();
    rounds.push(pool);
    const tickets = [[manager, mine] as const, [ana, anas] as const, [bea, beas] as const];
    await playRound({ admin: season.admin, manager, groupId: group.id, poolId: pool.id, tickets, official: ALL_ONES, closesInHours: 10 + r });
  }
  return { ...season, groupId: group.id, groupName: group.name, manager, ana, bea, rounds };
}

/**
 * The lottery's automatic search walks from the last stored draw, which is global: whatever posts to
 * the lottery screen (its journeys, the form fuzz) takes its turn across workers with a lock directory.
 */
const lotteryLock = (port: number) => path.join(tmpdir(), `quiniela-e2e-lottery-${port}.lock`);
export async function takeTurnOn(port: number, longestTurnMs: number) {
  const lock = lotteryLock(port);
  for (let waited = 0; ; waited += 200) {
    try {
      await mkdir(lock);
      return;
    } catch {
      // A lock left by a run that was killed is older than any turn.
      const age = Date.now() - (await stat(lock).catch(() => ({ mtimeMs: Date.now() }))).mtimeMs;
      if (age > longestTurnMs || waited > longestTurnMs) await rm(lock, { recursive: true, force: true });
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}
export const endTurnOn = (port: number) => rm(lotteryLock(port), { recursive: true, force: true });
export const takeLotteryTurn = () => takeTurnOn(E2E.port, 120_000);
export const endLotteryTurn = () => endTurnOn(E2E.port);

/**
 * A group of a manager and one player ("ana") whose round of a new season is open with the player's
 * ticket of single 1s and the given pleno, and its group bet generated: where the journeys on a
 * bet (its ticket, its chances, its prizes) start from.
 */
export async function roundWithBet(plain15 = { home: 3, away: 1 }) {
  const { pool, admin } = await newSeason();
  const round = await pool();
  const manager = await newPlayer("gestor");
  const player = await newPlayer("ana");
  const group = await newGroup(manager, [player]);
  await openRound(manager, { groupId: group.id, poolId: round.id });
  const singles = { matches: Array.from({ length: 14 }, () => ["1"]), plain15 };
  expect((await apiCall("POST", `/Quiniela/${round.id}/MakePrediction`, { groupId: group.id, ...singles }, player.token)).status).toBe(201);
  const bet = await apiCall<{ id: number; version: number }>("POST", "/Bet/GenerateBet", { groupId: group.id, quinielaId: round.id }, manager.token);
  expect(bet.status).toBe(201);
  return { admin, manager, player, groupId: group.id, round, bet: bet.body };
}

/**
 * A document's answer as the browser saw it on the wire: what it asked with, and the status it got.
 * Chromium reports a revalidated copy with the status it keeps (200); on the wire it was a 304: no
 * body came (every 200 of the pages kept by version has one).
 */
export async function documentLoad(page: Page, load: () => Promise<Response | null>) {
  const answered = page.waitForResponse((r) => r.request().isNavigationRequest() && r.request().resourceType() === "document");
  await load();
  const response = await answered;
  const headers = await response.allHeaders();
  const { responseBodySize } = await response.request().sizes();
  const status = response.status() === 200 && responseBodySize === 0 ? 304 : response.status();
  return { sent: await response.request().allHeaders(), status, headers };
}
