/**
 * The bet's chances from the peña's own votes and the placement of its doubles and triples that
 * pays most (decision 037). The model, the odds and the search are pure, in core/domain
 * (chances.ts, hit-odds.ts, placement.ts); this reads the group's season and answers or applies.
 */
import { createHash } from "node:crypto";
import type { Bet } from "#core/contract/bet";
import { PLACEMENT_CONFIRMED, PLACEMENT_NOTHING, type ApplyPlacementBody, type BetChances, type ChancesQuery } from "#core/contract/chances";
import { roundModel, type HistoryRound, type RoundModel, type SignProbs, plenoChance } from "#core/domain/bet/chances";
import { chooseChances, type ChosenChances } from "#core/domain/bet/chances-source";
import type { Fixture } from "#core/domain/bet/pre-match";
import { fromBasisPoints } from "#core/domain/official/public-shares";
import { ESPECIAL_SHARE_POOLED, mainColumn, PAYBACK_BP, sharedPrizes } from "#core/domain/bet/expected-prize";
import { publicShares as publicShares_ } from "#core/domain/bet/pre-match";
import { suggestionSentence } from "#core/domain/bet/chances-text";
import { majoritySigns, signChanges } from "#core/domain/bet/suggestion";
import { expectedPrize, FALLBACK_PRIZES, prizeWeights, ticketOdds, winChances, type PrizePerCategory, type TicketOdds } from "#core/domain/bet/hit-odds";
import { formatEuros } from "#core/domain/money";
import { bestForBudget, bestPlacement, bestReductionPlacement, costOf, type Objective, type Placement, type Target } from "#core/domain/bet/placement";
import { isReductionId, REDUCTIONS } from "#core/domain/bet/reductions";
import { CATEGORIES, type Category } from "#core/domain/bet/scrutiny";
import { isSign, normalizePick, type Pick, type Sign } from "#core/domain/signs";
import { plenoCombinations, type Slip } from "#core/domain/bet/slip";
import { cache, CACHES } from "../../caches";
import type { AuthUser, Deps } from "../../context";
import type { Db } from "../../db/db";
import { badRequest, conflict, notFound } from "../../errors";
import { recordAudit } from "../shelf/audit";
import { explainEdit } from "./bet";
import { lockEditableBet } from "./lock";
import { parseJson } from "../shelf/json";
import { betById, picksOf } from "./row";
import { publicSharesOf } from "../official/public-shares";
import { BET_NOT_FOUND } from "#core/contract/bet";

/** The group's rounds of the bet's season in close order, with results and every member's picks. */
export async function seasonHistory(
  db: Db,
  groupId: number,
  seasonId: number,
): Promise<{ quinielaIds: number[]; rounds: HistoryRound[]; fixtures: Fixture[][]; shares: (SignProbs[] | null)[]; estimated: boolean[] }> {
  const [rows, predictions, matches, shareRows, estimates] = await Promise.all([
    db.query<{ quiniela_id: number; result_matches: unknown; pleno_home: number | null; pleno_away: number | null }>(
      `select gq.quiniela_id, r.matches as result_matches, r.pleno_home, r.pleno_away
         from group_quinielas gq join quinielas q on q.id = gq.quiniela_id
         left join quiniela_results r on r.quiniela_id = gq.quiniela_id
        where gq.group_id = $1 and q.season_id = $2
        order by gq.close_date, q.number`,
      [groupId, seasonId],
    ),
    db.query<{ quiniela_id: number; user_id: number; matches: unknown }>(
      `select p.quiniela_id, p.user_id, p.matches from predictions p join quinielas q on q.id = p.quiniela_id
        where p.group_id = $1 and q.season_id = $2`,
      [groupId, seasonId],
    ),
    db.query<{ quiniela_id: number; home: string; away: string }>(
      `select m.quiniela_id, m.home, m.away from quiniela_matches m join quinielas q on q.id = m.quiniela_id
        where q.season_id = $1 and m.position <= 14 order by m.quiniela_id, m.position`,
      [seasonId],
    ),
    db.query<{ quiniela_id: number; share_1: number; share_x: number; share_2: number }>(
      `select s.quiniela_id, s.share_1, s.share_x, s.share_2 from quiniela_public_shares s join quinielas q on q.id = s.quiniela_id
        where q.season_id = $1 order by s.quiniela_id, s.position`,
      [seasonId],
    ),
    // Percentages the app estimated itself are not the public's (decision 072): chooseChances never takes them as the prior.
    db.query<{ quiniela_id: number }>(
      `select s.quiniela_id from quiniela_public_share_sets s join quinielas q on q.id = s.quiniela_id
        where q.season_id = $1 and s.source = 'estimate'`,
      [seasonId],
    ),
  ]);
  const byRound = new Map<number, { userId: number; matches: Pick[] }[]>();
  for (const p of predictions) {
    const list = byRound.get(p.quiniela_id) ?? [];
    list.push({ userId: p.user_id, matches: picksOf(p.matches) });
    byRound.set(p.quiniela_id, list);
  }
  const rounds = rows.map((r): HistoryRound => {
    const raw = parseJson(r.result_matches);
    const results = Array.isArray(raw) && raw.length === 14 ? raw.map((s): Sign | null => (isSign(s) ? s : null)) : null;
    const pleno = r.pleno_home === null || r.pleno_away === null ? null : { home: r.pleno_home, away: r.pleno_away };
    return { results, pleno, predictions: byRound.get(r.quiniela_id) ?? [] };
  });
  const fixtures = rows.map((r) => matches.filter((m) => m.quiniela_id === r.quiniela_id).map((m) => ({ home: m.home, away: m.away })));
  const shares = rows.map((r) => {
    const own = shareRows.filter((s) => s.quiniela_id === r.quiniela_id).map((s) => fromBasisPoints([s.share_1, s.share_x, s.share_2]));
    return own.length === 14 ? own : null;
  });
  const estimatedIds = new Set(estimates.map((e) => e.quiniela_id));
  return { quinielaIds: rows.map((r) => r.quiniela_id), rounds, fixtures, shares, estimated: rows.map((r) => estimatedIds.has(r.quiniela_id)) };
}

