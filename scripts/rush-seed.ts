// The data of `npm run bench:rush` (scripts/rush.ts), in bulk SQL on either engine: a peña of 1,000
// members and 20 of 20, a season of past rounds with results and everybody's tickets (so standings
// and results pages have real rows), one round open for all 21 groups that closes at `closeAt`, a
// session token per member and a kiosk link per kiosk. Signing 1,400 members in through the login
// form would cost 1,400 password hashes before the rush even starts; the tokens are issued as
// sign-in issues them (only their hash stored) and scripts/rush.ts seals them into session cookies
// the way the BFF does, and signs a few members in through the real form as well.
import { randomBytes } from "node:crypto";
import { SIGNS, type Pick, type Sign } from "#core/domain/signs";
import { defaultBackendConfig } from "../backend/config";
import type { Deps } from "../backend/context";
import type { Db } from "../backend/db/db";
import { createMailer } from "../backend/mailer";
import { hashPassword, newToken, sha256 } from "../backend/security";
import { createLink } from "../backend/services/kiosk/kiosk";
import { backfillStandings } from "../backend/services/shelf/standings-store";
import { seededRandom } from "#core/seeded-random";
import { season2024 } from "./football";

export const RUSH_PASSWORD = "Rush#2026pass";
export const BIG_GROUP = 1000;
export const SMALL_GROUPS = 20;
export const SMALL_GROUP = 20;
const PAST_ROUNDS = 10;
const DAY = 86_400_000;
/** "Dos dobles": two matches with a double sign, the rest one sign. */
export const ROUND_TYPE = 2;

export interface Member {
  userId: number;
  username: string;
  groupId: number;
  token: string;
  manager: boolean;
}

export interface RushData {
  seasonId: number;
  quinielaId: number;
  bigGroupId: number;
  smallGroupIds: number[];
  /** Every member of every group, big group first. */
  members: Member[];
  kioskPaths: string[];
}

/** A ticket of "Dos dobles": matches 1 and 2 doubles (in 1, X, 2 order, as the form sends them), the rest singles. */
export function randomTicket(random: () => number): { matches: Pick[]; pleno: { home: number; away: number } } {
  const one = (): Sign => SIGNS[Math.floor(random() * 3)];
  const double = (): Pick => {
    const left = Math.floor(random() * 3);
    return SIGNS.filter((_, i) => i !== left);
  };
  return {
    matches: Array.from({ length: 14 }, (_, i) => (i < 2 ? double() : [one()])),
    pleno: { home: Math.floor(random() * 4), away: Math.floor(random() * 4) },
  };
}

const json = (value: unknown) => JSON.stringify(value);

