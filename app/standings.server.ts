import type { ClassificationInfo, ClassificationRow, ClassificationSort } from "#core/contract/classification";
import { sortClassification } from "#core/domain/classification";
import { api, errorMessage } from "~/api/client.server";
import { requireUser } from "~/session/session.server";

export const SORTS: ClassificationSort[] = ["points", "hits", "accuracy", "wilson", "name"];
export const LOAD_ERROR = "Error al cargar los datos del grupo.";

function positiveId(raw: string | undefined | null): number | null {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** The season's standings (or one round's with ?jornada=<quinielaId>), ordered by ?orden. */
export async function loadStandings(request: Request, params: { groupId?: string; seasonId?: string }) {
  await requireUser(request);
  const groupId = positiveId(params.groupId);
  const seasonId = positiveId(params.seasonId);
  if (!groupId || !seasonId) throw new Response("No encontramos lo que buscas.", { status: 404 });
  const search = new URL(request.url).searchParams;
  const sort = SORTS.find((s) => s === search.get("orden")) ?? "points";
  const jornada = positiveId(search.get("jornada"));
  const base = `/group/${groupId}/season/${seasonId}`;
  try {
    const [info, rows] = await Promise.all([
      api.get<ClassificationInfo>(request, `${base}/GetClassificationRounds`),
      api.get<ClassificationRow[]>(request, `${base}/GetClassification${jornada ? `?quinielaId=${jornada}` : ""}`),
    ]);
    return { groupId, seasonId, sort, jornada, info, rows: sortClassification(rows, sort), loadError: null };
  } catch (error) {
    if (error instanceof Response) throw error;
    return { groupId, seasonId, sort, jornada, info: null, rows: [], loadError: `${LOAD_ERROR} ${errorMessage(error, "")}`.trim() };
  }
}
