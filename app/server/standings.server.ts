import { redirect } from "@remix-run/node";
import { ClassificationInfo, ClassificationRows, type ClassificationSort } from "#core/contract/classification";
import { sortClassification } from "#core/domain/classification";
import { api, errorMessage } from "~/server/client.server";
import { groupSeasons } from "~/server/groups.server";
import { requireUser } from "~/server/session/session.server";

export const SORTS: ClassificationSort[] = ["points", "hits", "accuracy", "wilson", "name"];
export const LOAD_ERROR = "Error al cargar los datos del grupo.";

function positiveId(raw: string | undefined | null): number | null {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * The season's standings (or one round's with ?jornada=<quinielaId>), ordered by ?orden. The
 * season picker sends ?temporada=<id>, which becomes that season's own URL.
 */
export async function loadStandings(request: Request, params: { groupId?: string; seasonId?: string }) {
  await requireUser(request);
  const groupId = positiveId(params.groupId);
  const seasonId = positiveId(params.seasonId);
  if (!groupId || !seasonId) throw new Response("No encontramos lo que buscas.", { status: 404 });
  const search = new URL(request.url).searchParams;
  const asked = positiveId(search.get("temporada"));
  if (asked && asked !== seasonId) {
    const orden = search.get("orden");
    throw redirect(`/grupo/${groupId}/temporada/${asked}/clasificacion${orden ? `?${new URLSearchParams({ orden })}` : ""}`);
  }
  const sort = SORTS.find((s) => s === search.get("orden")) ?? "points";
  const jornada = positiveId(search.get("jornada"));
  const base = `/group/${groupId}/season/${seasonId}`;
  try {
    const [info, seasons] = await Promise.all([api.read(request, `${base}/GetClassificationRounds`, ClassificationInfo), groupSeasons(request, groupId)]);
    const rounds = [...info.rounds].sort((a, b) => a.numberQuiniela - b.numberQuiniela);
    // A round that does not count yet (open, or without results) has no standings of its own: a
    // table of zeros would only mislead.
    const uncounted = jornada !== null && !rounds.some((r) => r.quinielaId === jornada);
    const rows = uncounted ? [] : await api.read(request, `${base}/GetClassification${jornada ? `?quinielaId=${jornada}` : ""}`, ClassificationRows);
    const pickerSeasons = seasons?.seasons.map((s) => ({ id: s.id, name: s.name })) ?? [];
    if (!pickerSeasons.some((s) => s.id === seasonId)) pickerSeasons.push(info.season);
    return { groupId, seasonId, sort, jornada, uncounted, info: { ...info, rounds }, seasons: pickerSeasons, rows: sortClassification(rows, sort), loadError: null };
  } catch (error) {
    if (error instanceof Response) throw error;
    return { groupId, seasonId, sort, jornada, uncounted: false, info: null, seasons: [], rows: [], loadError: `${LOAD_ERROR} ${errorMessage(error, "")}`.trim() };
  }
}
