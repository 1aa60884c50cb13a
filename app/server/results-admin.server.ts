import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import { QuinielaList, QuinielaMatchList, QuinielaResults, type Quiniela, type QuinielaMatch } from "#core/contract/quiniela";
import { MATCHES } from "#core/domain/signs";
import { api, ApiError, attempt } from "~/server/client.server";
import { submitToBackend } from "~/server/submit.server";
import { resultsSchema } from "~/forms/catalogue";
import { redirectWithToast } from "~/server/session/toast.server";

/**
 * The results screen: the round selector, the chosen pool's matches and its official results so far.
 * With no round asked for, the latest one that has closed (or else the latest one).
 */
export async function loadResultsEditor(request: Request, requested: string | null, now = new Date()) {
  const errors: string[] = [];
  const listed = await attempt(() => api.read(request, "/quiniela/all", QuinielaList));
  if (!listed.ok) errors.push("Error al cargar las quinielas.");
  const pools: Quiniela[] = listed.ok ? listed.value : [];
  const byClose = pools.slice().sort((a, b) => Date.parse(b.closingDate) - Date.parse(a.closingDate) || b.id - a.id);
  const fallback = byClose.find((p) => Date.parse(p.closingDate) <= now.getTime()) ?? byClose[0];
  const selectedId = requested ? Number(requested) || null : (fallback?.id ?? null);
  const selected = pools.find((p) => p.id === selectedId) ?? null;

  let matches: QuinielaMatch[] = [];
  let results: QuinielaResults | null = null;
  if (selected) {
    const readMatches = await attempt(() => api.read(request, `/Quiniela/${selected.id}/GetMatches`, QuinielaMatchList));
    if (readMatches.ok) matches = readMatches.value;
    else errors.push("Error al cargar los partidos.");
    const readResults = await attempt(() => api.read(request, `/Quiniela/GetResults/${selected.id}`, QuinielaResults));
    if (readResults.ok) results = readResults.value;
    // No results yet is the normal state of a round (the backend's 404 is not an error here).
    else if (readResults.status !== 404) errors.push("Error al cargar los resultados.");
  } else if (requested && pools.length) {
    errors.push("Esa jornada no existe: elige otra.");
  }
  const pleno = results?.plain15 ?? results?.pl15 ?? null;
  return {
    // In number order within each season, the newest season first.
    rounds: pools
      .slice()
      .sort((a, b) => b.seasonId - a.seasonId || a.numberQuiniela - b.numberQuiniela)
      .map((p) => ({ id: p.id, name: p.name })),
    selected: selected ? { id: selected.id, name: selected.name } : null,
    matches,
    defaults: {
      quinielaId: selected ? String(selected.id) : "",
      signs: Array.from({ length: MATCHES }, (_, i) => results?.matches[i] ?? ""),
      plenoHome: pleno ? String(pleno.home) : "",
      plenoAway: pleno ? String(pleno.away) : "",
    },
    hasResults: results !== null,
    version: results?.version ?? null,
    errors,
  };
}

const PLENO_LEFT_OUT = "El pleno al quince no se ha guardado: faltaban los goles de uno de los dos equipos.";

/** Saves the official results for every group at once; the pleno only when both goals are given. */
export async function saveResults(request: Request) {
  const submission = parseWithZod(await request.formData(), { schema: resultsSchema });
  if (submission.status !== "success") return data({ lastResult: submission.reply(), stale: false }, { status: 400 });
  const { quinielaId, signs, plenoHome, plenoAway, version } = submission.value;
  const withPleno = plenoHome !== undefined && plenoAway !== undefined;
  const halfPleno = !withPleno && (plenoHome !== undefined || plenoAway !== undefined);
  const body = {
    quinielaId,
    version,
    matches: signs,
    ...(withPleno ? { plain15: { home: Number(plenoHome), away: Number(plenoAway) } } : {}),
  };
  const sent = await submitToBackend(
    submission,
    () => api.post(request, "/Quiniela/SetResults", body, QuinielaResults),
    (failure) => `Error al guardar los resultados.${failure.error instanceof ApiError && failure.status < 500 ? ` ${failure.message("")}` : ""}`,
  );
  if (!sent.ok) {
    // Another admin saved first: 409, the typed results stay in the form and the current ones are shown.
    const stale = sent.failure.status === 409;
    return data({ lastResult: sent.reply, stale }, { status: stale ? 409 : 400 });
  }
  const url = new URL(request.url);
  const text = halfPleno ? `Resultados guardados. ${PLENO_LEFT_OUT}` : "Resultados guardados.";
  return redirectWithToast(`${url.pathname}${url.search}`, { kind: halfPleno ? "info" : "success", text });
}
