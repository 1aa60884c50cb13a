import { loadReceipts } from "~/server/bet/receipt.server";
import { positiveId } from "~/server/shelf/ids.server";
import { BetStats, RoundSummary, UsersAverage } from "#core/contract/bet-stats";
import { computeBetStats, parsePlayerSort, seasonMoney } from "#core/domain/bet/bet-stats";
import { api, attempt, loadOrNull, type Failure } from "~/server/shelf/client.server";
import type { HeldView } from "~/server/shelf/held-views.server";
import { fragmentInData } from "~/server/shelf/fragments.server";
import { keepNot, KEPT_PAGES } from "~/server/shelf/kept-pages.server";
import { heldTickets, playerGridHtml, type RoundTickets } from "~/server/bet/player-grid.server";

import { EVOLUTION_LOAD_ERROR, ROUND_LOAD_ERROR, ROUNDS_LOAD_ERROR } from "~/components/bet-stats-ui";

const statusOf = (failure: Failure) => (failure.status === 403 ? 403 : 200);

/**
 * The bet evolution of one season: the bet's stats (their failure is the spec's message and an
 * empty list) and the users' average (optional: a failure only leaves its line out).
 */
export async function loadBetEvolution(request: Request, params: { groupId?: string; seasonId?: string }) {
  const groupId = positiveId(params.groupId);
  const seasonId = positiveId(params.seasonId);
  // The spec: a missing or 'undefined' id calls nothing.
  if (!groupId || !seasonId)
    return {
      data: { groupId, seasonId, missing: true as const, loadError: null, entries: [], usersAverage: null, stats: computeBetStats([]), money: null },
      status: 200,
    };
  const query = `groupId=${groupId}&seasonId=${seasonId}`;
  const [entries, usersAverage] = await Promise.all([
    attempt(() => api.read(request, `/Bet/Stats?${query}`, BetStats)),
    loadOrNull(() => api.read(request, `/Bet/Stats/UsersAverage?${query}`, UsersAverage)),
  ]);
  const sorted = [...(entries.ok ? entries.value : [])].sort((a, b) => a.numberQuiniela - b.numberQuiniela);
  return {
    data: {
      groupId,
      seasonId,
      missing: false as const,
      loadError: entries.ok ? null : EVOLUTION_LOAD_ERROR,
      entries: sorted,
      usersAverage,
      stats: computeBetStats(sorted),
      // The season's money, once the backend gives each ticket's cost (decision 034).
      money: sorted.some((e) => e.costCents !== undefined) ? seasonMoney(sorted) : null,
    },
    status: entries.ok ? 200 : statusOf(entries),
  };
}

export async function readSummary(request: Request, groupId: number, roundNumber: number | null, seasonId: number | null, known?: string) {
  const q = new URLSearchParams({ groupId: String(groupId) });
  if (roundNumber) q.set("numberQuiniela", String(roundNumber));
  if (seasonId) q.set("seasonId", String(seasonId));
  if (known) q.set("known", known);
  return api.read(request, `/Bet/RoundSummary?${q}`, RoundSummary);
}

/**
 * Results and bets of one round, in one backend call. ?jornada=N (and ?temporada=S, to reach a
 * past season) selects the round; without them the latest by close date opens. When the chosen
 * round cannot be read, the list of rounds still shows, with the spec's message. The players'
 * cards come rendered, kept while the round's tickets do not change (decision 027).
 */
export async function loadRoundResults(request: Request, params: { groupId?: string }, context?: unknown) {
  const search = new URL(request.url).searchParams;
  const { groupId, roundNumber, seasonId } = KEPT_PAGES.results.args(params, search);
  if (!groupId) throw new Response("No encontramos lo que buscas.", { status: 404 });
  const sort = parsePlayerSort(search.get("orden"));
  let summary: RoundSummary | null = null;
  let held: HeldView<RoundTickets> | null = null;
  let loadError: string | null = null;
  let status = 200;
  const read = await attempt(() =>
    heldTickets.read(
      `${groupId}/${roundNumber ?? 0}/${seasonId ?? 0}`,
      (known) => readSummary(request, groupId, roundNumber, seasonId, known),
      ({ players, averageHits, mvp }) => players && { players, averageHits, mvp },
    ),
  );
  if (read.ok) ({ answer: summary, held } = read.value);
  else {
    keepNot(context);
    status = statusOf(read);
    loadError = status === 403 ? `${ROUNDS_LOAD_ERROR} ${read.message("")}`.trim() : ROUNDS_LOAD_ERROR;
    if ((roundNumber || seasonId) && status !== 403) {
      // The round failed, not necessarily the list: show the rounds, with the round's own message.
      const rounds = await loadOrNull(() => readSummary(request, groupId, null, null));
      if (rounds) {
        summary = { ...rounds, round: null, matches: [], results: null, distribution: [], bet: null, players: [], averageHits: null, mvp: null };
        loadError = ROUND_LOAD_ERROR;
      }
    }
  }
  const players = held?.value.players ?? [];
  const view = summary && {
    ...summary,
    players: null,
    averageHits: held?.value.averageHits ?? null,
    mvp: held?.value.mvp ?? null,
    playerCount: players.length,
    grid: held && players.length ? fragmentInData(context, playerGridHtml(held, sort, summary.results)) : null,
  };
  // The bet's resguardo (decision 090): its table is in this page's version (backend/kept-versions.ts).
  const receipts = summary?.round && summary.bet ? await loadReceipts(request, groupId, summary.round.quinielaId) : null;
  return { data: { groupId, sort, summary: view, receipts, loadError }, status };
}
