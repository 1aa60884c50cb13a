/** The screens' own Spanish messages (docs/architecture.md#forms-and-messages), shared by loaders and components. */
export const MISSING_SEASON = "Falta el seasonId en la URL. Vuelve al dashboard y entra de nuevo.";
export const EVOLUTION_LOAD_ERROR = "No se pudo cargar la evolución de Bets (comprueba el endpoint /Bet/Stats).";
export const ROUNDS_LOAD_ERROR = "No se pudieron cargar las jornadas con resultados.";
export const ROUND_LOAD_ERROR = "No se pudieron cargar los datos de la jornada.";

/**
 * The path of one round's results page, as the evolution chart, the selector and prev/next link to
 * it: ?jornada=N as the spec says, ?temporada=S so a past season's jornada N is the one reached.
 */
export function roundHref(groupId: number, numberQuiniela: number, seasonId?: number | null, sort?: string) {
  const q = new URLSearchParams({ jornada: String(numberQuiniela) });
  if (seasonId) q.set("temporada", String(seasonId));
  if (sort && sort !== "none") q.set("orden", sort);
  return `/grupo/${groupId}/resultados-y-apuestas?${q}`;
}
