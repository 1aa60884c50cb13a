// `npm run bench:rush -- --derby [--pg] [--instances 2]`: the derby goal.
//
// On the rush's seed (scripts/rush-seed.ts), while its round is in play: the big peña's 1,000
// members each keep its live page open (`/grupo/{id}/directo`, refreshed every 60 s as its
// Refresh header says, with If-None-Match), 20 office kiosks keep the live mode open (every 30 s),
// and the peña's manager types a new score of match 1 every 30 s through the 'Marcador
// provisional' form. Bounded: 100 s, loopback only. It prints p50/p99 of each, the 304 share,
// the errors, and checks that every reader whose refresh started after a score was saved saw it.
import type { RushData, Member } from "./rush-seed";

interface Response {
  status: number;
  text: string;
  etag?: string;
  location: string | null;
}
export interface DerbyBrowser {
  request(kind: string, pathname: string, init?: { method?: string; body?: URLSearchParams; etag?: string }): Promise<Response>;
}
export interface DerbyContext {
  data: RushData;
  browser: (session?: string) => DerbyBrowser;
  sessionOf: (member: Member, groupId: number) => Promise<string>;
  samples: { kind: string; ms: number; at: number }[];
  error: (what: string) => void;
  out: (line?: string) => void;
  quantile: (values: number[], q: number) => number;
}

const DURATION_MS = 100_000;
const READER_EVERY_MS = 60_000;
const KIOSK_EVERY_MS = 30_000;
const GOAL_EVERY_MS = 30_000;
/** A GET on a kept-alive connection the server has just closed is sent again once, as a browser does. */
async function get(b: DerbyBrowser, kind: string, path: string, etag: string | undefined): Promise<Response> {
  try {
    return await b.request(kind, path, { etag });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "ECONNRESET") throw e;
    return b.request(kind, path, { etag });
  }
}
const sleepUntil = (t: number) => new Promise((r) => setTimeout(r, Math.max(0, t - Date.now())));

/** Match 1's score as the live page prints it: "2-1". */
const scoreIn = (html: string) => /id="directo-1"[\s\S]*?class="live-score[^"]*">([0-9]+-[0-9]+)/.exec(html)?.[1] ?? null;

export async function derbyGoal(ctx: DerbyContext): Promise<void> {
  const { data, out } = ctx;
  const groupId = data.bigGroupId;
  const members = data.members.filter((m) => m.groupId === groupId);
  const manager = members.find((m) => m.manager)!;
  const typist = ctx.browser(await ctx.sessionOf(manager, groupId));
  const livePath = `/grupo/${groupId}/directo`;
  /** Each saved score and when the app acknowledged it. */
  const goals: { score: string; at: number }[] = [];
  /**
   * Each score typed, from when its form was sent: it is in the database before its 302 arrives
   * (the answer also waits for the new view), so a reader may see it first. Seeing it is not stale.
   */
  const typed: { score: string; sent: number }[] = [];
  let stale = 0;
  let checked = 0;
  let fresh = 0;
  let unchanged = 0;
  const start = Date.now();
  const until = start + DURATION_MS;
  out(
    `Gol en el derbi: ${members.length} lectores del directo, ${data.kioskPaths.length} pantallas, un marcador nuevo cada ${GOAL_EVERY_MS / 1000} s, ${DURATION_MS / 1000} s.`,
  );

  const typing = (async () => {
    for (let k = 1; start + k * GOAL_EVERY_MS < until; k++) {
      await sleepUntil(start + k * GOAL_EVERY_MS);
      const score = `${k}-0`;
      const body = new URLSearchParams({ quinielaId: String(data.quinielaId), position: "1", home: String(k), away: "0" });
      typed.push({ score, sent: Date.now() });
      try {
        const res = await typist.request("marcador", `${livePath}/marcadores?quiniela=${data.quinielaId}`, { method: "POST", body });
        if (res.status !== 302) ctx.error(`marcador: respondió ${res.status}`);
        else goals.push({ score, at: Date.now() });
      } catch (e) {
        ctx.error(`marcador falló: ${(e as Error).message}`);
      }
    }
  })();

  const readers = members.map(async (m) => {
    const b = ctx.browser(await ctx.sessionOf(m, groupId));
    let etag: string | undefined;
    let seen: string | null = null;
    await sleepUntil(start + Math.random() * READER_EVERY_MS);
    while (Date.now() < until) {
      const sent = Date.now();
      const due = [...goals].reverse().find((g) => g.at <= sent);
      try {
        const res = await get(b, "directo", livePath, etag);
        if (res.status === 304) unchanged++;
        if (res.status === 200) {
          fresh++;
          seen = scoreIn(res.text);
          etag = res.etag;
        } else if (res.status !== 304) ctx.error(`directo: respondió ${res.status}`);
        if (due) {
          checked++;
          // Stale: neither the last acknowledged score nor one typed after it (maybe not yet acknowledged).
          const dueSent = typed.find((t) => t.score === due.score)!.sent;
          if (seen !== due.score && !typed.some((t) => t.score === seen && t.sent > dueSent)) stale++;
        }
      } catch (e) {
        ctx.error(`directo falló: ${(e as Error).message}`);
      }
      await sleepUntil(sent + READER_EVERY_MS);
    }
  });

  const kiosks = data.kioskPaths.map(async (path) => {
    const b = ctx.browser();
    let etag: string | undefined;
    await sleepUntil(start + Math.random() * KIOSK_EVERY_MS);
    while (Date.now() < until) {
      const sent = Date.now();
      try {
        const res = await get(b, "quiosco en directo", `${path}?modo=directo`, etag);
        if (res.status !== 200 && res.status !== 304) ctx.error(`quiosco en directo: respondió ${res.status}`);
        etag = res.etag ?? etag;
      } catch (e) {
        ctx.error(`quiosco en directo falló: ${(e as Error).message}`);
      }
      await sleepUntil(sent + KIOSK_EVERY_MS);
    }
  });
  await Promise.all([typing, ...readers, ...kiosks]);

  out();
  out(`| qué | n | p50 | p99 | máx |`);
  out(`| --- | --: | --: | --: | --: |`);
  for (const kind of ["directo", "quiosco en directo", "marcador"]) {
    const ms = ctx.samples.filter((s) => s.kind === kind).map((s) => s.ms);
    out(`| ${kind} | ${ms.length} | ${ctx.quantile(ms, 0.5).toFixed(0)} ms | ${ctx.quantile(ms, 0.99).toFixed(0)} ms | ${Math.max(...ms).toFixed(0)} ms |`);
  }
  out();
  out(`Directo: ${fresh} páginas enteras y ${unchanged} respuestas 304 sin cuerpo.`);
  out(`Marcadores guardados: ${goals.length}. Refrescos después de un gol: ${checked}; con el marcador anterior: ${stale}.`);
  if (stale > 0) ctx.error(`${stale} refrescos no vieron el último marcador`);
}
