import { redirect } from "@remix-run/node";
import { standingsShareText } from "#core/domain/share/share-text";
import { StandingsPage, type ClassificationSort } from "#core/contract/standings";
import { sortClassification } from "#core/domain/standings/standings";
import { api, attempt } from "~/server/shelf/client.server";
import { fragmentInData } from "~/server/shelf/fragments.server";
import { keepNot, KEPT_PAGES } from "~/server/shelf/kept-pages.server";
import { askedRound } from "~/server/rounds/round-query.server";
import { positiveId } from "~/server/shelf/ids.server";
import { heldStandings, standingsTableHtml } from "~/server/standings/standings-table.server";
import { refuseOutsider } from "~/server/session/guards.server";

export const SORTS: ClassificationSort[] = ["points", "hits", "accuracy", "wilson", "name"];
export const LOAD_ERROR = "Error al cargar los datos del grupo.";

/**
 * The season's standings (or one round's with ?quiniela=<id>), ordered by ?orden. The season
 * picker sends ?temporada=<id>, which becomes that season's own URL. The caller has signed the user in.
 * `context` is the load context: on a document request the table travels beside the data (fragments.server.ts).
 */
export async function loadStandings(request: Request, params: { groupId?: string; seasonId?: string }, context?: unknown) {
  const search = new URL(request.url).searchParams;
  const { groupId, seasonId } = KEPT_PAGES.standings.args(params, search);
  if (!groupId || !seasonId) throw new Response("No encontramos lo que buscas.", { status: 404 });
  const asked = positiveId(search.get("temporada"));
  if (asked && asked !== seasonId) {
    const orden = search.get("orden");
    throw redirect(`/grupo/${groupId}/temporada/${asked}/clasificacion${orden ? `?${new URLSearchParams({ orden })}` : ""}`);
  }
  const sort = SORTS.find((s) => s === search.get("orden")) ?? "points";
  const roundId = askedRound(request);
  // One backend call: the composite read gives the round list, the picker and the rows together,
  // or no rows when the ones this instance holds are still current (decision 027).
  const read = await attempt(() =>
    heldStandings.read(
      `${groupId}/${seasonId}/${roundId ?? 0}`,
      (known) =>
        api.read(
          request,
          `/group/${groupId}/season/${seasonId}/StandingsPage?${new URLSearchParams({ ...(roundId ? { quinielaId: String(roundId) } : {}), ...(known ? { known } : {}) })}`,
          StandingsPage,
        ),
      (answer) => answer.rows,
    ),
  );
  if (!read.ok) {
    refuseOutsider(read.status);
    keepNot(context);
    const nothing = { uncounted: false, info: null, seasons: [], table: null, shareText: null, player: null };
    return { groupId, seasonId, sort, roundId, ...nothing, loadError: `${LOAD_ERROR} ${read.message("")}`.trim() };
  }
  const { answer: page, held } = read.value;
  const rounds = [...page.rounds].sort((a, b) => a.numberQuiniela - b.numberQuiniela);
  // A round that does not count yet (open, or without results) has no standings of its own: a
  // table of zeros would only mislead.
  const uncounted = roundId !== null && !rounds.some((r) => r.quinielaId === roundId);
  const info = { group: page.group, season: page.season, rounds };
  const round = rounds.find((r) => r.quinielaId === roundId) ?? null;
  const sortHref = (by: ClassificationSort) =>
    `?${new URLSearchParams({ ...(roundId ? { quiniela: String(roundId) } : {}), ...(by === "points" ? {} : { orden: by }) })}`;
  // A name leads to that player's figures in words (?jugador=<id>), outside the table (decision 075).
  const here = sortHref(sort);
  const playerHref = (userId: number) => `${here}${here === "?" ? "" : "&"}jugador=${userId}#cifras`;
  const rows = held.value;
  const playerId = positiveId(search.get("jugador"));
  const shown = playerId ? rows.find((r) => r.userId === playerId) : undefined;
  const player = shown ? { row: shown, closeHref: here } : null;
  const table = rows.length
    ? fragmentInData(
        context,
        standingsTableHtml(
          held,
          {
            sort,
            sortHref,
            playerHref,
            caption: `Clasificación de ${round ? `jornada ${round.numberQuiniela}` : "toda la temporada"}`,
            perRound: round !== null,
            showIcons: page.group.officeIcons,
          },
          () => sortClassification(rows, sort),
        ),
      )
    : null;
  // What 'Compartir por WhatsApp' writes: the top of the table shown (core/domain/share/share-text).
  const shareText = rows.length
    ? standingsShareText({ groupName: page.group.name, seasonName: page.season.name, roundNumber: round?.numberQuiniela ?? null, rows })
    : null;
  return { groupId, seasonId, sort, roundId, uncounted, info, seasons: page.seasons, table, shareText, player, loadError: null };
}
