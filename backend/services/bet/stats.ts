import type { BetStatsEntry, RoundSummary, SummaryBet, SummaryPlayer, SummaryRound, UsersAverageEntry } from "#core/contract/bet-stats";
import { meanHits, mvpOf, signDistribution } from "#core/domain/bet/bet-stats";
import { scorePrediction, type Results } from "#core/domain/hits";
import { MATCHES, normalizePick, sameScore, type Pick, type Score, type Sign } from "#core/domain/signs";
import { avatarPath } from "../../avatar-path";
import type { Deps } from "../../context";
import type { Db } from "../../db/db";
import { notFound } from "../../errors";
import { SEASON_NOT_FOUND } from "../catalogue/season";
import { roundClosedSql } from "../rounds/closed-sql";
import { parseJson } from "../shelf/json";
import { closedAt, resultsOf, type RoundResultsRow } from "../shelf/standings-store";
import { SELECT_BET, toBet, type BetRow } from "./row";

const NO_RESULTS_ROUND = "Esa jornada no tiene resultados oficiales en el grupo.";

const picksOf = (v: unknown): Pick[] => {
  const raw = parseJson(v);
  return Array.isArray(raw) ? raw.map(normalizePick) : [];
};
const scoreOf = (home: number | null, away: number | null): Score | null => (home === null || away === null ? null : { home, away });
const iso = (d: Date | string) => new Date(d).toISOString();

interface ResultRoundRow extends RoundResultsRow {
  season_id: number;
  season_name: string;
}

/** The group's rounds with official results (of one season, or all), newest close first. */
async function resultRounds(deps: Deps, groupId: number, seasonId?: number): Promise<(SummaryRound & { results: () => Results })[]> {
  const rows = await deps.db.query<ResultRoundRow>(
    `select q.id as quiniela_id, q.number, q.season_id, s.name as season_name, gq.open_date, gq.close_date, gq.force_closed,
            r.matches::text as matches, r.pleno_home, r.pleno_away
       from group_quinielas gq
       join quinielas q on q.id = gq.quiniela_id
       join seasons s on s.id = q.season_id
       join quiniela_results r on r.quiniela_id = q.id
      where gq.group_id = $1 and ($2::int is null or q.season_id = $2)
      order by gq.close_date desc, q.number desc`,
    [groupId, seasonId ?? null],
  );
  const now = deps.clock();
  return rows.map((r) => ({
    quinielaId: r.quiniela_id,
    numberQuiniela: r.number,
    seasonId: r.season_id,
    seasonName: r.season_name,
    closeDate: iso(r.close_date),
    closed: closedAt(r, now),
    // Read as text and parsed when asked: the results screen needs one round's of forty (decision 038).
    results: () => resultsOf(r),
  }));
}

async function assertSeason(deps: Deps, seasonId: number) {
  if (!(await deps.db.one("select 1 from seasons where id = $1", [seasonId]))) throw notFound(SEASON_NOT_FOUND);
}

/**
 * GET /Bet/Stats: the group bet's hits in each jornada of the season that has one, official
 * results and is closed for the group (the same rounds the standings count), in jornada order.
 */
export async function betStats(deps: Deps, groupId: number, seasonId: number): Promise<BetStatsEntry[]> {
  await assertSeason(deps, seasonId);
  // One query for the season's bets with their results and prizes; the ticket is pure computation (decision 034).
  const [rounds, bets] = await Promise.all([
    resultRounds(deps, groupId, seasonId),
    deps.db.query<BetRow>(`${SELECT_BET} where b.group_id = $1 and q.season_id = $2`, [groupId, seasonId]),
  ]);
  const betOf = new Map(bets.map((b) => [b.quiniela_id, b]));
  return rounds
    .filter((r) => r.closed && betOf.has(r.quinielaId))
    .map((r): BetStatsEntry => {
      const row = betOf.get(r.quinielaId)!;
      const pleno = scoreOf(row.pleno_home, row.pleno_away);
      const { ticket } = toBet(row);
      const s = ticket.scrutiny;
      const played = row.confirmed;
      return {
        quinielaId: r.quinielaId,
        numberQuiniela: r.numberQuiniela,
        betHits: scorePrediction({ matches: picksOf(row.matches), pleno }, r.results()).hits,
        pleno15Exact: sameScore(pleno, r.results().pleno),
        closedAt: r.closeDate,
        confirmed: played,
        costCents: played ? ticket.costCents : 0,
        prizeCents: played && s?.prizesComplete ? s.totalPrizeCents : null,
        bestHits: s ? s.best.hits : null,
        category: s ? s.best.category : null,
      };
    })
    .sort((a, b) => a.numberQuiniela - b.numberQuiniela);
}

