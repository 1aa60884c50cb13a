import { TICKET_CONFIRMED_NO_EDIT, type PlenoMarks, type Ticket, type UpdateTicketBody } from "#core/contract/ticket";
import type { PrizeTable } from "#core/domain/bet/prizes";
import { REDUCTIONS, isReductionId, type ReductionId } from "#core/domain/bet/reductions";
import { CATEGORIES, scrutinize, type Category } from "#core/domain/bet/scrutiny";
import { PLENO_MARKS, slipBets, slipColumns, slipCost, chargedBets, type PlenoMark } from "#core/domain/bet/slip";
import { isSign, MATCHES, type Pick, type Score, type Sign } from "#core/domain/signs";
import { playedPleno, reductionMatches, ticketOptions, ticketSlip } from "#core/domain/bet/ticket";
import type { Deps } from "../../context";
import { badRequest } from "../../errors";
import { recordAudit } from "../shelf/audit";
import { lockEditableBet } from "./lock";
import type { Cents } from "#core/domain/money";
import { parseJson } from "../shelf/json";

/**
 * The group bet as the lottery shop takes it (decision 034): how it is played (reduction, pleno
 * marks), what it costs, and its escrutinio against the official results and prizes.
 */

/** Stored pleno marks (jsonb) as marks per team, or null. */
export function storedPlenoMarks(v: unknown): PlenoMarks | null {
  const raw = parseJson(v);
  if (!raw || typeof raw !== "object") return null;
  const side = (x: unknown): PlenoMark[] => (Array.isArray(x) ? PLENO_MARKS.filter((m) => x.includes(m)) : []);
  const r = raw as { home?: unknown; away?: unknown };
  return { home: side(r.home), away: side(r.away) };
}

/** Stored prizes (a json object category → cents, or null) as a table. */
export function storedPrizes(v: unknown): PrizeTable {
  const raw = parseJson(v);
  const table: PrizeTable = {};
  if (!raw || typeof raw !== "object") return table;
  for (const c of CATEGORIES) {
    const cents = Number((raw as Record<string, unknown>)[c]);
    if ((raw as Record<string, unknown>)[c] !== undefined && Number.isSafeInteger(cents)) table[c] = cents;
  }
  return table;
}

/** The stored reduction if it still fits the picks (an edit may have taken a multiple away), else null. */
export function fittingReduction(matches: readonly Pick[], reduction: number | null): ReductionId | null {
  return isReductionId(reduction) && reductionMatches(matches, REDUCTIONS[reduction]) ? reduction : null;
}

export interface TicketInput {
  matches: Pick[];
  pleno: Score | null;
  reduction: number | null;
  plenoMarks: PlenoMarks | null;
  priceCents: Cents;
  results: { matches: (Sign | null)[]; pleno: Score | null } | null;
  prizes: PrizeTable;
  /** The prize table was estimated, not published (decision 044). */
  prizesEstimated?: boolean;
}

const perCategory = <T>(f: (c: Category) => T) => Object.fromEntries(CATEGORIES.map((c) => [c, f(c)])) as Record<Category, T>;

