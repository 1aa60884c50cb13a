// `npm run demo`: loads a lived-in demo into the database of DATA_DIR (or DATABASE_URL) — the real
// 2024-25 season of fixtures/football, two groups of players and a whole season of their picks.
// Stop the app first: the embedded database admits one process at a time.
import path from "node:path";
import { validatePrediction } from "#core/domain/predictions/prediction-rules";
import type { SignProbs } from "#core/domain/bet/chances";
import { preMatchView, type PlayedMatch } from "#core/domain/bet/pre-match";
import { demoTicket, groupHunches, hashSeed, tasteOf } from "#core/demo-picks";
import { seededRandom } from "#core/seeded-random";
import { defaultBackendConfig } from "../backend/config";
import type { Deps } from "../backend/context";
import { openDb, type Db } from "../backend/db/db";
import { migrate } from "../backend/db/migrate";
import { createMailer } from "../backend/mailer";
import { privateDataDir } from "../backend/files";
import { hashPassword } from "../backend/security";
import { addMovement } from "../backend/services/caja/caja";
import { playSeason } from "./demo-season";
import { season2024, teamsOf, type Jornada } from "./football";

export const DEMO_PASSWORD = "Demo#2025";
const SEASON = "2024-25";
const DAY = 86_400_000;
const EMAIL_DOMAIN = "demo.quiniela.local";

interface DemoGroup {
  name: string;
  description: string;
  inviteCode: string;
  manager: string;
  players: string[];
  /** 'Iconos y premios de oficina': the icons are the office's custom (decision 008). */
  officeIcons: boolean;
  /** Pool type per jornada number (1 Sencilla, 2 Dos dobles, 3 Un triple, 4 Dos dobles y un triple). */
  typeOf: (jornada: number) => number;
}

const GROUPS: DemoGroup[] = [
  {
    name: "Oficina TI",
    description: "La peña de la oficina de informática: iconos, premios y castigos a final de temporada.",
    inviteCode: "DEMOOFICINA",
    manager: "marta",
    players: ["alberto", "beatriz", "carlos", "diana", "eduardo", "fatima", "gonzalo", "helena", "ismael", "julia"],
    officeIcons: true,
    typeOf: (j) => (j % 9 === 0 ? 4 : j % 6 === 0 ? 3 : j % 4 === 0 ? 2 : 1),
  },
  {
    name: "Peña del Barrio",
    description: "Los del bar de la esquina, desde hace quince temporadas.",
    inviteCode: "DEMOBARRIO",
    manager: "ramon",
    players: ["julia", "lucia", "manuel", "nuria", "oscar", "paula", "quique", "rocio", "sergio", "teresa"],
    officeIcons: false,
    typeOf: (j) => (j % 5 === 0 ? 2 : 1),
  },
];
const ADMIN = "admin-demo";
/** Blocked by the manager in the open jornada, so that screen shows its warning too. */
const BLOCKED_IN_OPEN = { group: "Oficina TI", username: "ismael" };

/**
 * The pre-match view of each jornada's 14 matches from the results of the jornadas before it only
 * (core/domain/bet/pre-match): what the demo's players pick from.
 */
export function seasonViews(jornadas: readonly Jornada[]): SignProbs[][] {
  const played: PlayedMatch[] = [];
  return jornadas.map((j) => {
    const view = preMatchView(played, j.matches.slice(0, 14));
    if (j.results) j.matches.slice(0, 14).forEach((m, i) => played.push({ home: m.home, away: m.away, sign: j.results!.matches[i] }));
    return view;
  });
}

async function insertId(db: Db, sql: string, params: unknown[]): Promise<number> {
  return (await db.one<{ id: number }>(sql, params))!.id;
}