interface PredictionRow {
  user_id: number;
  username: string;
  avatar_version: number | null;
  quiniela_id: number;
  matches: unknown;
  pleno_home: number;
  pleno_away: number;
  automatic: string | null;
}

/**
 * The tickets that match `where` (over p, the predictions, and u, their users), in `order` (over x,
 * one ticket). The database hands them over as one JSON text: PGlite reads 200 tickets with jsonb
 * picks in about 10 ms field by field, and in half that as one aggregated text.
 */
async function ticketsWhere(db: Db, where: string, order: string, params: unknown[]): Promise<PredictionRow[]> {
  const row = await db.one<{ rows: string }>(
    `select coalesce(json_agg(x ${order}), '[]')::text as rows
       from (select p.user_id, member_name(p.group_id, u.id) as username, u.avatar_version, p.quiniela_id, p.matches, p.pleno_home, p.pleno_away, p.automatic
               from predictions p join users u on u.id = p.user_id where ${where}) x`,
    params,
  );
  return JSON.parse(row?.rows ?? "[]") as PredictionRow[];
}

/** GET /Bet/Stats/UsersAverage: per counted jornada of the season, the mean hits of the players who predicted it. */
export async function usersAverage(deps: Deps, groupId: number, seasonId: number): Promise<UsersAverageEntry[]> {
  await assertSeason(deps, seasonId);
  const rounds = (await resultRounds(deps, groupId, seasonId)).filter((r) => r.closed);
  if (!rounds.length) return [];
  const predictions = await ticketsWhere(deps.db, "p.group_id = $1 and p.quiniela_id = any($2::int[])", "", [groupId, rounds.map((r) => r.quinielaId)]);
  return rounds
    .flatMap((r) => {
      const results = r.results();
      const hits = predictions
        .filter((p) => p.quiniela_id === r.quinielaId)
        .map((p) => scorePrediction({ matches: picksOf(p.matches), pleno: scoreOf(p.pleno_home, p.pleno_away) }, results).hits);
      const avg = meanHits(hits);
      return avg === null ? [] : [{ numberQuiniela: r.numberQuiniela, avgHits: Math.round(avg * 100) / 100 }];
    })
    .sort((a, b) => a.numberQuiniela - b.numberQuiniela);
}

/** Vote counts as stored by the generation ({"1","X","2"} per match), read tolerantly; null when unusable. */
function storedVotes(raw: unknown): Record<Sign, number>[] | null {
  const list = parseJson(raw);
  if (!Array.isArray(list) || list.length !== MATCHES) return null;
  const votes = list.map((v): Record<Sign, number> | null => {
    if (Array.isArray(v) && v.length === 3) return { "1": Number(v[0]) || 0, X: Number(v[1]) || 0, "2": Number(v[2]) || 0 };
    if (v && typeof v === "object") {
      const o = v as Record<string, unknown>;
      return { "1": Number(o["1"]) || 0, X: Number(o.X ?? o.x) || 0, "2": Number(o["2"]) || 0 };
    }
    return null;
  });
  return votes.every((v) => v !== null) ? (votes as Record<Sign, number>[]) : null;
}

/** Who is in the bet and at which rank: its participants, else the stored usernames in rank order. */
async function betRanks(deps: Deps, bet: BetRow): Promise<Map<number, number>> {
  const participants = await deps.db.query<{ user_id: number; rank_position: number }>(
    "select user_id, rank_position from bet_participants where bet_id = $1",
    [bet.id],
  );
  if (participants.length) return new Map(participants.map((p) => [p.user_id, p.rank_position]));
  const names = parseJson(bet.usernames_included);
  if (!Array.isArray(names) || !names.length) return new Map();
  // Names are the group's members' (a member without an account is named per peña, decision 063).
  const users = await deps.db.query<{ id: number; username: string }>(
    `select u.id, coalesce(m.display_name, u.username) as username from users u join group_members m on m.user_id = u.id and m.group_id = $2
      where lower(coalesce(m.display_name, u.username)) = any($1::text[])`,
    [names.map((n) => String(n).toLowerCase()), bet.group_id],
  );
  const rankOf = new Map(names.map((n, i) => [String(n).toLowerCase(), i + 1]));
  return new Map(users.map((u) => [u.id, rankOf.get(u.username.toLowerCase())!]));
}

