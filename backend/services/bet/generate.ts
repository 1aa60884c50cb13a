import { BET_ALREADY_GENERATED, BET_NO_PREDICTIONS, type Bet } from "#core/contract/bet";
import { generationConditions, mergeGroupBet, resolveTopN, WAITING_TO_GENERATE } from "#core/domain/bet/group-bet";
import { roundStatus } from "#core/domain/rounds/round-status";
import type { Deps } from "../../context";
import type { Db } from "../../db/db";
import { badRequest, conflict, notFound } from "../../errors";
import { recordAudit } from "../shelf/audit";
import { conditionCounts, rankPredictors, SELECT_ROUND_PREDICTIONS, type RoundPrediction } from "./candidates";
import { betById, lastTopN, picksOf } from "./row";
import { seasonRanks } from "../standings/standings";
import { searchForward } from "../official/draw-results";
import { findRound, holdRound, ROUND_NOT_FOUND, type HeldRound } from "../rounds/rounds";
import { refreshTouched } from "../shelf/standings-store";

/**
 * Called once a bet is generated and stored, outside its transaction: the round is now closed, so
 * its official results are looked up from the lottery (docs/architecture.md#the-group-bet), in the background, through
 * the same automatic search the admin runs. Only where the lottery is meant to be called unattended
 * (LOTTERY_AUTO_IMPORT=1): elsewhere, an admin runs the search from /call-quiniela. A failure here
 * never undoes or hides the generated bet.
 */
function onBetGenerated(deps: Deps, bet: { betId: number; groupId: number; quinielaId: number }): void {
  if (!deps.config.lotteryAutoImport) return;
  void bet;
  // The search reports each day through its lines and never throws for the service's failures; the
  // admin sees what was stored in /call-quiniela and the audit trail.
  void searchForward(deps, () => undefined).catch(() => undefined);
}

type Input = { groupId: number; quinielaId: number; seasonId?: number; topNUsers?: unknown };

type Merged = ReturnType<typeof mergeGroupBet>;

/**
 * POST /Bet/GenerateBet. Everything that decides the bet is read inside one transaction holding
 * the round's row, the same lock a prediction write takes, so no late prediction slips in between
 * the check and the close; the bet, its participants and the forced close commit together.
 */
export async function generate(deps: Deps, actorId: number | null, input: Input, actorName?: string): Promise<Bet> {
  const round = await findRound(deps, input.groupId, input.quinielaId);
  if (!round) throw notFound(ROUND_NOT_FOUND);
  if (input.seasonId !== undefined && input.seasonId !== round.seasonId) throw badRequest("La jornada no pertenece a esa temporada.");
  // Counted rounds are closed and have results, so the standings do not move while the transaction runs.
  const [standings, last] = await Promise.all([seasonRanks(deps, input.groupId, round.seasonId), lastTopN(deps.db, input.groupId)]);

  const betId = await deps.db.tx(async (tx) => {
    const locked = await lockRound(tx, input);
    const now = deps.clock();
    await assertConditions(tx, input, locked, now);
    const predictions = await tx.query<RoundPrediction>(SELECT_ROUND_PREDICTIONS, [input.groupId, input.quinielaId]);
    if (!predictions.length) throw conflict(BET_NO_PREDICTIONS);
    const topN = resolveTopN(input.topNUsers, last.topN, predictions.length);
    const included = rankPredictors(predictions, standings).slice(0, topN);
    const merged = merge(included, locked);
    const id = await storeBet(tx, now, { ...input, seasonId: round.seasonId, topN }, included, merged);
    await closeRound(tx, now, locked);
    await auditGeneration(
      tx,
      now,
      { actorId, actorName, groupId: input.groupId, betId: id, subject: `Jornada ${round.numberQuiniela}` },
      locked,
      included,
      merged,
    );
    return id;
  });

  onBetGenerated(deps, { betId, groupId: input.groupId, quinielaId: input.quinielaId });
  return betById(deps.db, betId);
}

/** The round's row, locked for the transaction; a round that already has its bet is a 409. */
async function lockRound(tx: Db, input: Input): Promise<HeldRound> {
  const locked = await holdRound(tx, input.groupId, input.quinielaId, "update");
  if (!locked) throw notFound(ROUND_NOT_FOUND);
  if (await tx.one("select 1 from bets where group_id = $1 and quiniela_id = $2", [input.groupId, input.quinielaId])) {
    throw conflict(BET_ALREADY_GENERATED);
  }
  return locked;
}

