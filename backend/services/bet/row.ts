/** A stored bet as the contract shows it: its row, its cost and, once the round has results, its hits. */
import { BET_NOT_FOUND, type Bet } from "#core/contract/bet";
import { ticketColumns, ticketCost } from "#core/domain/bet/group-bet";
import { scorePrediction, type Results } from "#core/domain/hits";
import { centsToEuros, eurosToCents } from "#core/domain/money";
import { isSign, normalizePick, type Pick, type Score, type Sign } from "#core/domain/signs";
import type { Db } from "../../db/db";
import { notFound } from "../../errors";
import { parseJson } from "../shelf/json";
import { buildTicket, storedPlenoMarks, storedPrizes } from "./ticket";

export const picksOf = (v: unknown): Pick[] => {
  const raw = parseJson(v);
  return Array.isArray(raw) ? raw.map(normalizePick) : [];
};
const scoreOf = (home: number | null, away: number | null): Score | null => (home === null || away === null ? null : { home, away });

export interface BetRow {
  id: number;
  group_id: number;
  quiniela_id: number;
  season_id: number;
  number: number;
  top_n: number;
  usernames_included: unknown;
  matches: unknown;
  votes: unknown;
  pleno_home: number | null;
  pleno_away: number | null;
  explanations: unknown;
  confirmed: boolean;
  confirmed_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
  version: number;
  bet_price: number | string;
  result_matches: unknown;
  result_home: number | null;
  result_away: number | null;
  has_results: boolean;
  reduction: number | null;
  pleno_marks: unknown;
  prizes: unknown;
  prizes_estimated: boolean | null;
  /** The row's xmin: a new bet, or any write to this one, changes it (held views, decision 027). */
  row_version: string;
}

export const SELECT_BET = `
  select b.id, b.group_id, b.quiniela_id, b.season_id, q.number, b.top_n, b.usernames_included, b.matches, b.votes,
         b.pleno_home, b.pleno_away, b.explanations, b.confirmed, b.confirmed_at, b.created_at, b.updated_at, b.version, s.bet_price,
         r.matches as result_matches, r.pleno_home as result_home, r.pleno_away as result_away, (r.quiniela_id is not null) as has_results,
         b.reduction, b.pleno_marks,
         (select json_object_agg(p.category, p.prize_cents) from quiniela_prizes p where p.quiniela_id = b.quiniela_id) as prizes,
         (select ps.source = 'estimate' from quiniela_prize_sets ps where ps.quiniela_id = b.quiniela_id) as prizes_estimated,
         b.xmin::text as row_version
    from bets b
    join quinielas q on q.id = b.quiniela_id
    join seasons s on s.id = b.season_id
    left join quiniela_results r on r.quiniela_id = b.quiniela_id`;

export function toBet(row: BetRow): Bet {
  const matches = picksOf(row.matches);
  const pl15 = scoreOf(row.pleno_home, row.pleno_away);
  const columns = ticketColumns(matches);
  // numeric(6, 2) in euros, read as a number or its digits: cents from here on (decision 031).
  const priceCents = eurosToCents(row.bet_price);
  const rawVotes = parseJson(row.votes);
  const votes = (Array.isArray(rawVotes) ? rawVotes : []).map((v: Partial<Record<Sign, number>>) => ({ "1": v["1"] ?? 0, X: v.X ?? 0, "2": v["2"] ?? 0 }));
  let results: Results | null = null;
  if (row.has_results) {
    const raw = parseJson(row.result_matches);
    results = {
      matches: Array.isArray(raw) ? raw.map((s): Sign | null => (isSign(s) ? s : null)) : [],
      pleno: scoreOf(row.result_home, row.result_away),
    };
  }
  const strings = (v: unknown) => {
    const raw = parseJson(v);
    return Array.isArray(raw) ? raw.map(String) : [];
  };
  return {
    id: row.id,
    groupId: row.group_id,
    quinielaId: row.quiniela_id,
    seasonId: row.season_id,
    numberQuiniela: row.number,
    topN: row.top_n,
    usernamesIncluded: strings(row.usernames_included),
    mergedPrediction: { matches, pl15 },
    votes,
    explanations: strings(row.explanations),
    confirmBet: row.confirmed,
    confirmedAt: row.confirmed_at === null ? null : new Date(row.confirmed_at).toISOString(),
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
    version: row.version,
    columns,
    betPrice: centsToEuros(priceCents),
    cost: centsToEuros(ticketCost(columns, priceCents)),
    // The game's hit count (docs/architecture.md#hits): a match counts when its official sign is among the chosen ones.
    hits: results ? scorePrediction({ matches, pleno: pl15 }, results).hits : null,
    results: results ? { matches: results.matches, pl15: results.pleno } : null,
    ticket: buildTicket({
      matches,
      pleno: pl15,
      reduction: row.reduction,
      plenoMarks: storedPlenoMarks(row.pleno_marks),
      priceCents,
      results,
      prizes: storedPrizes(row.prizes),
      prizesEstimated: row.prizes_estimated === true,
    }),
  };
}

export async function betById(db: Db, betId: number): Promise<Bet> {
  const row = await db.one<BetRow>(`${SELECT_BET} where b.id = $1`, [betId]);
  if (!row) throw notFound(BET_NOT_FOUND);
  return toBet(row);
}

export async function lastTopN(db: Db, groupId: number): Promise<{ topN: number | null }> {
  const row = await db.one<{ top_n: number }>("select top_n from bets where group_id = $1 order by created_at desc, id desc limit 1", [groupId]);
  return { topN: row?.top_n ?? null };
}