/**
 * The jornada's one source of probabilities (decision 066): the peña's model and the choice between
 * it and the prior, for the bet page, its print view, the live page and the kiosk alike.
 */
export function roundChances(history: Awaited<ReturnType<typeof seasonHistory>>, quinielaId: number): { model: RoundModel; chosen: ChosenChances } {
  const target = Math.max(0, history.quinielaIds.indexOf(quinielaId));
  const model = roundModel(history.rounds, target);
  return {
    model,
    chosen: chooseChances({ history: history.rounds, fixtures: history.fixtures, shares: history.shares, estimated: history.estimated, target, model }),
  };
}

/**
 * What seasonHistory reads, as a version rather than the rows (a 200-member season is 8,000 picks):
 * the picks' count, ids and row versions (xmin: any insert, update or delete changes it), the group's
 * rounds in order with their results, the season's matches' row versions, and its public percentages'
 * versions and sources (any round's change the prior, decision 072). About a tenth of the reads.
 */
async function historyStamp(db: Db, groupId: number, seasonId: number): Promise<unknown> {
  return db.one(
    `select
       (select count(*)::text || ':' || coalesce(sum(p.id), 0)::text || ':' || coalesce(sum(p.xmin::text::bigint), 0)::text
          from predictions p join quinielas q on q.id = p.quiniela_id where p.group_id = $1 and q.season_id = $2) as picks,
       (select coalesce(string_agg(gq.quiniela_id || '@' || gq.close_date || '#' || coalesce(r.matches::text, '') || ':' ||
                                   coalesce(r.pleno_home::text, '') || '-' || coalesce(r.pleno_away::text, ''), ',' order by gq.close_date, q.number), '')
          from group_quinielas gq join quinielas q on q.id = gq.quiniela_id left join quiniela_results r on r.quiniela_id = gq.quiniela_id
         where gq.group_id = $1 and q.season_id = $2) as rounds,
       (select count(*)::text || ':' || coalesce(sum(m.xmin::text::bigint), 0)::text
          from quiniela_matches m join quinielas q on q.id = m.quiniela_id where q.season_id = $2) as fixtures,
       (select coalesce(string_agg(s.quiniela_id || ':' || s.version || ':' || s.source, ',' order by s.quiniela_id), '')
          from quiniela_public_share_sets s join quinielas q on q.id = s.quiniela_id where q.season_id = $2) as shares`,
    [groupId, seasonId],
  );
}

