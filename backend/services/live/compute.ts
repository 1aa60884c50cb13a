/**
 * One group's live view computed (decision 051): the scores it sees, each player's hits so far and
 * still possible, the provisional ranking and the bet's live columns and odds. The numbers are pure,
 * in core/domain/live/live.ts; view.ts keeps what this computes.
 */
import { type LiveRound, type LiveSource } from "#core/contract/live";
import { plenoChance } from "#core/domain/bet/chances";
import { liveShareText, livePlayers, livePlayersAfter, liveTicket, scoresShown, signOfScore, type ScoreAuthor } from "#core/domain/live/live";
import type { SignProbs } from "#core/domain/bet/chances";
import type { Slip } from "#core/domain/bet/slip";
import { isSign, MATCHES, type Pick, type Score, type Sign } from "#core/domain/signs";
import type { Deps } from "../../context";
import type { Db } from "../../db/db";
import { parseJson } from "../shelf/json";
import { betById, picksOf } from "../bet/row";
import { roundChances, seasonHistory, slipOf } from "../bet/chances";
import { type RoundRow } from "./round-in-play";

interface Shown {
  score: Score;
  source: LiveSource;
  at: Date;
}

/** Per position 1–15, the provisional score this group sees (`scoresShown`: its managers' over an admin's over the feed's). */
async function provisionalFor(db: Db, groupId: number, quinielaId: number): Promise<(Shown | null)[]> {
  const rows = await db.query<{ position: number; home_goals: number; away_goals: number; source: ScoreAuthor; at: Date }>(
    `select position, home_goals, away_goals, source, at from provisional_results
      where quiniela_id = $1 and (group_id = $2 or group_id is null)`,
    [quinielaId, groupId],
  );
  return shownOf(rows);
}

export const shownOf = (rows: readonly { position: number; home_goals: number; away_goals: number; source: ScoreAuthor; at: Date }[]): (Shown | null)[] =>
  scoresShown(rows).map((r) =>
    r ? { score: { home: r.home_goals, away: r.away_goals }, source: r.source === "group" ? "grupo" : r.source, at: new Date(r.at) } : null,
  );

type LiveMatch = LiveRound["matches"][number];

/** One match's row: the official sign when there are results, else the provisional score shown. */
export function liveRow(
  m: { position: number; home: string; away: string },
  official: { signs: (Sign | null)[]; pleno: Score | null; at: Date } | null,
  p: Shown | null | undefined,
): LiveMatch {
  if (official) {
    const score = m.position === 15 ? official.pleno : null;
    const sign = m.position === 15 ? null : official.signs[m.position - 1];
    return { position: m.position, home: m.home, away: m.away, score, sign, source: "oficial" as const, at: official.at.toISOString() };
  }
  return {
    position: m.position,
    home: m.home,
    away: m.away,
    score: p?.score ?? null,
    sign: p && m.position !== 15 ? signOfScore(p.score) : null,
    source: p?.source ?? null,
    at: p ? p.at.toISOString() : null,
  };
}

/** What a view's players and bet are computed from, besides the scores: held with the shared row (decision 071). */
export interface ViewInputs {
  players: { name: string; matches: Pick[]; pleno: Score | null }[];
  bet: { slip: Slip; probs: SignProbs[]; plenoModel: number } | null;
}

const playedOf = (rows: readonly LiveMatch[]) => Array.from({ length: MATCHES }, (_, k): Sign | null => rows[k]?.sign ?? null);

/**
 * The view with new match rows, from the one before and its inputs: the players by the ±1 rule when
 * only match signs moved (a full scoring when the pleno did), the bet's live columns and odds again.
 */
export function viewFrom(before: LiveRound, inputs: ViewInputs, rows: LiveMatch[], version: string): LiveRound {
  const played = playedOf(rows);
  const pleno = rows[MATCHES]?.score ?? null;
  const playedBefore = playedOf(before.matches);
  const plenoBefore = before.matches[MATCHES]?.score ?? null;
  const samePleno = (plenoBefore === null && pleno === null) || (plenoBefore && pleno && plenoBefore.home === pleno.home && plenoBefore.away === pleno.away);
  let players = before.players;
  if (before.roundOpen) players = [];
  else if (!samePleno) players = livePlayers(inputs.players, played, pleno);
  else {
    const picks = new Map(inputs.players.map((p) => [p.name, p.matches]));
    for (let k = 0; k < MATCHES; k++) if (playedBefore[k] !== played[k]) players = livePlayersAfter(players, picks, k, playedBefore[k], played[k]);
  }
  const playedCount = played.filter((s) => s !== null).length;
  let bet = before.bet;
  if (bet && inputs.bet) {
    bet = { ...bet, ...ticketFigures(liveTicket(inputs.bet.slip, inputs.bet.probs, played, pleno, inputs.bet.plenoModel)) };
  }
  return {
    ...before,
    version,
    played: playedCount,
    matches: rows,
    players,
    bet,
    shareText: liveShareText(before.group.name, bet, playedCount),
  };
}