/** The ticket of a bet: its slip, bets and cost in cents, the ways it could be played, and its escrutinio. */
export function buildTicket(input: TicketInput): Ticket {
  const complete = input.matches.length === MATCHES && input.matches.every((p) => p.length > 0);
  const reduction = complete ? fittingReduction(input.matches, input.reduction) : null;
  const choice = { reduction, plenoMarks: input.plenoMarks };
  if (!complete) {
    return {
      reduction: null,
      reductionName: null,
      reductionVerified: true,
      reducedMatches: [],
      plenoMarks: null,
      columns: 0,
      bets: 0,
      chargedBets: 0,
      priceCents: input.priceCents,
      costCents: 0,
      fullBets: 0,
      fullCostCents: 0,
      options: [],
      scrutiny: null,
    };
  }
  const slip = ticketSlip(input.matches, input.pleno, choice);
  const full = ticketSlip(input.matches, input.pleno, { reduction: null, plenoMarks: input.plenoMarks });
  const bets = slipBets(slip);
  let scrutiny: Ticket["scrutiny"] = null;
  const r = input.results;
  if (r && r.pleno && r.matches.length === MATCHES && r.matches.every((s) => isSign(s))) {
    const s = scrutinize(slip, { matches: r.matches as Sign[], pleno: r.pleno }, input.prizes);
    const prizesCents = perCategory((c) => (s.winners[c] === 0 ? 0 : input.prizes[c] === undefined ? null : s.prizes[c]));
    scrutiny = {
      winners: s.winners,
      prizesCents,
      totalPrizeCents: s.totalPrize,
      prizesComplete: CATEGORIES.every((c) => prizesCents[c] !== null),
      prizesEstimated: input.prizesEstimated ?? false,
      best: s.best,
    };
  }
  return {
    reduction,
    reductionName: reduction ? REDUCTIONS[reduction].name : null,
    reductionVerified: reduction ? REDUCTIONS[reduction].verified : true,
    reducedMatches: (slip.reduction?.matches ?? []).map((i) => i + 1),
    plenoMarks: slip.pleno,
    columns: slipColumns(slip),
    bets,
    chargedBets: chargedBets(bets),
    priceCents: input.priceCents,
    costCents: slipCost(slip, input.priceCents),
    fullBets: slipBets(full),
    fullCostCents: slipCost(full, input.priceCents),
    options: ticketOptions(input.matches, input.pleno, input.plenoMarks, input.priceCents),
    scrutiny,
  };
}

const marksText = (m: PlenoMarks | null) => (m ? `${m.home.join("")} / ${m.away.join("")}` : "sin pleno");

/**
 * PUT /Bet/{id}/Ticket: the manager chooses how the bet is played. The ticket belongs to the bet
 * before confirmation; a confirmed bet's ticket is fixed, as its picks are (409).
 */
export async function updateTicket(deps: Deps, actorId: number, betId: number, body: UpdateTicketBody): Promise<void> {
  await deps.db.tx(async (tx) => {
    const row = await lockEditableBet(tx, betId, body.version, TICKET_CONFIRMED_NO_EDIT);
    const raw = parseJson(row.matches);
    const matches: Pick[] = Array.isArray(raw) ? raw.map((p: unknown) => (Array.isArray(p) ? p.filter(isSign) : [])) : [];
    if (body.reduction !== null) {
      const reduction = REDUCTIONS[body.reduction as ReductionId];
      if (!reductionMatches(matches, reduction)) {
        throw badRequest(`La ${reduction.name} se juega sobre ${reduction.triples} triples y ${reduction.doubles} dobles: esta apuesta no los tiene.`);
      }
    }
    const before = storedPlenoMarks(row.pleno_marks);
    const marks = body.plenoMarks === undefined ? before : storedPlenoMarks(body.plenoMarks);
    await tx.query("update bets set reduction = $2, pleno_marks = $3, updated_at = $4, version = version + 1 where id = $1", [
      betId,
      body.reduction,
      marks ? JSON.stringify(marks) : null,
      deps.clock(),
    ]);
    const pleno = row.pleno_home === null || row.pleno_away === null ? null : { home: row.pleno_home, away: row.pleno_away };
    const name = (r: number | null) => (isReductionId(r) ? REDUCTIONS[r].name : "Múltiple directo");
    await recordAudit(tx, {
      at: deps.clock(),
      actorId,
      groupId: row.group_id,
      action: "bet.ticket",
      entity: "bet",
      entityId: betId,
      subject: `Jornada ${row.number}`,
      before: { jugada: name(row.reduction), marcasPleno: marksText(playedPleno(pleno, before)) },
      after: { jugada: name(body.reduction), marcasPleno: marksText(playedPleno(pleno, marks)) },
    });
  });
}