async function main() {
  const dataDir = path.resolve(process.env.DATA_DIR || "./data");
  const databaseUrl = process.env.DATABASE_URL || undefined;
  console.log(`Cargando la demo en ${databaseUrl ? "la base de datos de DATABASE_URL" : path.join(dataDir, "pglite")} (la aplicación debe estar parada).`);
  if (!databaseUrl) await privateDataDir(dataDir);
  const db = await openDb({ databaseUrl, dataDir: databaseUrl ? undefined : path.join(dataDir, "pglite") });
  try {
    await migrate(db, path.resolve("backend/db/migrations"));
    const inviteCodes = GROUPS.map((g) => g.inviteCode);
    const usernames = [ADMIN, ...new Set(GROUPS.flatMap((g) => [g.manager, ...g.players]))];
    const loaded = await db.one("select 1 from groups where invite_code = $1", [GROUPS[0].inviteCode]);
    if (loaded) {
      const before = await cajaCount(db);
      await openPoolClosesWithItsRound(db, inviteCodes);
      await cajaRules(db);
      const added = await playSeason(db, dataDir, inviteCodes, viewsByNumber(season2024()));
      await demoPayments(db, dataDir);
      const moves = (await cajaCount(db)) - before;
      console.log(
        added || moves
          ? `La demo ya estaba cargada: añadidas ${added} quinielas grupales y ${moves} movimientos de caja.`
          : "La demo ya está cargada: no se cambia nada.",
      );
      printSignIns(usernames);
      return;
    }
    if (await db.one("select 1 from seasons where name = $1", [SEASON])) {
      throw new Error(`Ya existe una temporada ${SEASON} que no es de la demo: cárgala en una base de datos nueva (otro DATA_DIR).`);
    }
    const taken = await db.query<{ username: string }>("select username from users where lower(username) = any($1)", [usernames]);
    if (taken.length) {
      throw new Error(`Ya existen usuarios con nombres de la demo (${taken.map((t) => t.username).join(", ")}): usa otro DATA_DIR.`);
    }

    const jornadas = season2024();
    const views = seasonViews(jornadas);
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    const now = new Date();
    await db.tx(async (tx) => {
      const users = new Map<string, number>();
      for (const name of usernames) {
        users.set(
          name,
          await insertId(tx, "insert into users (email, username, password_hash, is_admin, email_proved_at) values ($1, $2, $3, $4, now()) returning id", [
            `${name}@${EMAIL_DOMAIN}`,
            name,
            passwordHash,
            name === ADMIN,
          ]),
        );
      }

      const teams = new Map<string, number>();
      for (const name of teamsOf(jornadas)) {
        await tx.query("insert into teams (name) values ($1) on conflict do nothing", [name]);
        teams.set(name, (await tx.one<{ id: number }>("select id from teams where lower(name) = lower($1)", [name]))!.id);
      }

      const seasonId = await insertId(tx, "insert into seasons (name, start_date) values ($1, $2) returning id", [SEASON, "2024-08-01"]);
      const pools = new Map<number, number>();
      // The jornada without results is open for a week from now, so there is something to predict;
      // its pool's official close is moved with it, as no round may close after it (decision 065).
      const openPool = { startDate: new Date(now.getTime() - DAY), closingDate: new Date(now.getTime() + 7 * DAY) };
      const datesOf = (j: Jornada) => (j.results === null ? openPool : { startDate: j.startDate, closingDate: j.closingDate });
      for (const j of jornadas) {
        const quinielaId = await insertId(tx, "insert into quinielas (season_id, number, start_date, closing_date) values ($1, $2, $3, $4) returning id", [
          seasonId,
          j.number,
          datesOf(j).startDate,
          datesOf(j).closingDate,
        ]);
        pools.set(j.number, quinielaId);
        for (const [i, m] of j.matches.entries()) {
          await tx.query("insert into quiniela_matches (quiniela_id, position, home, away, home_team_id, away_team_id) values ($1, $2, $3, $4, $5, $6)", [
            quinielaId,
            i + 1,
            m.home,
            m.away,
            teams.get(m.home),
            teams.get(m.away),
          ]);
        }
        if (j.results) {
          await tx.query("insert into quiniela_results (quiniela_id, matches, pleno_home, pleno_away, source) values ($1, $2, $3, $4, 'openfootball')", [
            quinielaId,
            JSON.stringify(j.results.matches),
            j.results.pleno.home,
            j.results.pleno.away,
          ]);
        }
      }

      const types = new Map(
        (await tx.query<{ id: number; num_double: number; num_triple: number }>("select id, num_double, num_triple from pool_types")).map((t) => [
          t.id,
          { numDouble: t.num_double, numTriple: t.num_triple },
        ]),
      );
      for (const group of GROUPS) {
        const groupId = await insertId(
          tx,
          "insert into groups (name, description, invite_code, created_at, office_icons) values ($1, $2, $3, $4, $5) returning id",
          [group.name, group.description, group.inviteCode, new Date("2024-08-01T10:00:00Z"), group.officeIcons],
        );
        const members = [group.manager, ...group.players];
        for (const name of members) {
          await tx.query("insert into group_members (group_id, user_id, role_id, joined_at) values ($1, $2, $3, $4)", [
            groupId,
            users.get(name),
            name === group.manager ? 2 : 1,
            new Date("2024-08-01T10:00:00Z"),
          ]);
        }
        for (const [jn, j] of jornadas.entries()) {
          const hunches = groupHunches(seededRandom(hashSeed(`${group.inviteCode}/hunch/${j.number}`)), 14);
          const open = j.results === null;
          const typeId = group.typeOf(j.number);
          const roundId = await insertId(
            tx,
            "insert into group_quinielas (group_id, quiniela_id, open_date, close_date, type_quiniela_id) values ($1, $2, $3, $4, $5) returning id",
            [groupId, pools.get(j.number), datesOf(j).startDate, datesOf(j).closingDate, typeId],
          );
          if (open && group.name === BLOCKED_IN_OPEN.group) {
            await tx.query("insert into group_quiniela_blocks (group_quiniela_id, user_id, blocked_by) values ($1, $2, $3)", [
              roundId,
              users.get(BLOCKED_IN_OPEN.username),
              users.get(group.manager),
            ]);
          }
          for (const name of members) {
            const random = seededRandom(hashSeed(`${group.inviteCode}/${name}/${j.number}`));
            // Most play every week; in the open jornada, about half have sent their picks so far.
            if (random() > (open ? 0.5 : 0.9)) continue;
            if (open && name === BLOCKED_IN_OPEN.username) continue;
            const picks = demoTicket(random, views[jn], hunches, tasteOf(name), types.get(typeId)!);
            if (!validatePrediction({ matches: picks.matches, pleno: picks.pleno }, types.get(typeId)!).ok)
              throw new Error("La demo generó un pronóstico no válido.");
            const at = open ? new Date(now.getTime() - random() * DAY) : new Date(j.closingDate.getTime() - (1 + random() * 47) * 3_600_000);
            await tx.query(
              `insert into predictions (group_id, quiniela_id, user_id, matches, pleno_home, pleno_away, created_at, updated_at)
               values ($1, $2, $3, $4, $5, $6, $7, $7)`,
              [groupId, pools.get(j.number), users.get(name), JSON.stringify(picks.matches), picks.pleno.home, picks.pleno.away, at],
            );
          }
        }
      }
    });
    await cajaRules(db);
    await playSeason(db, dataDir, inviteCodes, viewsByNumber(jornadas));
    await demoPayments(db, dataDir);
    const played = jornadas.filter((j) => j.results).length;
    console.log(`Demo cargada: temporada ${SEASON}, ${jornadas.length} jornadas (${played} con resultados reales), ${GROUPS.length} grupos.`);
    printSignIns(usernames);
  } finally {
    await db.close();
    if (!databaseUrl) await privateDataDir(dataDir);
  }
}

