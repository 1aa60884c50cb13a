/** The group bet: the service the routes call. Generating it is in bet-generate.ts. */
import { BET_CONFIRMED_NO_EDIT, BET_INCOMPLETE, BET_NOT_FOUND, BET_PLENO_MAX, type Bet, type BetRanking, type BetRoundStatus } from "#core/contract/bet";
import { generationConditions } from "#core/domain/bet/group-bet";
import { MATCHES, normalizePick, parseScore, type Pick, type Score } from "#core/domain/signs";
import type { AuthUser, Deps } from "../../context";
import type { Db } from "../../db/db";
import { badRequest, notFound } from "../../errors";
import { recordAudit } from "../shelf/audit";
import { conditionCounts, rankingOf } from "./candidates";
import { lockEditableBet } from "./lock";
import { parseJson } from "../shelf/json";
import { betById, picksOf, SELECT_BET, toBet, type BetRow } from "./row";
import { isManager } from "../predictions/prediction";
import { fixStamper } from "./stamper";
import { fittingReduction } from "./ticket";
import { findRound, roundsOfGroup, ROUND_NOT_FOUND } from "../rounds/rounds";

export { participants } from "./candidates";
export { generate } from "./generate";
export { lastTopN } from "./row";

/** The group a bet belongs to, so the caller's rights are checked before anything else is read. */
export async function betOwner(db: Db, betId: number): Promise<{ groupId: number }> {
  const row = await db.one<{ group_id: number }>("select group_id from bets where id = $1", [betId]);
  if (!row) throw notFound(BET_NOT_FOUND);
  return { groupId: row.group_id };
}

export async function getBet(deps: Deps, groupId: number, quinielaId: number): Promise<Bet> {
  const row = await deps.db.one<BetRow>(`${SELECT_BET} where b.group_id = $1 and b.quiniela_id = $2`, [groupId, quinielaId]);
  if (!row) throw notFound(BET_NOT_FOUND);
  return toBet(row);
}

/** GET /Bet/ByGroupStatus: every round of the group with its generation conditions and its bet, if any. */
export async function statusByGroup(deps: Deps, groupId: number): Promise<BetRoundStatus[]> {
  const [rounds, counts, bets] = await Promise.all([
    roundsOfGroup(deps, groupId),
    conditionCounts(deps.db, groupId),
    deps.db.query<{ id: number; quiniela_id: number; confirmed: boolean }>("select id, quiniela_id, confirmed from bets where group_id = $1", [groupId]),
  ]);
  return rounds.map((round) => {
    const c = counts.get(round.quinielaId) ?? { required: 0, submitted: 0, predictions: 0 };
    const conditions = generationConditions({ closed: round.state === "closed", required: c.required, submitted: c.submitted });
    const bet = bets.find((b) => b.quiniela_id === round.quinielaId);
    return {
      quinielaId: round.quinielaId,
      seasonId: round.seasonId,
      numberQuiniela: round.numberQuiniela,
      openDate: round.openDate,
      closeDate: round.closeDate,
      forceClosed: round.forceClosed,
      state: round.state,
      typeName: round.typeName,
      numDouble: round.numDouble,
      numTriple: round.numTriple,
      predictions: c.predictions,
      required: c.required,
      submitted: c.submitted,
      missing: conditions.missing,
      canGenerate: conditions.allowed && !bet && c.predictions > 0,
      reasons: conditions.reasons,
      betId: bet?.id ?? null,
      confirmBet: bet?.confirmed ?? false,
    };
  });
}

/**
 * GET /Bet/Ranking: who predicted the round and their place by season Wilson, as the screen shows it
 * ('Top Nº', 'In.'). Once the bet exists its included players keep the ranks it was made with.
 */
export async function ranking(deps: Deps, user: AuthUser, groupId: number, quinielaId: number): Promise<BetRanking> {
  const round = await findRound(deps, groupId, quinielaId);
  if (!round) throw notFound(ROUND_NOT_FOUND);
  const all = await rankingOf(deps, round.seasonId, groupId, quinielaId);
  // As with the picks (decision 007): before the close only a manager learns who has predicted.
  if (round.state === "closed" || (await isManager(deps.db, user, groupId))) return all;
  return all.filter((r) => r.userId === user.id);
}

