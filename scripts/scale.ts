// `npm run scale`: the standings at scale on PostgreSQL. Seeds N
// groups (1,000 by default) × 20 members × 38 rounds with results (760,000 tickets per 1,000 groups,
// bulk SQL, in the format the API writes, the standings triggers off while the tickets go in), then
// times GetClassification through the real backend over HTTP. Standings are stored per group and season
// (migration 010, backend/services/shelf/standings-store.ts); bulk SQL leaves them unstored. For a sample of
// groups: the first read (computes and stores the set) and the one after (stored). Then a result for the
// pool every group plays: more than EAGER_SETS sets, so SetResults leaves them all marked, and every group
// is read once until all hold the result (checked in SQL); then a pass over every stored set, and memory.
// PostgreSQL: a fresh database on TEST_DATABASE_URL, else a throwaway cluster (initdb/pg_ctl on PATH).
// Options: --groups N (default 1000), --members N (20), --rounds N (38), --sample N (groups timed one by
// one before the result, all up to 1,000). A benchmark: it prints figures, and fails only if the seeded
// tickets score no hits or a group lacks the result after the sweep (then the figures would mean nothing).
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { buildBackend } from "../backend/app";
import { defaultBackendConfig } from "../backend/config";
import type { Deps } from "../backend/context";
import { openPostgres } from "../backend/db/db";
import { migrate } from "../backend/db/migrate";
import { createMailer } from "../backend/mailer";
import { hashPassword } from "../backend/security";
import { EAGER_SETS } from "../backend/services/shelf/standings-store";
import { issueToken } from "../backend/services/account/auth";
import { postgresUnavailable, throwawayPostgres } from "../tests/support/postgres";
import { liveGoal, seedGoal } from "./scale-goal";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const GROUPS = arg("groups", 1000);
const MEMBERS = arg("members", 20);
const ROUNDS = arg("rounds", 38);
/** Groups whose first read and the one after are timed one by one (all of them up to 1,000). */
const SAMPLE = arg("sample", Math.min(GROUPS, 1000));
const BATCH = 100;
/** --goal: the last pool in play and a score across every group (scripts/scale-goal.ts) instead of the standings' figures. */
const GOAL = process.argv.includes("--goal");

