import {
  BET_ALREADY_GENERATED,
  BET_CONFIRMED_NO_EDIT,
  BET_INCOMPLETE,
  BET_NO_PREDICTIONS,
  BET_NOT_FOUND,
  BET_PLENO_MAX,
  type Bet,
  type BetParticipant,
  type BetRanking,
  type BetRoundStatus,
} from "#core/contract/bet";
import { generationConditions, mergeGroupBet, resolveTopN, ticketColumns, ticketCost, WAITING_TO_GENERATE } from "#core/domain/group-bet";
import { scorePrediction, type Results } from "#core/domain/hits";
import { centsToEuros, eurosToCents } from "#core/domain/money";
import { roundStatus } from "#core/domain/round-status";
import { isSign, MATCHES, normalizePick, parseScore, type Pick, type Score, type Sign } from "#core/domain/signs";
import type { AuthUser, Deps } from "../context";
import type { Db } from "../db/db";
import { badRequest, conflict, notFound } from "../errors";
import { refreshTouched, seasonRanks } from "./classification";
import { recordAudit } from "./audit";
import { searchForward } from "./lottery";
import { isManager } from "./predictions";
import { assertVersion } from "./versions";
import { buildTicket, fittingReduction, storedPlenoMarks, storedPrizes } from "./ticket";
import { findRound, roundsOfGroup, ROUND_NOT_FOUND } from "./rounds";

const parseJson = (v: unknown): unknown => (typeof v === "string" ? JSON.parse(v) : v);
const picksOf = (v: unknown): Pick[] => {
  const raw = parseJson(v);
  return Array.isArray(raw) ? raw.map(normalizePick) : [];
};
const scoreOf = (home: number | null, away: number | null): Score | null => (home === null || away === null ? null : { home, away });

interface BetRow {
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
}

const SELECT_BET = `
  select b.id, b.group_id, b.quiniela_id, b.season_id, q.number, b.top_n, b.usernames_included, b.matches, b.votes,
         b.pleno_home, b.pleno_away, b.explanations, b.confirmed, b.confirmed_at, b.created_at, b.updated_at, b.version, s.bet_price,
         r.matches as result_matches, r.pleno_home as result_home, r.pleno_away as result_away, (r.quiniela_id is not null) as has_results,
         b.reduction, b.pleno_marks,
         (select json_object_agg(p.category, p.prize_cents) from quiniela_prizes p where p.quiniela_id = b.quiniela_id) as prizes
    from bets b
    join quinielas q on q.id = b.quiniela_id
    join seasons s on s.id = b.season_id
    left join quiniela_results r on r.quiniela_id = b.quiniela_id`;

function toBet(row: BetRow): Bet {
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
    // The spec's hit count (section 9): a match counts when its official sign is among the chosen ones.
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
    }),
  };
}

export async function betById(db: Db, betId: number): Promise<Bet> {
  const row = await db.one<BetRow>(`${SELECT_BET} where b.id = $1`, [betId]);
  if (!row) throw notFound(BET_NOT_FOUND);
  return toBet(row);
}

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