/** The bet's picks and pleno as the manager edits them (docs/architecture.md#the-group-bet), or null when incomplete. */
function readEdit(mergedPrediction: { matches?: unknown; pl15?: unknown; plain15?: unknown }): { matches: Pick[]; pleno: Score } | null {
  const raw = Array.isArray(mergedPrediction.matches) ? mergedPrediction.matches : null;
  if (!raw || raw.length !== MATCHES) return null;
  const matches = raw.map(normalizePick);
  if (matches.some((p) => p.length === 0)) return null;
  const pleno = parseScore(mergedPrediction.pl15 ?? mergedPrediction.plain15, BET_PLENO_MAX);
  return pleno ? { matches, pleno } : null;
}

/** Each match's explanation, with who changed its signs and from what when the edit changed them. */
export function explainEdit(stored: unknown, before: Pick[], after: Pick[], username: string, how = "Cambiado por"): string[] {
  return (Array.isArray(stored) ? stored.map(String) : []).map((text, i) => {
    const was = (before[i] ?? []).join("");
    const now = after[i].join("");
    return was === now ? text : `${text} ${how} ${username}: de ${was || "nada"} a ${now}.`;
  });
}

/** A bet's signs and pleno as the audit trail shows them. */
const snapshot = (matches: Pick[], home: number | null, away: number | null) => ({
  signos: matches.map((m) => m.join("")),
  pleno: home === null || away === null ? null : `${home}-${away}`,
});

/** PUT /Bet/Update: a confirmed bet is what was played, so it no longer changes. */
export async function update(
  deps: Deps,
  user: AuthUser,
  betId: number,
  mergedPrediction: { matches?: unknown; pl15?: unknown; plain15?: unknown },
  version?: number,
): Promise<Bet> {
  const edit = readEdit(mergedPrediction);
  if (!edit) throw badRequest(BET_INCOMPLETE);
  await deps.db.tx(async (tx) => {
    const row = await lockEditableBet(tx, betId, version, BET_CONFIRMED_NO_EDIT);
    const before = picksOf(row.matches);
    const explanations = explainEdit(parseJson(row.explanations), before, edit.matches, user.username);
    // A reduction the edited picks no longer fit is dropped: the ticket goes back to the full multiple (decision 034).
    await tx.query(
      "update bets set matches = $2, pleno_home = $3, pleno_away = $4, explanations = $5, updated_at = $6, reduction = $7, kept_signs = null, version = version + 1 where id = $1",
      [
        betId,
        JSON.stringify(edit.matches),
        edit.pleno.home,
        edit.pleno.away,
        JSON.stringify(explanations),
        deps.clock(),
        fittingReduction(edit.matches, row.reduction),
      ],
    );
    await recordAudit(tx, {
      at: deps.clock(),
      actorId: user.id,
      groupId: row.group_id,
      action: "bet.edit",
      entity: "bet",
      entityId: betId,
      subject: `Jornada ${row.number}`,
      before: snapshot(before, row.pleno_home, row.pleno_away),
      after: snapshot(edit.matches, edit.pleno.home, edit.pleno.away),
    });
  });
  return betById(deps.db, betId);
}

/** PUT /Bet/{id}/ConfirmBet: confirming twice keeps the first confirmation's time. */
export async function confirm(deps: Deps, actorId: number | null, betId: number, actorName?: string): Promise<Bet> {
  await deps.db.tx(async (tx) => {
    const row = await tx.one<{ group_id: number; number: number; confirmed: boolean }>(
      "select b.group_id, q.number, b.confirmed from bets b join quinielas q on q.id = b.quiniela_id where b.id = $1 for update of b",
      [betId],
    );
    if (!row) throw notFound(BET_NOT_FOUND);
    if (row.confirmed) return;
    await tx.query("update bets set confirmed = true, confirmed_at = $2, version = version + 1 where id = $1", [betId, deps.clock()]);
    // The week's stamper is fixed now and kept (decision 065); the confirmation's record names it.
    const stamper = await fixStamper(tx, row.group_id, betId);
    await recordAudit(tx, {
      at: deps.clock(),
      actorId,
      actorName,
      groupId: row.group_id,
      action: "bet.confirm",
      entity: "bet",
      entityId: betId,
      subject: `Jornada ${row.number}`,
      after: stamper ? { sella: stamper } : undefined,
    });
  });
  return betById(deps.db, betId);
}