/**
 * A demo loaded before decision 065 left its open jornada's rounds closing a week after loading,
 * long after their pool's official close (the fixture's date): the pool's close is moved to the
 * rounds', as a demo loaded now has it, so no screen reads it closed while the rounds are open.
 */
async function openPoolClosesWithItsRound(db: Db, inviteCodes: string[]) {
  await db.query(
    `update quinielas q set closing_date = late.close_date, version = q.version + 1
       from (select gq.quiniela_id, max(gq.close_date) as close_date
               from group_quinielas gq join groups g on g.id = gq.group_id
              where g.invite_code = any($1) and gq.close_date > now()
                and not exists (select 1 from quiniela_results r where r.quiniela_id = gq.quiniela_id)
              group by gq.quiniela_id) late
      where q.id = late.quiniela_id and q.closing_date < late.close_date`,
    [inviteCodes],
  );
}

const quotaOf = (index: number) => (index === 0 ? 150 : 200);
const cajaCount = async (db: Db) => Number((await db.one<{ n: number }>("select count(*) as n from caja_movements"))!.n);

/** Each demo group's caja rules (decision 032): a quota per jornada played, the ticket paid from the pot. */
async function cajaRules(db: Db) {
  for (const [index, g] of GROUPS.entries()) {
    await db.query(
      `insert into caja_rules (group_id, quota_cents, quota_basis, pay_ticket)
       select id, $2, 'round', true from groups where invite_code = $1 on conflict (group_id) do nothing`,
      [g.inviteCode, quotaOf(index)],
    );
  }
}