export async function lastTopN(db: Db, groupId: number): Promise<{ topN: number | null }> {
  const row = await db.one<{ top_n: number }>("select top_n from bets where group_id = $1 order by created_at desc, id desc limit 1", [groupId]);
  return { topN: row?.top_n ?? null };
}

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
async function conditionCounts(
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

interface RoundPrediction {
  id: number;
  user_id: number;
  username: string;
  matches: unknown;
  pleno_home: number;
  pleno_away: number;
}

/**
 * Those who predicted the round, best first by season Wilson (DESIGN.md §5); equal Wilson keeps the
 * standings' order (points, then name), and a player with no counted round yet comes last.
 */
function rankPredictors(predictions: RoundPrediction[], standings: Map<number, { wilson: number; position: number }>): RoundPrediction[] {
  const of = (userId: number) => standings.get(userId) ?? { wilson: -1, position: Number.MAX_SAFE_INTEGER };
  return [...predictions].sort(
    (a, b) =>
      of(b.user_id).wilson - of(a.user_id).wilson ||
      of(a.user_id).position - of(b.user_id).position ||
      a.username.localeCompare(b.username, "es") ||
      a.user_id - b.user_id,
  );
}

const SELECT_ROUND_PREDICTIONS = `
  select p.id, p.user_id, u.username, p.matches, p.pleno_home, p.pleno_away
    from predictions p join users u on u.id = p.user_id
   where p.group_id = $1 and p.quiniela_id = $2`;

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

async function rankingOf(deps: Deps, seasonId: number, groupId: number, quinielaId: number): Promise<BetRanking> {
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

/**
 * Called once a bet is generated and stored, outside its transaction: the round is now closed, so
 * its official results are looked up from the lottery (spec section 4), in the background, through
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

/**
 * POST /Bet/GenerateBet. Everything that decides the bet is read inside one transaction holding
 * the round's row, the same lock a prediction write takes, so no late prediction slips in between
 * the check and the close; the bet, its participants and the forced close commit together.
 */
export async function generate(
  deps: Deps,
  actorId: number,
  input: { groupId: number; quinielaId: number; seasonId?: number; topNUsers?: unknown },
): Promise<Bet> {
  const round = await findRound(deps, input.groupId, input.quinielaId);
  if (!round) throw notFound(ROUND_NOT_FOUND);
  if (input.seasonId !== undefined && input.seasonId !== round.seasonId) throw badRequest("La jornada no pertenece a esa temporada.");
  // Counted rounds are closed and have results, so the standings do not move while the transaction runs.
  const [standings, last] = await Promise.all([seasonRanks(deps, input.groupId, round.seasonId), lastTopN(deps.db, input.groupId)]);

  const betId = await deps.db.tx(async (tx) => {
    const locked = await tx.one<{ id: number; open_date: Date; close_date: Date; force_closed: boolean; num_double: number; num_triple: number }>(
      `select gq.id, gq.open_date, gq.close_date, gq.force_closed, pt.num_double, pt.num_triple
         from group_quinielas gq join pool_types pt on pt.id = gq.type_quiniela_id
        where gq.group_id = $1 and gq.quiniela_id = $2
        for update of gq`,
      [input.groupId, input.quinielaId],
    );
    if (!locked) throw notFound(ROUND_NOT_FOUND);
    if (await tx.one("select 1 from bets where group_id = $1 and quiniela_id = $2", [input.groupId, input.quinielaId])) {
      throw conflict(BET_ALREADY_GENERATED);
    }
    const now = deps.clock();
    const { state } = roundStatus({ openDate: locked.open_date, closeDate: locked.close_date, forceClosed: locked.force_closed }, now);
    const counts = (await conditionCounts(tx, input.groupId, input.quinielaId)).get(input.quinielaId) ?? { required: 0, submitted: 0, predictions: 0 };
    const conditions = generationConditions({ closed: state === "closed", required: counts.required, submitted: counts.submitted });
    if (!conditions.allowed) throw conflict(`${WAITING_TO_GENERATE}: ${conditions.reasons.join(" ")}`);

    const predictions = await tx.query<RoundPrediction>(SELECT_ROUND_PREDICTIONS, [input.groupId, input.quinielaId]);
    if (!predictions.length) throw conflict(BET_NO_PREDICTIONS);
    const topN = resolveTopN(input.topNUsers, last.topN, predictions.length);
    const included = rankPredictors(predictions, standings).slice(0, topN);
    const merged = mergeGroupBet({
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

    const row = await tx.one<{ id: number }>(
      `insert into bets (group_id, quiniela_id, season_id, top_n, usernames_included, matches, votes, pleno_home, pleno_away, explanations, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11) returning id`,
      [
        input.groupId,
        input.quinielaId,
        round.seasonId,
        topN,
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
    // Spec section 4: generating closes the round now. A close date already past stays as it was:
    // moving it later would reorder the group's history (results, evolution) by generation time.
    await tx.query("update group_quinielas set force_closed = true, close_date = least(close_date, $2), version = version + 1 where id = $1", [locked.id, now]);
    await refreshTouched(tx, now);
    const subject = `Jornada ${round.numberQuiniela}`;
    await recordAudit(tx, {
      at: now,
      actorId,
      groupId: input.groupId,
      action: "bet.generate",
      entity: "bet",
      entityId: row!.id,
      subject,
      after: {
        incluidos: included.map((p) => p.username),
        signos: merged.matches.map((m) => m.join("")),
        pleno: merged.pleno ? `${merged.pleno.home}-${merged.pleno.away}` : null,
      },
    });
    if (!locked.force_closed) {
      await recordAudit(tx, {
        at: now,
        actorId,
        groupId: input.groupId,
        action: "round.force-close",
        entity: "round",
        entityId: locked.id,
        subject,
        before: { forzado: false },
        after: { forzado: true },
      });
    }
    return row!.id;
  });

  onBetGenerated(deps, { betId, groupId: input.groupId, quinielaId: input.quinielaId });
  return betById(deps.db, betId);
}

/** The bet's picks and pleno as the manager edits them (spec section 5), or null when incomplete. */
function readEdit(mergedPrediction: { matches?: unknown; pl15?: unknown; plain15?: unknown }): { matches: Pick[]; pleno: Score } | null {
  const raw = Array.isArray(mergedPrediction.matches) ? mergedPrediction.matches : null;
  if (!raw || raw.length !== MATCHES) return null;
  const matches = raw.map(normalizePick);
  if (matches.some((p) => p.length === 0)) return null;
  const pleno = parseScore(mergedPrediction.pl15 ?? mergedPrediction.plain15, BET_PLENO_MAX);
  return pleno ? { matches, pleno } : null;
}

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
    const row = await tx.one<{
      group_id: number;
      number: number;
      matches: unknown;
      pleno_home: number | null;
      pleno_away: number | null;
      explanations: unknown;
      confirmed: boolean;
      version: number;
      reduction: number | null;
    }>(
      `select b.group_id, q.number, b.matches, b.pleno_home, b.pleno_away, b.explanations, b.confirmed, b.version, b.reduction
         from bets b join quinielas q on q.id = b.quiniela_id where b.id = $1 for update of b`,
      [betId],
    );
    if (!row) throw notFound(BET_NOT_FOUND);
    if (row.confirmed) throw conflict(BET_CONFIRMED_NO_EDIT);
    assertVersion(row.version, version, "La quiniela grupal");
    const before = picksOf(row.matches);
    const rawExplanations = parseJson(row.explanations);
    const explanations = (Array.isArray(rawExplanations) ? rawExplanations.map(String) : []).map((text, i) => {
      const was = (before[i] ?? []).join("");
      const now = edit.matches[i].join("");
      return was === now ? text : `${text} Cambiado por ${user.username}: de ${was || "nada"} a ${now}.`;
    });
    // A reduction the edited picks no longer fit is dropped: the ticket goes back to the full multiple (decision 034).
    await tx.query(
      "update bets set matches = $2, pleno_home = $3, pleno_away = $4, explanations = $5, updated_at = $6, reduction = $7, version = version + 1 where id = $1",
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
    const snapshot = (matches: Pick[], home: number | null, away: number | null) => ({
      signos: matches.map((m) => m.join("")),
      pleno: home === null || away === null ? null : `${home}-${away}`,
    });
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
export async function confirm(deps: Deps, actorId: number, betId: number): Promise<Bet> {
  await deps.db.tx(async (tx) => {
    const row = await tx.one<{ group_id: number; number: number; confirmed: boolean }>(
      "select b.group_id, q.number, b.confirmed from bets b join quinielas q on q.id = b.quiniela_id where b.id = $1 for update of b",
      [betId],
    );
    if (!row) throw notFound(BET_NOT_FOUND);
    if (row.confirmed) return;
    await tx.query("update bets set confirmed = true, confirmed_at = $2, version = version + 1 where id = $1", [betId, deps.clock()]);
    await recordAudit(tx, {
      at: deps.clock(),
      actorId,
      groupId: row.group_id,
      action: "bet.confirm",
      entity: "bet",
      entityId: betId,
      subject: `Jornada ${row.number}`,
    });
  });
  return betById(deps.db, betId);
}