export async function seedRush(db: Db, closeAt: Date, kiosks: number, linkSecret: string): Promise<RushData> {
  const now = new Date();
  const random = seededRandom(27);
  const hash = await hashPassword(RUSH_PASSWORD);
  const total = BIG_GROUP + SMALL_GROUPS * SMALL_GROUP;
  const users = await db.query<{ id: number; username: string }>(
    `insert into users (email, username, password_hash)
     select 'jugador' || i || '@rush.local', 'jugador' || i, $1 from generate_series(1, $2::int) i returning id, username`,
    [hash, total],
  );
  users.sort((a, b) => a.id - b.id);
  const groups = await db.query<{ id: number }>(
    `insert into groups (name, invite_code) select case when g = 0 then 'Peña de los mil' else 'Peña ' || g end, 'RUSH' || g
       from generate_series(0, $1::int) g returning id`,
    [SMALL_GROUPS],
  );
  const groupIds = groups.map((g) => g.id).sort((a, b) => a - b);
  const [bigGroupId, ...smallGroupIds] = groupIds;
  const members: Member[] = users.map((u, i) => {
    const groupId = i < BIG_GROUP ? bigGroupId : smallGroupIds[Math.floor((i - BIG_GROUP) / SMALL_GROUP)];
    const manager = i === 0 || (i >= BIG_GROUP && (i - BIG_GROUP) % SMALL_GROUP === 0);
    return { userId: u.id, username: u.username, groupId, token: newToken(), manager };
  });
  await db.query(
    `insert into group_members (group_id, user_id, role_id)
     select x.g, x.u, case when x.m then 2 else 1 end from jsonb_to_recordset($1::jsonb) as x(g int, u int, m boolean)`,
    [json(members.map((m) => ({ g: m.groupId, u: m.userId, m: m.manager })))],
  );
  await db.query(`insert into auth_tokens (token_hash, user_id, expires_at) select x.h, x.u, $2 from jsonb_to_recordset($1::jsonb) as x(h text, u int)`, [
    json(members.map((m) => ({ h: sha256(m.token), u: m.userId }))),
    new Date(now.getTime() + 30 * DAY),
  ]);

  // The season so far: PAST_ROUNDS weekly rounds with results, every member's ticket in each.
  const seasonId = (await db.one<{ id: number }>("insert into seasons (name, start_date) values ('Temporada de la prisa', $1) returning id", [
    new Date(now.getTime() - (PAST_ROUNDS + 2) * 7 * DAY).toISOString().slice(0, 10),
  ]))!.id;
  const played = season2024().filter((j) => j.results);
  const tickets: { g: number; q: number; u: number; m: Pick[]; h: number; a: number }[] = [];
  for (let r = 0; r <= PAST_ROUNDS; r++) {
    const j = played[r % played.length];
    const open = new Date(now.getTime() - (PAST_ROUNDS + 1 - r) * 7 * DAY);
    // The last one is the round of the rush: open since yesterday, closing at closeAt.
    const past = r < PAST_ROUNDS;
    const start = past ? open : new Date(now.getTime() - DAY);
    const close = past ? new Date(open.getTime() + 4 * DAY) : closeAt;
    const quinielaId = (await db.one<{ id: number }>(
      "insert into quinielas (season_id, number, start_date, closing_date) values ($1, $2, $3, $4) returning id",
      [seasonId, r + 1, start, close],
    ))!.id;
    await db.query(
      `insert into quiniela_matches (quiniela_id, position, home, away) select $1, x.p, x.h, x.a from jsonb_to_recordset($2::jsonb) as x(p int, h text, a text)`,
      [quinielaId, json(j.matches.map((m, i) => ({ p: i + 1, h: m.home, a: m.away })))],
    );
    await db.query(
      `insert into group_quinielas (group_id, quiniela_id, open_date, close_date, type_quiniela_id) select g, $1, $2, $3, $4 from unnest($5::int[]) g`,
      [quinielaId, start, close, ROUND_TYPE, groupIds],
    );
    if (!past) {
      await insertTickets(db, tickets);
      const deps = kioskDeps(db, linkSecret, now);
      const kioskPaths: string[] = [];
      // Kiosks: half on the big group, the rest one per small group.
      for (let k = 0; k < kiosks; k++) {
        const groupId = k < kiosks / 2 ? bigGroupId : smallGroupIds[k % SMALL_GROUPS];
        const manager = members.find((m) => m.groupId === groupId && m.manager)!;
        kioskPaths.push(`/kiosk/${(await createLink(deps, groupId, manager.userId)).token}`);
      }
      await backfillStandings(db, now);
      return { seasonId, quinielaId, bigGroupId, smallGroupIds, members, kioskPaths };
    }
    // A player who knows football: about 55 % of single signs right.
    for (const m of members) {
      const t = randomTicket(random);
      t.matches = t.matches.map((pick, i) => (pick.length === 1 && random() < 0.55 ? [j.results!.matches[i]] : pick));
      tickets.push({ g: m.groupId, q: quinielaId, u: m.userId, m: t.matches, h: t.pleno.home, a: t.pleno.away });
    }
    await db.query("insert into quiniela_results (quiniela_id, matches, pleno_home, pleno_away) values ($1, $2, $3, $4)", [
      quinielaId,
      json(j.results!.matches),
      j.results!.pleno.home,
      j.results!.pleno.away,
    ]);
  }
  throw new Error("unreachable");
}

async function insertTickets(db: Db, tickets: { g: number; q: number; u: number; m: Pick[]; h: number; a: number }[]) {
  for (let i = 0; i < tickets.length; i += 2000) {
    await db.query(
      `insert into predictions (group_id, quiniela_id, user_id, matches, pleno_home, pleno_away, created_at, updated_at)
       select x.g, x.q, x.u, x.m, x.h, x.a, q.closing_date - interval '1 day', q.closing_date - interval '1 day'
         from jsonb_to_recordset($1::jsonb) as x(g int, q int, u int, m jsonb, h int, a int) join quinielas q on q.id = x.q`,
      [json(tickets.slice(i, i + 2000))],
    );
  }
}

function kioskDeps(db: Db, linkSecret: string, now: Date): Deps {
  return {
    db,
    mailer: createMailer({ outboxDir: `/tmp/rush-outbox-${randomBytes(4).toString("hex")}` }),
    clock: () => now,
    config: { ...defaultBackendConfig, linkSecret },
    fetch,
  };
}