const out = (line = "") => process.stdout.write(`${line}\n`);
const ms = (n: number) => `${n.toFixed(1)} ms`;
const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};
const summary = (values: number[]) =>
  `mediana ${ms(quantile(values, 0.5))}, p95 ${ms(quantile(values, 0.95))}, máx ${ms(Math.max(...values))} (n=${values.length})`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function main() {
  const missing = postgresUnavailable();
  if (missing) {
    out(`npm run scale necesita PostgreSQL: ${missing}.`);
    process.exit(2);
  }
  const started = performance.now();
  const pg = await throwawayPostgres();
  const outbox = mkdtempSync(path.join(tmpdir(), "quiniela-scale-"));
  const db = await openPostgres(pg.url);
  try {
    await migrate(db, path.resolve("backend/db/migrations"));
    const tickets = GROUPS * MEMBERS * ROUNDS;
    out(
      `Escala: ${GROUPS} grupos × ${MEMBERS} socios × ${ROUNDS} jornadas = ${tickets.toLocaleString("es-ES")} boletos (PostgreSQL ${(await db.one<{ server_version: string }>("show server_version"))!.server_version})`,
    );

    // ---- Seed, in bulk SQL. Tickets are what the API stores: a jsonb array of 14 picks, each an array of signs in 1, X, 2 order.
    out(
      `Carga de la máquina al empezar: ${loadavg()
        .map((l) => l.toFixed(1))
        .join(" / ")} con ${cpus().length} núcleos (las cifras dependen de ella).`,
    );
    let t0 = performance.now();
    const hash = await hashPassword("Escala#2026");
    const seasonId = (await db.one<{ id: number }>("insert into seasons (name, start_date) values ('Escala 2024-25', '2024-08-01') returning id"))!.id;
    await db.query(
      `insert into quinielas (season_id, number, start_date, closing_date)
       select $1, n, timestamptz '2024-08-12 08:00Z' + (n - 1) * interval '7 days', timestamptz '2024-08-16 18:00Z' + (n - 1) * interval '7 days'
         from generate_series(1, $2::int) n`,
      [seasonId, ROUNDS],
    );
    await db.query(
      `insert into quiniela_matches (quiniela_id, position, home, away)
       select q.id, p, 'Local ' || p, 'Visitante ' || p from quinielas q cross join generate_series(1, 15) p where q.season_id = $1`,
      [seasonId],
    );
    await db.query(
      `insert into quiniela_results (quiniela_id, matches, pleno_home, pleno_away)
       select q.id, (select jsonb_agg((array['1','X','2'])[1 + abs(hashint8((q.id * 100 + i)::bigint)::bigint) % 3] order by i) from generate_series(1, 14) i),
              abs(hashint8((q.id)::bigint)::bigint) % 4, abs(hashint8((q.id + 7)::bigint)::bigint) % 3
         from quinielas q where q.season_id = $1`,
      [seasonId],
    );
    await db.query(
      `insert into users (email, username, password_hash) select 'socio' || i || '@escala.local', 'socio' || i, $1 from generate_series(1, $2::int) i`,
      [hash, GROUPS * MEMBERS],
    );
    await db.query(`insert into groups (name, invite_code) select 'Peña ' || g, 'ESCALA' || g from generate_series(1, $1::int) g`, [GROUPS]);
    await db.query(
      `with gs as (select id, row_number() over (order by id) - 1 as k from groups where invite_code like 'ESCALA%'),
            us as (select id, row_number() over (order by id) - 1 as k from users where email like '%@escala.local')
       insert into group_members (group_id, user_id, role_id)
       select gs.id, us.id, case when us.k % $1 = 0 then 2 else 1 end from us join gs on gs.k = us.k / $1`,
      [MEMBERS],
    );
    // Every group plays every pool, as "Dos dobles": closed since the pool's close.
    await db.query(
      `insert into group_quinielas (group_id, quiniela_id, open_date, close_date, type_quiniela_id)
       select g.id, q.id, q.start_date, q.closing_date, 2 from groups g cross join quinielas q where q.season_id = $1`,
      [seasonId],
    );
    const groupIds = (await db.query<{ id: number }>("select id from groups order by id")).map((g) => g.id);
    for (let i = 0; i < groupIds.length; i += BATCH) {
      // Matches 1 and 2 are doubles, the rest singles; about 55 % of the singles are the result.
      // Without triggers (a superuser's replica role, this transaction only): the triggers of migration 010
      // would only mark sets that do not exist yet, one advisory lock per row; a set never stored is
      // computed on its group's first read all the same.
      await db.tx(async (tx) => {
        await tx.exec("set local session_replication_role = replica");
        await tx.query(
          `insert into predictions (group_id, quiniela_id, user_id, matches, pleno_home, pleno_away, created_at, updated_at)
         select m.group_id, gq.quiniela_id, m.user_id, picks.matches, x.h % 4, (x.h / 7) % 3, gq.close_date - interval '1 day', gq.close_date - interval '1 day'
           from group_members m
           join group_quinielas gq on gq.group_id = m.group_id
           join quiniela_results r on r.quiniela_id = gq.quiniela_id
           cross join lateral (select abs(hashint8(m.user_id::bigint * 64 + gq.quiniela_id)::bigint) as h) x
           cross join lateral (
             select jsonb_agg(case
                      when i <= 2 then (array['["1","X"]', '["1","2"]', '["X","2"]'])[1 + abs(hashint8((x.h + i)::bigint)::bigint) % 3]::jsonb
                      when abs(hashint8((x.h * 31 + i)::bigint)::bigint) % 100 < 55 then jsonb_build_array(r.matches ->> (i - 1))
                      else jsonb_build_array((array['1','X','2'])[1 + abs(hashint8((x.h * 17 + i)::bigint)::bigint) % 3])
                    end order by i) as matches
               from generate_series(1, 14) i) picks
          where m.group_id between $1 and $2`,
          [groupIds[i], groupIds[Math.min(i + BATCH, groupIds.length) - 1]],
        );
      });
      process.stdout.write(`\r  boletos: ${Math.min(i + BATCH, groupIds.length) * MEMBERS * ROUNDS} de ${tickets}`);
    }
    out();
    const goalPool = GOAL ? await seedGoal(db, seasonId) : null;
    await db.exec("analyze");
    const sizes = (await db.one<{ db: number; predictions: number }>(
      "select pg_database_size(current_database()) as db, pg_total_relation_size('predictions') as predictions",
    ))!;
    out(
      `Sembrado en ${((performance.now() - t0) / 1000).toFixed(0)} s; base de datos ${mb(sizes.db)}, tabla predictions ${mb(sizes.predictions)} (con índices).`,
    );
    const shape = await db.query<{ ok: boolean }>(
      "select jsonb_typeof(matches) = 'array' and jsonb_array_length(matches) = 14 and jsonb_typeof(matches -> 0) = 'array' as ok from predictions tablesample system (1) limit 200",
    );
    if (!shape.length || !shape.every((r) => r.ok)) throw new Error("Los boletos sembrados no tienen la forma que escribe la API.");

    // ---- The real backend over HTTP, one member's token per group.
    const deps: Deps = {
      db,
      mailer: createMailer({ outboxDir: outbox }),
      clock: () => new Date(),
      config: { ...defaultBackendConfig, loginRateLimit: 1_000_000 },
      fetch,
    };
    const app = await buildBackend(deps);
    const base = await app.listen({ host: "127.0.0.1", port: 0 });
    const tokens = new Map<number, string>();
    const firstMembers = await db.query<{ group_id: number; user_id: number }>("select group_id, min(user_id) as user_id from group_members group by group_id");
    for (const m of firstMembers) tokens.set(m.group_id, await issueToken(deps, m.user_id));
    const adminId = firstMembers[0].user_id;
    await db.query("update users set is_admin = true where id = $1", [adminId]);
    if (goalPool !== null) {
      const failed = await liveGoal({ db, deps, base, pool: goalPool, groupIds, tokens });
      await app.close();
      if (failed) process.exitCode = 1;
      return;
    }

    const standings = async (groupId: number) => {
      const t = performance.now();
      const response = await fetch(`${base}/group/${groupId}/season/${seasonId}/GetClassification`, {
        headers: { authorization: `Bearer ${tokens.get(groupId)}` },
      });
      const rows = (await response.json()) as { allHits: number; totalPoints: number }[];
      if (response.status !== 200) throw new Error(`GetClassification ${groupId}: ${response.status} ${JSON.stringify(rows)}`);
      return { ms: performance.now() - t, rows };
    };

    const sample = await standings(groupIds[0]);
    const hits = sample.rows.reduce((s, r) => s + r.allHits, 0);
    out(
      `Comprobación: el grupo ${groupIds[0]} tiene ${sample.rows.length} filas y ${hits} aciertos en total (media ${(hits / sample.rows.length / ROUNDS).toFixed(1)} por jornada y socio).`,
    );
    if (!(hits > 0)) throw new Error("Los boletos sembrados no suman ningún acierto: las cifras no valdrían nada.");

    // ---- Per group of a sample: the first read (no stored set: it computes and stores it) and the one right after (stored).
    const sampled = groupIds
      .slice(1)
      .filter((_, i, all) => i % Math.max(1, Math.floor(all.length / SAMPLE)) === 0)
      .slice(0, SAMPLE);
    const cold: number[] = [];
    const warm: number[] = [];
    for (const groupId of sampled) {
      cold.push((await standings(groupId)).ms);
      warm.push((await standings(groupId)).ms);
    }
    out(`GetClassification sin guardar (la primera lectura la calcula y la guarda), ${sampled.length} grupos repartidos: ${summary(cold)}`);
    out(`GetClassification guardada (la lectura siguiente):                        ${summary(warm)}`);

    // ---- A result for the last pool: every group plays it, so every group's standings change. That is more
    // than EAGER_SETS sets, so SetResults only marks them (dirty) and each group's next read recomputes its set.
    const lastPool = (await db.one<{ id: number }>("select id from quinielas where season_id = $1 order by number desc limit 1", [seasonId]))!.id;
    const adminToken = tokens.get(firstMembers[0].group_id)!;
    const newResult = Array(14).fill("1");
    t0 = performance.now();
    const set = await fetch(`${base}/Quiniela/SetResults`, {
      method: "POST",
      headers: { authorization: `Bearer ${adminToken}`, "content-type": "application/json" },
      body: JSON.stringify({ quinielaId: lastPool, matches: newResult, plain15: { home: 1, away: 1 } }),
    });
    const setMs = performance.now() - t0;
    if (set.status !== 200) throw new Error(`SetResults: ${set.status} ${await set.text()}`);
    const dirty = (await db.one<{ n: number }>("select count(*)::int as n from standings_sets where dirty"))!.n;
    out(
      `Un resultado (SetResults de la jornada ${ROUNDS}, que juegan los ${groupIds.length} grupos: más de ${EAGER_SETS}, así que solo los marca): ${ms(setMs)}; clasificaciones marcadas (dirty) justo después: ${dirty}.`,
    );
    // Until every group's standings hold the result: each group's next read recomputes its set, one after another.
    const after: number[] = [];
    for (const groupId of groupIds) after.push((await standings(groupId)).ms);
    const untilCorrect = performance.now() - t0;
    const wrong = (await db.one<{ n: number }>(
      `select count(*)::int as n from standings_sets s
        where s.dirty or (select r -> 'results' -> 'matches' from jsonb_array_elements(s.rounds) r where (r ->> 'quinielaId')::int = $1) is distinct from $2::jsonb`,
      [lastPool, JSON.stringify(newResult)],
    ))!.n;
    out(
      `Hasta que la clasificación de los ${groupIds.length} grupos tiene el resultado (cada lectura recalcula la suya, una tras otra): ${(untilCorrect / 1000).toFixed(1)} s; por grupo ${summary(after)}; sin el resultado después: ${wrong}.`,
    );
    if (wrong) throw new Error(`${wrong} clasificaciones no tienen el resultado nuevo.`);

    // ---- Every group stored: a pass over all of them.
    const sweep: number[] = [];
    for (const groupId of groupIds) sweep.push((await standings(groupId)).ms);
    out(`Pasada por los ${groupIds.length} grupos (clasificaciones guardadas): ${summary(sweep)}`);
    // With --expose-gc (npm run scale passes it), the heap is what the process really keeps (no cache: the standings are in PostgreSQL).
    (globalThis as { gc?: () => void }).gc?.();
    const memory = process.memoryUsage();
    out(
      `Memoria del proceso (backend y script) tras las pasadas${"gc" in globalThis ? " (tras un GC)" : ""}: RSS ${mb(memory.rss)}, heap ${mb(memory.heapUsed)}; pico de RSS ${mb(process.resourceUsage().maxRSS * 1024)}.`,
    );
    // ---- Where the time of one recompute goes: the SQL of the tickets alone.
    const sql: number[] = [];
    const ids = (await db.query<{ id: number }>("select id from quinielas where season_id = $1", [seasonId])).map((q) => q.id);
    for (const groupId of groupIds.slice(0, 100)) {
      const t = performance.now();
      await db.one(
        `select json_agg(json_build_array(user_id, quiniela_id, matches, pleno_home, pleno_away))::text as picks from predictions where group_id = $1 and quiniela_id = any($2::int[])`,
        [groupId, ids],
      );
      sql.push(performance.now() - t);
    }
    out(`Solo la lectura SQL de los ${MEMBERS * ROUNDS} boletos de un grupo: ${summary(sql)}`);
    out(
      `Total: ${((performance.now() - started) / 1000).toFixed(0)} s. Carga de la máquina al acabar: ${loadavg()
        .map((l) => l.toFixed(1))
        .join(" / ")} con ${cpus().length} núcleos.`,
    );
    await app.close();
  } finally {
    await db.close();
    await pg.stop();
    rmSync(outbox, { recursive: true, force: true });
  }
}

main().catch((error: Error) => {
  process.stderr.write(`npm run scale falló: ${error.stack ?? error.message}\n`);
  process.exit(1);
});
