/**
 * Who may make a round's group bet: the conditions to generate it (who must have predicted) and
 * the round's predictors ranked by season Wilson, the order the bet takes its top N from.
 */
import type { BetParticipant, BetRanking } from "#core/contract/bet";
import { conditionCountsOf, type ConditionCounts } from "#core/domain/bet/bet-conditions";
import type { Deps } from "../../context";
import type { Db } from "../../db/db";
import { seasonRanks } from "../standings/standings";

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
export async function conditionCounts(db: Db, groupId: number, quinielaId?: number): Promise<Map<number, ConditionCounts>> {
  // Four plain reads and one pass (core/domain/bet/bet-conditions): asked per round and member in SQL, a
  // 200-member season took 300 ms a view of the group bet.
  const [rounds, picks, members, blocks] = await Promise.all([
    db.query<{ id: number; quiniela_id: number; open_date: Date | string }>("select id, quiniela_id, open_date from group_quinielas where group_id = $1", [
      groupId,
    ]),
    db.query<{ quiniela_id: number; user_id: number }>("select quiniela_id, user_id from predictions where group_id = $1", [groupId]),
    db.query<{ user_id: number }>("select user_id from group_members where group_id = $1 and removed_at is null", [groupId]),
    db.query<{ group_quiniela_id: number; user_id: number }>(
      "select bl.group_quiniela_id, bl.user_id from group_quiniela_blocks bl join group_quinielas gq on gq.id = bl.group_quiniela_id where gq.group_id = $1",
      [groupId],
    ),
  ]);
  const counts = conditionCountsOf({
    rounds: rounds.map((r) => ({ id: r.id, quinielaId: r.quiniela_id, openedAt: new Date(r.open_date).getTime() })),
    picks: picks.map((p) => ({ quinielaId: p.quiniela_id, userId: p.user_id })),
    members: members.map((m) => m.user_id),
    blocked: new Set(blocks.map((b) => `${b.group_quiniela_id}:${b.user_id}`)),
  });
  if (quinielaId === undefined) return counts;
  const one = counts.get(quinielaId);
  return one ? new Map([[quinielaId, one]]) : new Map();
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
  select p.id, p.user_id, member_name(p.group_id, u.id) as username, p.matches, p.pleno_home, p.pleno_away
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
