// `npm run scale -- --goal --groups 10000 --members 10 --rounds 4`: a goal across every peña (decision 071).
//
// On the scale's seed (scripts/scale.ts, bulk SQL), the last pool becomes the jornada in play: closed an
// hour ago, no official results, every group's tickets in it and a group bet per group (bulk SQL too). The
// backend runs as `npm start` runs its jobs: the refresh of the live views (backend/services/live/refresh-job.ts)
// on its timer. Then:
// - the round's close: the job computes every group's shared live view before any score (timed; decision 076);
// - READERS connections keep reading `GET /Group/{id}/Live` of random groups, as members' phones would;
// - an admin types a score (every group sees it) GOALS times, GOAL_EVERY_MS apart; after each, the time until
//   no group's view is stale (the job says so, its own statement checks it), and every read sent after the score's
//   answer must show it (stale reads are counted; the run fails on any, or on any error).
// It prints readers' p50/p99 before and during the refresh, the time to current and the job's log lines.
import { loadavg } from "node:os";
import type { Deps } from "../backend/context";
import type { Db } from "../backend/db/db";
import { liveViewsCurrent, startLiveRefresh } from "../backend/services/live/refresh-job";
import { staleLiveViews } from "../backend/services/live/view";
import { issueToken } from "../backend/services/account/auth";

const READERS = 20;
const GOALS = 3;
const GOAL_EVERY_MS = 40_000;
const out = (line = "") => process.stdout.write(`${line}\n`);
/** The box's load average (1, 5, 15 min): the machine is shared, so every figure goes out with it. */
const uptime = () =>
  `carga ${loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`;
const quantile = (values: number[], q: number) => {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};
const ms = (n: number) => (n >= 1000 ? `${(n / 1000).toFixed(2)} s` : `${n.toFixed(0)} ms`);

/** The last pool of the season turned into the jornada in play, with a bet per group. */
export async function seedGoal(db: Db, seasonId: number): Promise<number> {
  const pool = (await db.one<{ id: number }>("select id from quinielas where season_id = $1 order by number desc limit 1", [seasonId]))!.id;
  const closed = new Date(Date.now() - 60 * 60 * 1000);
  await db.tx(async (tx) => {
    // The standings' triggers (migration 010) would mark every group's set: nothing here changes a standing that is read.
    await tx.exec("set local session_replication_role = replica");
    await tx.query("delete from quiniela_results where quiniela_id = $1", [pool]);
    await tx.query("update quinielas set closing_date = $2 where id = $1", [pool, closed]);
    await tx.query("update group_quinielas set close_date = $2 where quiniela_id = $1", [pool, closed]);
    // The group bet: the manager's ticket (two doubles), as GenerateBet would store a merged prediction.
    await tx.query(
      `insert into bets (group_id, quiniela_id, season_id, top_n, matches, pleno_home, pleno_away, confirmed)
       select distinct on (p.group_id) p.group_id, p.quiniela_id, $2, 3, p.matches, p.pleno_home, p.pleno_away, true
         from predictions p join group_members m on m.group_id = p.group_id and m.user_id = p.user_id and m.role_id = 2
        where p.quiniela_id = $1 order by p.group_id, p.user_id`,
      [pool, seasonId],
    );
  });
  await db.exec("analyze");
  return pool;
}

interface Read {
  ms: number;
  at: number;
  during: boolean;
}