/** The season's average prize per winning bet of each category among entered prize tables; the fallback elsewhere. */
export async function seasonPrizes(db: Db, seasonId: number): Promise<BetChances["prizes"]> {
  const rows = await db.query<{ category: Category; avg: number | string; jornadas: number | string }>(
    `select p.category, avg(p.prize_cents) as avg, count(distinct p.quiniela_id) as jornadas
       from quiniela_prizes p join quinielas q on q.id = p.quiniela_id
      where q.season_id = $1 and p.prize_cents > 0 group by p.category`,
    [seasonId],
  );
  const perCategoryCents = { ...FALLBACK_PRIZES };
  const fromSeason = Object.fromEntries(CATEGORIES.map((c) => [c, false])) as Record<Category, boolean>;
  for (const r of rows) {
    perCategoryCents[r.category] = Math.round(Number(r.avg));
    fromSeason[r.category] = true;
  }
  return {
    perCategoryCents,
    fromSeason,
    jornadas: Math.max(0, ...rows.map((r) => Number(r.jornadas))),
    shared: false,
    publicShares: "chances",
    paybackBasisPoints: PAYBACK_BP,
    especialShare: ESPECIAL_SHARE_POOLED,
  };
}

/** The bet as the slip it is played with: its picks, its played pleno marks and its reduction. */
export function slipOf(bet: Bet): Slip {
  const t = bet.ticket;
  return {
    matches: bet.mergedPrediction.matches.map(normalizePick),
    pleno: t.plenoMarks,
    reduction: isReductionId(t.reduction) ? { id: t.reduction, matches: t.reducedMatches.map((m) => m - 1) } : null,
  };
}

const valueOf = (odds: TicketOdds, target: Target, prizes: PrizePerCategory) =>
  target === "p10" ? odds.atLeast[10] : target === "p12" ? odds.atLeast[12] : expectedPrize(odds, prizes);

interface Computed {
  bet: Bet;
  model: RoundModel;
  chosen: ChosenChances;
  prizes: BetChances["prizes"];
  current: TicketOdds;
  suggestion: (Placement & { proven: boolean }) | null;
  pleno: number;
  /** The group lets suggestions change the majority's signs (decision 097). */
  changeSigns: boolean;
  /** The majority's sign each suggestion keeps per match; null when the group lets it change them. */
  keep: (Sign | null)[] | null;
}

/** The stored kept signs of a bet a suggestion was applied to: 14 signs or nulls, or null when none. */
function keptSignsOf(raw: unknown): (Sign | null)[] | null {
  const v = parseJson(raw);
  return Array.isArray(v) && v.length === 14 ? v.map((s) => (isSign(s) ? s : null)) : null;
}

/**
 * The chances held under the data's version: the key is a digest of everything `compute`
 * reads (the bet's picks and ticket, the season's picks and results as historyStamp versions them,
 * the prizes, the round's type, the public's shares) and the query, so a view after any change
 * computes again, and a view of unchanged data (the usual case: the page read again, another member
 * opening it) costs a few small reads. Per instance and bounded (backend/caches.ts); nothing to invalidate, since a change makes another key.
 */
const held = cache<Omit<Computed, "bet">>(CACHES.chances);
let computations = 0;
/** How many times the chances were computed rather than found held (for the tests and the bench). */
export const chancesComputations = () => computations;
/** Drops every held answer, so the next view computes from scratch (the tests compare the two). */
export const forgetHeldChances = () => held.clear();

const digest = (parts: unknown): string => createHash("sha256").update(JSON.stringify(parts)).digest("base64url");

