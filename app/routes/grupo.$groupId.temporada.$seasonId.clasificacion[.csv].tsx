import type { LoaderFunctionArgs } from "@remix-run/node";
import { csvError, csvResponse } from "~/server/shelf/csv.server";
import { positiveId } from "~/server/shelf/ids.server";
import { api, attempt } from "~/server/shelf/client.server";
import { requireUser } from "~/server/shelf/session.server";
import { ClassificationRows, type ClassificationRow, type Icon } from "#core/contract/standings";

const ICON_NAMES: Record<Icon, string> = { burro: "Burro", pina: "Piña", bola: "Bola", rinoceronte: "Rinoceronte" };
const decimals = (n: number, digits: number) => n.toFixed(digits).replace(".", ",");

/**
 * The season's standings as a spreadsheet: a row per player with every column of the table. Hits
 * and totals go in columns of their own: "26/28" would turn into a date in a spreadsheet.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  const groupId = positiveId(params.groupId);
  const seasonId = positiveId(params.seasonId);
  if (!groupId || !seasonId) throw new Response("No encontramos lo que buscas.", { status: 404 });
  const read = await attempt(() => api.read(request, `/group/${groupId}/season/${seasonId}/GetClassification`, ClassificationRows));
  if (!read.ok) return csvError(read, "Error al cargar los datos del grupo.");
  const rows: ClassificationRow[] = read.value;
  const header = [
    "Posición",
    "Jugador",
    "Puntos",
    "Aciertos simples",
    "Simples jugados",
    "Aciertos dobles",
    "Dobles jugados",
    "Plenos al 15",
    "Plenos jugados",
    "Aciertos",
    "Aciertos sin triples",
    "Jugados sin triples",
    "Precisión (%)",
    "Wilson",
    "Top 5",
    "Iconos",
  ];
  const body = rows.map((r) => [
    r.position,
    r.userName,
    decimals(r.totalPoints, 2),
    r.simpleHits,
    r.simpleTotal,
    r.dobleHits,
    r.dobleTotal,
    r.pleno15Hits,
    r.pleno15Total,
    r.allHits,
    r.hits,
    r.n,
    decimals(r.accuracy * 100, 1),
    decimals(r.wilson, 4),
    r.isSubGroup ? "Sí" : "No",
    r.icons.map((i) => ICON_NAMES[i]).join(", "),
  ]);
  return csvResponse(`clasificacion-${groupId}-${seasonId}.csv`, [header, ...body]);
}
