/**
 * Who may make a round's group bet: the conditions to generate it (who must have predicted) and
 * the round's predictors ranked by season Wilson, the order the bet takes its top N from.
 */
import type { BetParticipant, BetRanking } from "#core/contract/bet";
import type { Deps } from "../context";
import type { Db } from "../db/db";
import { seasonRanks } from "./classification";

export async function participants(db: Db, betId: number): Promise<BetParticipant[]> {
  const rows = await db.query<{ prediction_id: number | null; rank_position: number; username: string; user_id: number }>(
    "select prediction_id, rank_position, username, user_id from bet_participants where bet_id = $1 order by rank_position",
    [betId],
  );
  return rows.map((r) => ({ predictionId: r.prediction_id, rankPosition: r.rank_position, username: r.username, userId: r.user_id }));
}

/**
 * Per round of the group: how many members with a prediction history in the group (an earlier
 * round's prediction) may predict it, and how many of them have. A member blocked in the round
 * cannot send, so is not waited for.
 */
export async function conditionCounts(
  db: Db,
  groupId: number,
  quinielaId?: number,
): Promise<Map<number, { required: number; submitted: number; predictions: number }>> {
  const rows = await db.query<{ quiniela_id: number; required: number; submitted: number; predictions: number }>(
    `select gq.quiniela_id,
            (select count(*) from group_members m
              where m.group_id = gq.group_id and m.removed_at is null
                and exists (select 1 from predictions p join group_quinielas g2 on g2.group_id = p.group_id and g2.quiniela_id = p.quiniela_id
                             where p.group_id = gq.group_id and p.user_id = m.user_id and g2.open_date < gq.open_date)
                and not exists (select 1 from group_quiniela_blocks bl where bl.group_quiniela_id = gq.id and bl.user_id = m.user_id)) as required,
            (select count(*) from group_members m
              where m.group_id = gq.group_id and m.removed_at is null
                and exists (select 1 from predictions p join group_quinielas g2 on g2.group_id = p.group_id and g2.quiniela_id = p.quiniela_id
                             where p.group_id = gq.group_id and p.user_id = m.user_id and g2.open_date < gq.open_date)
                and not exists (select 1 from group_quiniela_blocks bl where bl.group_quiniela_id = gq.id and bl.user_id = m.user_id)
                and exists (select 1 from predictions p where p.group_id = gq.group_id and p.quiniela_id = gq.quiniela_id and p.user_id = m.user_id)) as submitted,
            (select count(*) from predictions p where p.group_id = gq.group_id and p.quiniela_id = gq.quiniela_id) as predictions
       from group_quinielas gq
      where gq.group_id = $1 and ($2::int is null or gq.quiniela_id = $2)`,
    [groupId, quinielaId ?? null],
  );
  return new Map(rows.map((r) => [r.quiniela_id, { required: r.required, submitted: r.submitted, predictions: r.predictions }]));
}

export interface RoundPrediction {
  id: number;
  user_id: number;
  username: string;
  matches: unknown;
  pleno_home: number;
  pleno_away: number;
}

/**
 * Those who predicted the round, best first by season Wilson (docs/architecture.md#the-group-bet); equal Wilson keeps the
 * standings' order (points, then name), and a player with no counted round yet comes last.
 */
export function rankPredictors(predictions: RoundPrediction[], standings: Map<number, { wilson: number; position: number }>): RoundPrediction[] {
  const of = (userId: number) => standings.get(userId) ?? { wilson: -1, position: Number.MAX_SAFE_INTEGER };
  return [...predictions].sort(
    (a, b) =>
      of(b.user_id).wilson - of(a.user_id).wilson ||
      of(a.user_id).position - of(b.user_id).position ||
      a.username.localeCompare(b.username, "es") ||
      a.user_id - b.user_id,
  );
}

export const SELECT_ROUND_PREDICTIONS = `
  select p.id, p.user_id, u.username, p.matches, p.pleno_home, p.pleno_away
    from predictions p join users u on u.id = p.user_id
   where p.group_id = $1 and p.quiniela_id = $2`;

/** The round's ranking: the bet's included players at the ranks it was made with, then the rest by season Wilson. */
export async function rankingOf(deps: Deps, seasonId: number, groupId: number, quinielaId: number): Promise<BetRanking> {
  const [predictions, standings, bet] = await Promise.all([
    deps.db.query<RoundPrediction>(SELECT_ROUND_PREDICTIONS, [groupId, quinielaId]),
    seasonRanks(deps, groupId, seasonId),
    deps.db.one<{ id: number }>("select id from bets where group_id = $1 and quiniela_id = $2", [groupId, quinielaId]),
  ]);
  const included = bet ? await participants(deps.db, bet.id) : [];
  const rest = rankPredictors(predictions, standings).filter((p) => !included.some((i) => i.userId === p.user_id));
  return [
    ...included.map((i) => ({ userId: i.userId, username: i.username, rankPosition: i.rankPosition, included: true })),
    ...rest.map((p, k) => ({ userId: p.user_id, username: p.username, rankPosition: included.length + k + 1, included: false })),
  ];
}
