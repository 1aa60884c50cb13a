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