/** The round's model, the bet's odds and the best placement for the target (and budget). */
async function compute(deps: Deps, betId: number, query: { target: Target; budgetCents?: number }): Promise<Computed> {
  const bet = await betById(deps.db, betId);
  const [stamp, seasonAverages, shape, publicShares] = await Promise.all([
    historyStamp(deps.db, bet.groupId, bet.seasonId),
    seasonPrizes(deps.db, bet.seasonId),
    deps.db.one<{ num_double: number; num_triple: number; change_signs: boolean; kept_signs: unknown }>(
      `select pt.num_double, pt.num_triple, g.suggestions_change_signs as change_signs, (select b.kept_signs from bets b where b.id = $3) as kept_signs
         from group_quinielas gq join pool_types pt on pt.id = gq.type_quiniela_id join groups g on g.id = gq.group_id
        where gq.group_id = $1 and gq.quiniela_id = $2`,
      [bet.groupId, bet.quinielaId, bet.id],
    ),
    publicSharesOf(deps.db, bet.quinielaId),
  ]);
  if (!shape) throw notFound(BET_NOT_FOUND);
  const key = digest([bet.id, bet.quinielaId, bet.mergedPrediction, bet.votes, bet.ticket, stamp, seasonAverages, shape, publicShares.shares, query]);
  const found = held.get(key);
  if (found) return { ...found, bet };
  computations++;
  const history = await seasonHistory(deps.db, bet.groupId, bet.seasonId);
  const { model, chosen } = roundChances(history, bet.quinielaId);
  const probs = chosen.probs;
  const slip = slipOf(bet);
  // Each category's prize is its fund shared with the others who would hit it with this ticket's signs
  // (decision 097): the public's percentages of the jornada, or, without them, estimated (and said so).
  const own = publicShares.shares.length === 14;
  const shares = own ? publicShares.shares.map(fromBasisPoints) : probs.map((p) => publicShares_(p));
  const prizes: BetChances["prizes"] = {
    ...seasonAverages,
    perCategoryCents: sharedPrizes({ column: mainColumn(slip.matches, probs), probs, shares, priceCents: bet.ticket.priceCents }),
    shared: own,
    publicShares: own ? (publicShares.source === "estimate" ? "rating" : "jornada") : "chances",
    paybackBasisPoints: PAYBACK_BP,
    especialShare: ESPECIAL_SHARE_POOLED,
  };
  const pleno = plenoChance(slip.pleno, model.pleno);
  const current = ticketOdds(slip, probs, pleno);
  const combos = plenoCombinations(slip.pleno);
  // Unless the managers let it, a suggestion keeps the majority's sign of every match (decision 097).
  const keep = shape.change_signs ? undefined : (keptSignsOf(shape.kept_signs) ?? majoritySigns(slip.matches, bet.votes));
  const objective: Objective = { target: query.target, prizeWeights: prizeWeights(prizes.perCategoryCents, pleno, combos), keep };
  let suggestion: Computed["suggestion"];
  if (query.budgetCents !== undefined) {
    suggestion = bestForBudget(probs, { cents: query.budgetCents, priceCents: bet.ticket.priceCents, plenoCombinations: combos }, objective);
  } else {
    const reduction = slip.reduction ? REDUCTIONS[slip.reduction.id] : null;
    // Played through a reduction of the round's shape: placed as that reduction; otherwise in full.
    suggestion =
      reduction && reduction.doubles === shape.num_double && reduction.triples === shape.num_triple
        ? bestReductionPlacement(probs, reduction, objective)
        : { ...bestPlacement(probs, { numDouble: shape.num_double, numTriple: shape.num_triple }, objective), proven: true };
  }
  const result = { model, chosen, prizes, current, suggestion, pleno, changeSigns: shape.change_signs, keep: keep ?? null };
  held.set(key, result);
  return { bet, ...result };
}

const probsOf = (p: SignProbs): [number, number, number] => [p[0], p[1], p[2]];
// An expectation is rarely a whole cent: it leaves here rounded to one, as all money does (decision 031).
const oddsOf = (o: TicketOdds, wins: Record<Category, number>, prizes: PrizePerCategory, costCents: number) => {
  const expectedPrizeCents = Math.round(expectedPrize(o, prizes));
  return { atLeast: o.atLeast, wins, expectedPrizeCents, costCents, expectedLossCents: costCents - expectedPrizeCents };
};

/** The slip a placement plays, with the bet's pleno marks. */
function placementSlip(p: Placement, pleno: Slip["pleno"]): Slip {
  const reduced = [...p.triples, ...p.doubles].sort((a, b) => a - b);
  return { matches: p.matches, pleno, reduction: p.reduction ? { id: p.reduction, matches: reduced } : null };
}