/**
 * The version of a round's players as the summary shows them (decision 027): their tickets and
 * hits change only with a write that marks the group's stored standings for that season (results,
 * predictions of a round with results, memberships, names, avatars: migration 010), their bet
 * marks with the bet, and the list itself appears when the round closes. Empty (never matched)
 * while the season has no stored standings to go by.
 */
function playersFingerprint(round: SummaryRound, setFingerprint: string | null, bet: BetRow | undefined): string {
  return setFingerprint !== null ? `${round.quinielaId}.${setFingerprint}.${bet ? `${bet.id}:${bet.row_version}` : "-"}.${Number(round.closed)}` : "";
}

/**
 * The round's matches, its bet and its season's stored set's row version, in one statement: on the
 * embedded database each statement of a view waits its turn behind the other views' (decision 038).
 */
async function roundParts(deps: Deps, groupId: number, round: SummaryRound) {
  const row = await deps.db.one<{ matches: string; bet: string | null; set_fingerprint: string | null }>(
    `select (select coalesce(json_agg(m order by m.position), '[]')::text
               from (select position, home, away from quiniela_matches where quiniela_id = $2) m) as matches,
            (select row_to_json(b)::text from (${SELECT_BET} where b.group_id = $1 and b.quiniela_id = $2 limit 1) b) as bet,
            (select xmin::text from standings_sets where group_id = $1 and season_id = $3) as set_fingerprint`,
    [groupId, round.quinielaId, round.seasonId],
  );
  return {
    matches: JSON.parse(row!.matches) as { position: number; home: string; away: string }[],
    betRow: row!.bet === null ? undefined : (JSON.parse(row!.bet) as BetRow),
    setFingerprint: row!.set_fingerprint,
  };
}

/** A set of rows as one short text (a fingerprint) that changes with any insert, update or delete among them: their xmin in key order. */
const rowsFingerprint = (table: string, where: string, key: string) =>
  `(select md5(coalesce(string_agg(t.${key}::text || ':' || t.xmin::text, ',' order by t.${key}), '')) from ${table} t where ${where})`;

/**
 * GET /Bet/RoundSummaryVersion: what the results-and-bets page shows for the round it would pick
 * (numberQuiniela and seasonId chosen as roundSummary chooses), as one string read in one
 * statement, nothing of the view computed (decision 070). The list of rounds (each group round with
 * results: its own row, its pool's, its season's, its results' and whether it is closed by now), the
 * group's row (its name), and for the chosen round: its matches, its bet and the bet's participants,
 * its prizes, the season's stored standings (which every write that changes a player's ticket or hits
 * marks: results, predictions, memberships, names, avatars) and its predictions themselves.
 */
export async function roundSummaryVersion(deps: Deps, groupId: number, pick: { numberQuiniela?: number; seasonId?: number }): Promise<{ version: string }> {
  const row = await deps.db.one<{ v: string }>(
    `with rr as (
       select gq.id, gq.quiniela_id, q.number, q.season_id, gq.close_date,
              gq.xmin::text || ':' || q.xmin::text || ':' || s.xmin::text || ':' || r.xmin::text || ':' || ${roundClosedSql("gq", "$4")}::int as v
         from group_quinielas gq
         join quinielas q on q.id = gq.quiniela_id
         join seasons s on s.id = q.season_id
         join quiniela_results r on r.quiniela_id = q.id
        where gq.group_id = $1),
     c as (select * from rr where ($2::int is null or rr.season_id = $2) and ($3::int is null or rr.number = $3)
            order by rr.close_date desc, rr.number desc limit 1)
     select concat_ws('.',
        (select xmin::text from groups where id = $1),
        (select md5(coalesce(string_agg(rr.id || '=' || rr.v, ',' order by rr.id), '')) from rr),
        c.quiniela_id,
        ${rowsFingerprint("quiniela_matches", "t.quiniela_id = c.quiniela_id", "position")},
        (select b.id || ':' || b.xmin::text || ':' || ${rowsFingerprint("bet_participants", "t.bet_id = b.id", "user_id")} from bets b where b.group_id = $1 and b.quiniela_id = c.quiniela_id),
        ${rowsFingerprint("quiniela_prizes", "t.quiniela_id = c.quiniela_id", "category")},
        (select xmin::text from quiniela_prize_sets where quiniela_id = c.quiniela_id),
        (select xmin::text from standings_sets where group_id = $1 and season_id = c.season_id),
        ${rowsFingerprint("predictions", "t.group_id = $1 and t.quiniela_id = c.quiniela_id", "id")},
        ${rowsFingerprint("ticket_receipts", "t.group_id = $1 and t.quiniela_id = c.quiniela_id", "id")}) as v
       from (select 1) one left join c on true`,
    [groupId, pick.seasonId ?? null, pick.numberQuiniela ?? null, deps.clock()],
  );
  return { version: row!.v };
}

