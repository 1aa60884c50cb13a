import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import { QuinielaList, QuinielaMatchList, QuinielaResults, type Quiniela, type QuinielaMatch } from "#core/contract/quiniela";
import { MATCHES } from "#core/domain/signs";
import { api, ApiError, attempt, type Failure } from "~/server/shelf/client.server";
import { submitToBackend } from "~/server/shelf/submit.server";
import { resultsSchema } from "~/forms/catalogue";
import { prizesSchema, sharesSchema } from "~/forms/ticket";
import { PublicShares } from "#core/contract/public-shares";
import { sharesText } from "#core/domain/official/public-shares";
import { QuinielaPrizes } from "#core/contract/ticket";
import { formatEuros } from "#core/domain/money";
import { CATEGORIES } from "#core/domain/bet/scrutiny";
import { redirectWithToast } from "~/server/shelf/toast.server";

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
  let prizes: QuinielaPrizes | null = null;
  let shares: PublicShares | null = null;
  if (selected) {
    const readShares = await attempt(() => api.read(request, `/Quiniela/${selected.id}/PublicShares`, PublicShares));
    if (readShares.ok) shares = readShares.value;
    else errors.push("Error al cargar los porcentajes del público.");
    const readPrizes = await attempt(() => api.read(request, `/Quiniela/${selected.id}/Prizes`, QuinielaPrizes));
    if (readPrizes.ok) prizes = readPrizes.value;
    else errors.push("Error al cargar los premios del escrutinio.");
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
    prizes: prizes
      ? {
          version: prizes.version || null,
          source: prizes.source,
          // Typed as the admin would type them: "1.234,50" (the € sign is accepted back, but left out).
          defaults: Object.fromEntries(CATEGORIES.map((c) => [c, prizes.prizes[c] === null ? "" : formatEuros(prizes.prizes[c]).replace(/\s*€$/, "")])),
        }
      : null,
    shares: shares ? { version: shares.version || null, source: shares.source, text: sharesText(shares.shares) } : null,
    errors,
  };
}

const PLENO_LEFT_OUT = "El pleno al quince no se ha guardado: faltaban los goles de uno de los dos equipos.";

/** The results screen's two forms, told apart by their intent: the results, or the escrutinio's prizes. */
export async function resultsScreenAction(request: Request) {
  const formData = await request.formData();
  const intent = formData.get("intent");
  return intent === "prizes" ? savePrizes(request, formData) : intent === "shares" ? saveShares(request, formData) : saveResults(request, formData);
}

const backendDetail = (failure: Failure) => (failure.error instanceof ApiError && failure.status < 500 ? ` ${failure.message("")}` : "");

/**
 * 'Premios del escrutinio' (decision 034): euros per winning bet of each category, typed or pasted
 * as the official table; cents from here on. Post/Redirect/Get; a stale form is a 409.
 */
async function savePrizes(request: Request, formData: FormData) {
  const submission = parseWithZod(formData, { schema: prizesSchema });
  if (submission.status !== "success") return data({ intent: "prizes" as const, lastResult: submission.reply(), stale: false }, { status: 400 });
  const { quinielaId, version, prizes } = submission.value;
  const sent = await submitToBackend(
    submission,
    () => api.put(request, `/Quiniela/${quinielaId}/Prizes`, { version, prizes }, QuinielaPrizes),
    (failure) => `Error al guardar los premios.${backendDetail(failure)}`,
  );
  if (!sent.ok) {
    const stale = sent.failure.status === 409;
    return data({ intent: "prizes" as const, lastResult: sent.reply, stale }, { status: stale ? 409 : 400 });
  }
  const url = new URL(request.url);
  return redirectWithToast(`${url.pathname}${url.search}`, { kind: "success", text: "Premios del escrutinio guardados." });
}

/** 'Porcentajes del público' (decision 044): the pasted table, read into basis points. Post/Redirect/Get; a stale form is a 409. */
async function saveShares(request: Request, formData: FormData) {
  const submission = parseWithZod(formData, { schema: sharesSchema });
  if (submission.status !== "success") return data({ intent: "shares" as const, lastResult: submission.reply(), stale: false }, { status: 400 });
  const { quinielaId, version, shares } = submission.value;
  const sent = await submitToBackend(
    submission,
    () => api.put(request, `/Quiniela/${quinielaId}/PublicShares`, { version, shares }, PublicShares),
    (failure) => `Error al guardar los porcentajes.${backendDetail(failure)}`,
  );
  if (!sent.ok) {
    const stale = sent.failure.status === 409;
    return data({ intent: "shares" as const, lastResult: sent.reply, stale }, { status: stale ? 409 : 400 });
  }
  const url = new URL(request.url);
  return redirectWithToast(`${url.pathname}${url.search}`, { kind: "success", text: "Porcentajes del público guardados." });
}

/** Saves the official results for every group at once; the pleno only when both goals are given. */
async function saveResults(request: Request, formData: FormData) {
  const submission = parseWithZod(formData, { schema: resultsSchema });
  if (submission.status !== "success") return data({ intent: "results" as const, lastResult: submission.reply(), stale: false }, { status: 400 });
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
    (failure) => `Error al guardar los resultados.${backendDetail(failure)}`,
  );
  if (!sent.ok) {
    // Another admin saved first: 409, the typed results stay in the form and the current ones are shown.
    const stale = sent.failure.status === 409;
    return data({ intent: "results" as const, lastResult: sent.reply, stale }, { status: stale ? 409 : 400 });
  }
  const url = new URL(request.url);
  const text = halfPleno ? `Resultados guardados. ${PLENO_LEFT_OUT}` : "Resultados guardados.";
  return redirectWithToast(`${url.pathname}${url.search}`, { kind: halfPleno ? "info" : "success", text });
}