export async function computeView(deps: Deps, groupId: number, round: RoundRow, version: string): Promise<{ view: LiveRound; inputs: ViewInputs }> {
  const quinielaId = round.quiniela_id;
  const [matches, official, provisional, predictions, betRow] = await Promise.all([
    deps.db.query<{ position: number; home: string; away: string }>(
      `select position, home, away from quiniela_matches where quiniela_id = $1 order by position`,
      [quinielaId],
    ),
    deps.db.one<{ matches: unknown; pleno_home: number | null; pleno_away: number | null; updated_at: Date }>(
      `select matches, pleno_home, pleno_away, updated_at from quiniela_results where quiniela_id = $1`,
      [quinielaId],
    ),
    // While the group's round takes picks, no score counts here: with them each player's hits would
    // tell everyone's picks before the close (decision 061).
    round.open ? Promise.resolve([]) : provisionalFor(deps.db, groupId, quinielaId),
    deps.db.query<{ username: string; matches: unknown; pleno_home: number; pleno_away: number }>(
      `select member_name(p.group_id, u.id) as username, p.matches, p.pleno_home, p.pleno_away from predictions p join users u on u.id = p.user_id
        where p.group_id = $1 and p.quiniela_id = $2`,
      [groupId, quinielaId],
    ),
    deps.db.one<{ id: number }>(`select id from bets where group_id = $1 and quiniela_id = $2`, [groupId, quinielaId]),
  ]);
  const officialSigns = official ? (parseJson(official.matches) as unknown[]).map((s): Sign | null => (isSign(s) ? s : null)) : null;
  const officialPleno =
    official && official.pleno_home !== null && official.pleno_away !== null ? { home: official.pleno_home, away: official.pleno_away } : null;
  const rows = matches.map((m) =>
    liveRow(m, officialSigns ? { signs: officialSigns, pleno: officialPleno, at: official!.updated_at } : null, provisional[m.position - 1]),
  );
  const played = playedOf(rows);
  const pleno = rows[MATCHES]?.score ?? null;
  const playedCount = played.filter((s) => s !== null).length;
  const inputs: ViewInputs = {
    players: predictions.map((p) => ({ name: p.username, matches: picksOf(p.matches), pleno: { home: p.pleno_home, away: p.pleno_away } })),
    bet: null,
  };
  const players = round.open ? [] : livePlayers(inputs.players, played, pleno);
  const live = betRow ? await liveBet(deps, betRow.id, quinielaId, played, pleno) : null;
  inputs.bet = live?.inputs ?? null;
  const bet = live?.bet ?? null;
  const view: LiveRound = {
    group: { id: groupId, name: round.group_name },
    quinielaId,
    numberQuiniela: round.number,
    provisional: !official,
    version,
    played: playedCount,
    matches: rows,
    players,
    roundOpen: round.open,
    bet,
    shareText: liveShareText(round.group_name, bet, playedCount),
  };
  return { view, inputs };
}

/** What the bet's live columns say, as the view carries it: computed in full or by a goal's refresh alike. */
const ticketFigures = (live: ReturnType<typeof liveTicket>) => ({
  columns: live.columns,
  hits: live.hits,
  bestColumn: live.bestColumn,
  alive: live.alive,
  atLeast: live.odds.atLeast,
  categories: live.categories,
  wins: live.wins,
});

async function liveBet(
  deps: Deps,
  betId: number,
  quinielaId: number,
  played: (Sign | null)[],
  pleno: Score | null,
): Promise<{ bet: NonNullable<LiveRound["bet"]>; inputs: NonNullable<ViewInputs["bet"]> }> {
  const bet = await betById(deps.db, betId);
  const history = await seasonHistory(deps.db, bet.groupId, bet.seasonId);
  // The same probabilities as the bet page's, chosen by the same rule (decision 066).
  const { model, chosen } = roundChances(history, quinielaId);
  const slip = slipOf(bet);
  const plenoModel = plenoChance(slip.pleno, model.pleno);
  const live = liveTicket(slip, chosen.probs, played, pleno, plenoModel);
  return {
    bet: {
      betId,
      confirmed: bet.confirmBet,
      matches: bet.mergedPrediction.matches,
      ...ticketFigures(live),
      source: chosen.source,
      prior: chosen.prior,
      weight: chosen.weight,
      pastRounds: model.pastRounds,
    },
    inputs: { slip, probs: [...chosen.probs], plenoModel },
  };
}