/**
 * GET /Bet/RoundSummary: one round of the group with official results, as the results-and-bets
 * screen shows it: the bet (when there is one) against the results, and every player's
 * prediction with hits once the round is closed. `known`: the `version` of the players the caller
 * already holds; while it still holds, `players`, `averageHits` and `mvp` come back null.
 */
export async function roundSummary(
  deps: Deps,
  group: { id: number; name: string },
  pick: { quinielaId?: number; numberQuiniela?: number; seasonId?: number },
  known?: string,
): Promise<RoundSummary> {
  const groupId = group.id;
  const all = await resultRounds(deps, groupId);
  const candidates = pick.seasonId === undefined ? all : all.filter((r) => r.seasonId === pick.seasonId);
  const chosen =
    pick.quinielaId !== undefined
      ? candidates.find((r) => r.quinielaId === pick.quinielaId)
      : pick.numberQuiniela !== undefined
        ? candidates.find((r) => r.numberQuiniela === pick.numberQuiniela)
        : candidates[0];
  const asked = pick.quinielaId !== undefined || pick.numberQuiniela !== undefined || pick.seasonId !== undefined;
  if (asked && !chosen) throw notFound(NO_RESULTS_ROUND);
  const rounds = all.map(({ results: _results, ...r }) => r);
  const base = { groupId, groupName: group.name, rounds };
  if (!chosen) {
    return { ...base, round: null, matches: [], results: null, distribution: [], bet: null, players: [], averageHits: null, mvp: null, version: "" };
  }
  const { results: resultsOfChosen, ...round } = chosen;
  const results = resultsOfChosen();

  const { matches, betRow, setFingerprint } = await roundParts(deps, groupId, round);
  const version = playersFingerprint(round, setFingerprint, betRow);
  // A bet without usable stored counts takes them from the players' picks: those must be read.
  const held = version !== "" && version === known && (!betRow || storedVotes(betRow.votes) !== null);
  const predictions =
    round.closed && !held
      ? await ticketsWhere(deps.db, "p.group_id = $1 and p.quiniela_id = $2", "order by lower(x.username), x.user_id", [groupId, round.quinielaId])
      : [];

  const ranks = betRow && !held ? await betRanks(deps, betRow) : new Map<number, number>();
  const players: SummaryPlayer[] = predictions.map((p) => {
    const picks = { matches: picksOf(p.matches), pleno: scoreOf(p.pleno_home, p.pleno_away) };
    return {
      userId: p.user_id,
      username: p.username,
      avatarPath: avatarPath(p.user_id, p.avatar_version),
      matches: picks.matches,
      plain15: picks.pleno,
      hits: scorePrediction(picks, results).hits,
      included: ranks.has(p.user_id),
      rank: ranks.get(p.user_id) ?? null,
      automatic: p.automatic !== null,
    };
  });

  let bet: SummaryBet | null = null;
  if (betRow) {
    const picks = { matches: picksOf(betRow.matches), pleno: scoreOf(betRow.pleno_home, betRow.pleno_away) };
    // Without usable stored counts, the included players' picks give them again.
    const votes =
      storedVotes(betRow.votes) ??
      Array.from({ length: MATCHES }, (_, i) => {
        const v: Record<Sign, number> = { "1": 0, X: 0, "2": 0 };
        for (const p of players) if (p.included) for (const s of p.matches[i] ?? []) v[s]++;
        return v;
      });
    bet = {
      betId: betRow.id,
      topN: betRow.top_n,
      confirmed: betRow.confirmed,
      matches: picks.matches,
      plain15: picks.pleno,
      votes: votes.map((v) => ({ "1": v["1"], x: v.X, "2": v["2"] })),
      hits: scorePrediction(picks, results).hits,
      pleno15Exact: sameScore(picks.pleno, results.pleno),
      ticket: toBet(betRow).ticket,
    };
  }

  const mvp = held ? null : mvpOf(players);
  return {
    ...base,
    round,
    matches,
    results: { matches: results.matches, plain15: results.pleno },
    distribution: signDistribution(results.matches),
    bet,
    version,
    players: held ? null : players,
    averageHits: held ? null : meanHits(players.map((p) => p.hits)),
    mvp: mvp ? { userId: mvp.userId, username: mvp.username, hits: mvp.hits } : null,
  };
}