/** The generation conditions, read under the lock: closed, or every member expected has predicted. */
async function assertConditions(tx: Db, input: Input, locked: HeldRound, now: Date): Promise<void> {
  const { state } = roundStatus({ openDate: locked.open_date, closeDate: locked.close_date, forceClosed: locked.force_closed }, now);
  const counts = (await conditionCounts(tx, input.groupId, input.quinielaId)).get(input.quinielaId) ?? { required: 0, submitted: 0, predictions: 0 };
  const conditions = generationConditions({ closed: state === "closed", required: counts.required, submitted: counts.submitted });
  if (!conditions.allowed) throw conflict(`${WAITING_TO_GENERATE}: ${conditions.reasons.join(" ")}`);
}

/** The included players' picks merged by core/domain/bet/group-bet, within the round's doubles and triples. */
function merge(included: RoundPrediction[], locked: HeldRound): Merged {
  return mergeGroupBet({
    ranked: included.map((p, k) => ({
      userId: p.user_id,
      username: p.username,
      rank: k + 1,
      matches: picksOf(p.matches),
      pleno: { home: p.pleno_home, away: p.pleno_away },
    })),
    numDouble: locked.num_double,
    numTriple: locked.num_triple,
  });
}

/** Writes the bet and its participants, each at the rank they were included with; answers the bet's id. */
async function storeBet(
  tx: Db,
  now: Date,
  bet: { groupId: number; quinielaId: number; seasonId: number; topN: number },
  included: RoundPrediction[],
  merged: Merged,
): Promise<number> {
  const row = await tx.one<{ id: number }>(
    `insert into bets (group_id, quiniela_id, season_id, top_n, usernames_included, matches, votes, pleno_home, pleno_away, explanations, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11) returning id`,
    [
      bet.groupId,
      bet.quinielaId,
      bet.seasonId,
      bet.topN,
      JSON.stringify(included.map((p) => p.username)),
      JSON.stringify(merged.matches),
      JSON.stringify(merged.votes),
      merged.pleno?.home ?? null,
      merged.pleno?.away ?? null,
      JSON.stringify(merged.explanations),
      now,
    ],
  );
  for (const [k, p] of included.entries()) {
    await tx.query("insert into bet_participants (bet_id, user_id, prediction_id, rank_position, username) values ($1, $2, $3, $4, $5)", [
      row!.id,
      p.user_id,
      p.id,
      k + 1,
      p.username,
    ]);
  }
  return row!.id;
}

/**
 * Generating closes the round now (docs/architecture.md#the-group-bet). A close date already past stays as it was:
 * moving it later would reorder the group's history (results, evolution) by generation time.
 */
async function closeRound(tx: Db, now: Date, locked: HeldRound): Promise<void> {
  await tx.query("update group_quinielas set force_closed = true, close_date = least(close_date, $2), version = version + 1 where id = $1", [locked.id, now]);
  await refreshTouched(tx, now);
}

/** The bet in the audit trail, and the forced close too when the round was not closed by hand already. */
async function auditGeneration(
  tx: Db,
  now: Date,
  who: { actorId: number | null; actorName?: string; groupId: number; betId: number; subject: string },
  locked: HeldRound,
  included: RoundPrediction[],
  merged: Merged,
): Promise<void> {
  const { actorId, actorName, groupId, subject } = who;
  await recordAudit(tx, {
    at: now,
    actorId,
    actorName,
    groupId,
    action: "bet.generate",
    entity: "bet",
    entityId: who.betId,
    subject,
    after: {
      incluidos: included.map((p) => p.username),
      signos: merged.matches.map((m) => m.join("")),
      pleno: merged.pleno ? `${merged.pleno.home}-${merged.pleno.away}` : null,
    },
  });
  if (locked.force_closed) return;
  await recordAudit(tx, {
    at: now,
    actorId,
    actorName,
    groupId,
    action: "round.force-close",
    entity: "round",
    entityId: locked.id,
    subject,
    before: { forzado: false },
    after: { forzado: true },
  });
}