/** GET /Bet/{id}/Chances. */
export async function betChances(deps: Deps, betId: number, query: ChancesQuery): Promise<BetChances> {
  const target = query.target as Target;
  const c = await compute(deps, betId, { target, budgetCents: query.budgetCents });
  const prizes = c.prizes.perCategoryCents;
  const currentValue = valueOf(c.current, target, prizes);
  const slip = slipOf(c.bet);
  let suggestion: BetChances["suggestion"] = null;
  if (c.suggestion) {
    const s = c.suggestion;
    const sSlip = placementSlip(s, slip.pleno);
    const odds = ticketOdds(sSlip, c.chosen.probs, c.pleno);
    const columns = s.reduction ? REDUCTIONS[s.reduction].columns : 2 ** s.doubles.length * 3 ** s.triples.length;
    const costCents = costOf(columns, { cents: 0, priceCents: c.bet.ticket.priceCents, plenoCombinations: plenoCombinations(slip.pleno) });
    const same = (s.reduction ?? null) === (slip.reduction?.id ?? null) && s.matches.every((m, i) => m.join("") === slip.matches[i].join(""));
    suggestion = {
      matches: s.matches,
      reduction: s.reduction,
      reductionName: s.reduction ? REDUCTIONS[s.reduction].name : null,
      doubles: s.doubles.map((i) => i + 1),
      triples: s.triples.map((i) => i + 1),
      odds: oddsOf(odds, winChances(sSlip, c.chosen.probs, c.pleno), prizes, costCents),
      costCents,
      value: s.value,
      currentValue,
      same,
      proven: s.proven,
      sentence: suggestionSentence(s, target, s.value, currentValue, formatEuros),
      changes: signChanges(slip.matches, s.matches),
    };
  }
  return {
    betId,
    version: c.bet.version,
    confirmed: c.bet.confirmBet,
    suggestionsChangeSigns: c.changeSigns,
    target,
    budgetCents: query.budgetCents ?? null,
    probabilities: c.chosen.probs.map(probsOf),
    plenoChance: c.pleno,
    model: {
      alpha: c.model.fit.params.alpha,
      beta: c.model.fit.params.beta,
      fitted: c.model.fit.fitted,
      pastRounds: c.model.pastRounds,
      fittedMatches: c.model.fit.matches,
      logLoss: c.model.fit.logLoss,
      voters: c.model.voters,
      baseRates: probsOf(c.model.base),
      source: c.chosen.source,
      prior: c.chosen.prior,
      weight: c.chosen.weight,
      priorLogLoss: c.chosen.priorLogLoss,
    },
    prizes: c.prizes,
    current: oddsOf(c.current, winChances(slip, c.chosen.probs, c.pleno), prizes, c.bet.ticket.costCents),
    suggestion,
  };
}

/**
 * POST /Bet/{id}/ApplyPlacement: the suggestion, computed again here, becomes the bet's picks (and
 * its reduction, for a budget). A confirmed bet is what was played: it never changes (409).
 */
export async function applyPlacement(
  deps: Deps,
  user: { id: number | null; username: AuthUser["username"] },
  betId: number,
  body: ApplyPlacementBody,
): Promise<void> {
  const first = await deps.db.one<{ confirmed: boolean }>("select confirmed from bets where id = $1", [betId]);
  if (!first) throw notFound(BET_NOT_FOUND);
  if (first.confirmed) throw conflict(PLACEMENT_CONFIRMED);
  const c = await compute(deps, betId, { target: body.target as Target, budgetCents: body.budgetCents });
  const s = c.suggestion;
  if (!s) throw badRequest(PLACEMENT_NOTHING);
  await deps.db.tx(async (tx) => {
    const row = await lockEditableBet(tx, betId, body.version ?? c.bet.version, PLACEMENT_CONFIRMED);
    const before = picksOf(row.matches);
    const explanations = explainEdit(parseJson(row.explanations), before, s.matches, user.username, "Colocación de dobles y triples aplicada por");
    // The signs kept stay the ones of the bet before any suggestion (decision 097).
    await tx.query(
      "update bets set matches = $2, explanations = $3, reduction = $4, updated_at = $5, kept_signs = coalesce(kept_signs, $6), version = version + 1 where id = $1",
      [betId, JSON.stringify(s.matches), JSON.stringify(explanations), s.reduction, deps.clock(), c.keep ? JSON.stringify(c.keep) : null],
    );
    const name = (r: number | null) => (isReductionId(r) ? REDUCTIONS[r].name : "Múltiple directo");
    await recordAudit(tx, {
      at: deps.clock(),
      actorId: user.id,
      actorName: user.username,
      groupId: row.group_id,
      action: "bet.placement",
      entity: "bet",
      entityId: betId,
      subject: `Jornada ${row.number}`,
      before: { signos: before.map((m) => m.join("")), jugada: name(row.reduction) },
      after: { signos: s.matches.map((m) => m.join("")), jugada: name(s.reduction), objetivo: body.target },
    });
  });
}