/** The pre-match view of each jornada, by its number. */
const viewsByNumber = (jornadas: Jornada[]) => new Map(seasonViews(jornadas).map((v, k) => [jornadas[k].number, v]));

/**
 * The members' payments into each demo group's caja every four jornadas, by Bizum or in cash, dated
 * the day after the fourth closed; the group's last player pays only half, so the caja shows a
 * debt. Every write has its own key, so running the demo again adds only what is missing.
 */
async function demoPayments(db: Db, dataDir: string): Promise<number> {
  const before = await cajaCount(db);
  for (const [index, g] of GROUPS.entries()) {
    const group = await db.one<{ id: number }>("select id from groups where invite_code = $1", [g.inviteCode]);
    if (!group) continue;
    const quota = quotaOf(index);
    const manager = (await db.one<{ id: number; username: string; email: string }>("select id, username, email from users where lower(username) = $1", [
      g.manager,
    ]))!;
    const rounds = await db.query<{ quiniela_id: number; number: number; close_date: Date }>(
      `select gq.quiniela_id, q.number, gq.close_date from group_quinielas gq join quinielas q on q.id = gq.quiniela_id
        where gq.group_id = $1 and gq.close_date <= now() order by q.number`,
      [group.id],
    );
    for (let i = 3; i < rounds.length; i += 4) {
      const block = rounds.slice(i - 3, i + 1);
      const at = new Date(new Date(block[3].close_date).getTime() + 86_400_000);
      const deps: Deps = { db, mailer: createMailer({ outboxDir: path.join(dataDir, "outbox") }), clock: () => at, config: defaultBackendConfig, fetch };
      const played = await db.query<{ user_id: number; username: string; n: number }>(
        `select p.user_id, u.username, count(*) as n from predictions p join users u on u.id = p.user_id
          where p.group_id = $1 and p.quiniela_id = any($2) group by p.user_id, u.username order by p.user_id`,
        [group.id, block.map((r) => r.quiniela_id)],
      );
      for (const [k, p] of played.entries()) {
        const late = p.username === g.players[g.players.length - 1];
        const amountCents = quota * p.n * (late ? 0.5 : 1);
        if (amountCents <= 0) continue;
        await addMovement(deps, { id: manager.id, username: manager.username, email: manager.email, isAdmin: false, tokenHash: "" }, group.id, {
          kind: "payment",
          userId: p.user_id,
          amountCents,
          reference: `${k % 2 ? "Bizum" : "Efectivo"}: jornadas ${block[0].number} a ${block[3].number}`,
          idempotencyKey: `demo-payment-${block[3].number}-${p.user_id}`,
        });
      }
    }
  }
  return (await cajaCount(db)) - before;
}

function printSignIns(usernames: string[]) {
  console.log(`\nUsuarios de la demo (contraseña de todos: ${DEMO_PASSWORD}):`);
  for (const group of GROUPS) {
    console.log(`  ${group.name} (código ${group.inviteCode}): gestor ${group.manager}; jugadores ${group.players.join(", ")}`);
  }
  console.log(`  Administrador: ${ADMIN}`);
  console.log(`  (${usernames.length} cuentas; inicia sesión con el nombre o con <nombre>@${EMAIL_DOMAIN})`);
}

await main().catch((error: Error) => {
  console.error(`No se pudo cargar la demo: ${error.message}`);
  process.exitCode = 1;
});