export async function liveGoal(options: { db: Db; deps: Deps; base: string; pool: number; groupIds: number[]; tokens: Map<number, string> }): Promise<number> {
  const { db, deps, base, pool, groupIds, tokens } = options;
  const counts = (await db.one<{ members: number; predictions: number; bets: number }>(
    `select (select count(*)::int from group_members) as members,
            (select count(*)::int from predictions where quiniela_id = $1) as predictions,
            (select count(*)::int from bets where quiniela_id = $1) as bets`,
    [pool],
  ))!;
  out(
    `Gol en ${groupIds.length} peñas: la jornada ${pool} en juego, ${counts.members} socios, ${counts.predictions} boletos y ${counts.bets} quinielas grupales en ella.`,
  );
  // The admin who types the scores manages no group: a group's manager's score would be that group's alone (decision 051).
  const admin = (await db.one<{ group_id: number; user_id: number }>(
    "select group_id, user_id from group_members where role_id = 1 order by user_id limit 1",
  ))!;
  await db.query("update users set is_admin = true where id = $1", [admin.user_id]);
  const adminToken = await issueToken(deps, admin.user_id);

  const log: string[] = [];
  const stopJob = startLiveRefresh(deps, { log: (line) => log.push(`${new Date().toISOString().slice(11, 19)} ${line}`) });
  const errors: string[] = [];
  try {
    // The job says when its last look found nothing stale under the scores of now (one small statement
    // polled); then its own statement checks it once. Polling that statement itself would compute every
    // group's version four times a second, a load no deployment has (decision 076).
    const untilCurrent = async (from: number) => {
      while (!(await liveViewsCurrent(deps))) await new Promise((r) => setTimeout(r, 250));
      const took = performance.now() - from;
      const left = (await staleLiveViews(deps, 1)).length;
      if (left) errors.push(`El trabajo dio todas las vistas por al día y quedaba alguna vieja.`);
      return took;
    };
    let t0 = performance.now();
    out(
      `Al cerrar la jornada (ninguna vista guardada, ningún marcador): las ${groupIds.length} vistas calculadas en ${ms(await untilCurrent(t0))} (${uptime()}).`,
    );

    // ---- Readers, until the last goal's views are all current.
    const reads: Read[] = [];
    const goals: { score: string; at: number }[] = [];
    let staleReads = 0;
    let checked = 0;
    let during = false;
    let reading = true;
    const readers = Array.from({ length: READERS }, async (_, r) => {
      let n = r;
      while (reading) {
        const groupId = groupIds[(n = (n * 7919 + 104729) % groupIds.length)];
        const sent = Date.now();
        const due = goals.at(-1);
        const t = performance.now();
        try {
          const res = await fetch(`${base}/Group/${groupId}/Live`, { headers: { authorization: `Bearer ${tokens.get(groupId)}` } });
          const body = (await res.json()) as { matches?: { score: { home: number; away: number } | null }[] };
          reads.push({ ms: performance.now() - t, at: sent, during });
          if (res.status !== 200) errors.push(`GET /Group/${groupId}/Live: ${res.status}`);
          else if (due && due.at <= sent) {
            checked++;
            const shown = body.matches?.[2]?.score;
            // Stale: older than the last acknowledged score. A later one (typed, stored, its answer not yet
            // back) is not stale: scores go 1-0, 2-0, 3-0.
            if (!shown || shown.home < Number(due.score.split("-")[0])) staleReads++;
          }
        } catch (e) {
          errors.push(`GET /Group/${groupId}/Live: ${(e as Error).message}`);
        }
      }
    });
    await new Promise((r) => setTimeout(r, 10_000));
    const times: number[] = [];
    for (let k = 1; k <= GOALS; k++) {
      // Match 3: no group's manager typed it, so the admin's score is every group's.
      t0 = performance.now();
      const res = await fetch(`${base}/Group/${admin.group_id}/ProvisionalResult`, {
        method: "POST",
        headers: { authorization: `Bearer ${adminToken}`, "content-type": "application/json" },
        body: JSON.stringify({ quinielaId: pool, position: 3, home: k, away: 0 }),
      });
      if (res.status !== 200) errors.push(`ProvisionalResult: ${res.status} ${await res.text()}`);
      goals.push({ score: `${k}-0`, at: Date.now() });
      during = true;
      const took = await untilCurrent(t0);
      during = false;
      times.push(took);
      out(`Gol ${k} (partido 3, ${k}-0): las ${groupIds.length} vistas al día en ${ms(took)} desde que se escribió (${uptime()}).`);
      if (k < GOALS) await new Promise((r) => setTimeout(r, Math.max(0, GOAL_EVERY_MS - took)));
    }
    reading = false;
    await Promise.all(readers);

    const quiet = reads.filter((r) => !r.during).map((r) => r.ms);
    const busy = reads.filter((r) => r.during).map((r) => r.ms);
    out();
    out(`| lecturas del directo | n | p50 | p99 | máx |`);
    out(`| --- | --: | --: | --: | --: |`);
    out(`| sin gol pendiente | ${quiet.length} | ${ms(quantile(quiet, 0.5))} | ${ms(quantile(quiet, 0.99))} | ${ms(Math.max(...quiet))} |`);
    out(`| mientras se ponen al día | ${busy.length} | ${ms(quantile(busy, 0.5))} | ${ms(quantile(busy, 0.99))} | ${ms(Math.max(...busy))} |`);
    out();
    out(`Hasta todas al día tras cada gol: ${times.map(ms).join(", ")}. Lecturas después de un gol: ${checked}; sin el gol: ${staleReads}.`);
    out(`Errores: ${errors.length}.`);
    for (const e of [...new Set(errors)].slice(0, 5)) out(`  ${e.slice(0, 200)}`);
    out(`El registro del trabajo:`);
    for (const line of log.slice(-8)) out(`  ${line}`);
    return errors.length + staleReads;
  } finally {
    await stopJob();
  }
}
