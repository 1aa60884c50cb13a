// The demo's season played jornada by jornada, each write dated when it happened in 2024-25: the
// group bets (through the backend's own services), the caja's automatic charges at each close, the
// public's percentages and, for a few jornadas, an escrutinio estimated from the takings
// (decision 044), credited to the caja. Everything is keyed, so a second run writes nothing.
import path from "node:path";
import type { SignProbs } from "#core/domain/bet/chances";
import { publicShares } from "#core/domain/bet/pre-match";
import { toBasisPoints } from "#core/domain/official/public-shares";
import { estimatedEscrutinio } from "#core/domain/caja/shared-prizes";
import { isSign, type Sign } from "#core/domain/signs";
import { hashSeed } from "#core/demo-picks";
import { seededRandom } from "#core/seeded-random";
import { defaultBackendConfig } from "../backend/config";
import type { Deps } from "../backend/context";
import type { Db } from "../backend/db/db";
import { createMailer } from "../backend/mailer";
import { confirm, generate } from "../backend/services/bet/bet";
import { syncAutomaticCharges } from "../backend/services/caja/automatic-charges";
import { parseJson } from "../backend/services/shelf/json";
import { picksOf } from "../backend/services/bet/row";
import { setPublicShares } from "../backend/services/official/public-shares";
import { setPrizes } from "../backend/services/official/prizes";

const DAY = 86_400_000;
/** The price of a bet in 2024-25, in cents. */
const PRICE_CENTS = 75;

const depsAt = (db: Db, dataDir: string, at: Date): Deps => ({
  db,
  mailer: createMailer({ outboxDir: path.join(dataDir, "outbox") }),
  clock: () => at,
  config: defaultBackendConfig,
  fetch,
});

/** The takings of a jornada, in cents: 2.2 to 3.6 million euros, as La Quiniela's were in 2024-25. */
export const takingsOf = (number: number) => Math.round((2_200_000 + seededRandom(hashSeed(`takings/${number}`))() * 1_400_000) * 100);

/** Whether a jornada carries an estimated escrutinio: one in five, and those where a demo group's bet hit 10 or more. */
const estimated = (number: number, prized: boolean) => prized || number % 5 === 3;

/**
 * Plays the past jornadas of the demo groups in close order: each group's bet (top 5 by Wilson)
 * generated and confirmed by its manager at the close, the caja's quotas and ticket charged then,
 * and three days later the results' escrutinio (estimated for a few jornadas) and its prize.
 * Returns the group bets it added.
 */
export async function playSeason(db: Db, dataDir: string, inviteCodes: string[], views: Map<number, SignProbs[]>): Promise<number> {
  const rounds = await db.query<{ group_id: number; quiniela_id: number; number: number; close_date: Date; manager_id: number; bet_id: number | null }>(
    `select gq.group_id, gq.quiniela_id, q.number, gq.close_date,
            (select min(m.user_id) from group_members m where m.group_id = gq.group_id and m.role_id = 2) as manager_id,
            (select b.id from bets b where b.group_id = gq.group_id and b.quiniela_id = gq.quiniela_id) as bet_id
       from group_quinielas gq
       join groups g on g.id = gq.group_id
       join quinielas q on q.id = gq.quiniela_id
       join quiniela_results r on r.quiniela_id = gq.quiniela_id
      where g.invite_code = any($1) and gq.close_date <= now()
        and exists (select 1 from predictions p where p.group_id = gq.group_id and p.quiniela_id = gq.quiniela_id)
      order by gq.close_date, q.number, gq.group_id`,
    [inviteCodes],
  );
  // The merge breaks a tie of votes at random (decision 011): seeded here, so every load is the same demo and the backtest's figures repeat.
  const random = Math.random;
  Math.random = seededRandom(hashSeed("demo/ties"));
  try {
    return await play(db, dataDir, rounds, views);
  } finally {
    Math.random = random;
  }
}

async function play(
  db: Db,
  dataDir: string,
  rounds: { group_id: number; quiniela_id: number; number: number; close_date: Date; manager_id: number; bet_id: number | null }[],
  views: Map<number, SignProbs[]>,
): Promise<number> {
  let added = 0;
  const pools = [...new Set(rounds.map((r) => r.quiniela_id))];
  for (const quinielaId of pools) {
    const ofPool = rounds.filter((r) => r.quiniela_id === quinielaId);
    const { number } = ofPool[0];
    const close = new Date(ofPool[0].close_date);
    const view = views.get(number);
    const hasShares = await db.one("select 1 from quiniela_public_share_sets where quiniela_id = $1", [quinielaId]);
    if (view && !hasShares)
      await setPublicShares(
        db,
        close,
        null,
        quinielaId,
        view.map((p) => toBasisPoints(publicShares(p))),
        "estimate",
      );
    let prized = false;
    for (const round of ofPool) {
      const at = new Date(round.close_date);
      const deps = depsAt(db, dataDir, at);
      if (round.bet_id === null) {
        // The group's manager generates and confirms it, as the audit trail then says.
        const bet = await generate(deps, round.manager_id, { groupId: round.group_id, quinielaId, topNUsers: 5 });
        await confirm(deps, round.manager_id, bet.id);
        added++;
      }
      await syncAutomaticCharges(db, round.group_id, at);
      const played = await db.one<{ matches: unknown; result: unknown }>(
        "select b.matches, r.matches as result from bets b join quiniela_results r on r.quiniela_id = b.quiniela_id where b.group_id = $1 and b.quiniela_id = $2",
        [round.group_id, quinielaId],
      );
      const truth = picksOf(played?.result);
      if (played && picksOf(played.matches).filter((pick, i) => truth[i]?.length === 1 && pick.includes(truth[i][0])).length >= 10) prized = true;
    }
    const results = await db.one<{ matches: unknown }>("select matches from quiniela_results where quiniela_id = $1", [quinielaId]);
    const signs = parseJson(results?.matches);
    const hasPrizes = await db.one("select 1 from quiniela_prize_sets where quiniela_id = $1", [quinielaId]);
    if (view && !hasPrizes && estimated(number, prized) && Array.isArray(signs) && signs.every(isSign)) {
      const escrutinio = estimatedEscrutinio(
        takingsOf(number),
        PRICE_CENTS,
        view.map((p) => publicShares(p)),
        signs as Sign[],
      );
      await setPrizes(db, new Date(close.getTime() + 3 * DAY), null, quinielaId, escrutinio.prizes, "estimate");
    }
    // The escrutinio's prize, credited when it was known (nothing to credit: nothing written).
    for (const round of ofPool) await syncAutomaticCharges(db, round.group_id, new Date(close.getTime() + 3 * DAY));
  }
  return added;
}
