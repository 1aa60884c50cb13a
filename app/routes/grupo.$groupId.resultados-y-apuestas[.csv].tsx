import type { LoaderFunctionArgs } from "@remix-run/node";
import { plenoText } from "#core/domain/moving-in/import-rows";
import { MATCHES } from "#core/domain/signs";
import { readSummary } from "~/server/bet/bet-stats.server";
import { csvError, csvResponse } from "~/server/shelf/csv.server";
import { positiveId } from "~/server/shelf/ids.server";
import { attempt } from "~/server/shelf/client.server";
import { ROUND_LOAD_ERROR } from "~/components/bet-stats-ui";
import { requireUser } from "~/server/shelf/session.server";

/**
 * One round's predictions as a spreadsheet, once the round is closed: a row per player with
 * their picks, the pleno, their hits and whether they were in the group bet.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  const groupId = positiveId(params.groupId);
  const search = new URL(request.url).searchParams;
  const jornada = positiveId(search.get("jornada"));
  if (!groupId || !jornada) return new Response("Indica la jornada: ?jornada=N.", { status: 400, headers: { "content-type": "text/plain; charset=utf-8" } });
  const read = await attempt(() => readSummary(request, groupId, jornada, positiveId(search.get("temporada"))));
  if (!read.ok) return csvError(read, ROUND_LOAD_ERROR);
  const summary = read.value;
  if (!summary.round?.closed) {
    return new Response("La jornada sigue abierta: sus pronósticos se pueden descargar cuando cierre.", {
      status: 409,
      headers: { "content-type": "text/plain; charset=utf-8" },
    });
  }
  const official = summary.results?.matches ?? [];
  const pleno = summary.results?.plain15;
  const header = ["Jugador", ...Array.from({ length: MATCHES }, (_, i) => `P${i + 1}`), "Pleno 15", "Aciertos (de 15)", "In.", "Top", "Automático"];
  const resultRow = ["Resultado oficial", ...Array.from({ length: MATCHES }, (_, i) => official[i] ?? ""), pleno ? plenoText(pleno) : "", "", "", "", ""];
  const bet = summary.bet;
  const betRow = bet
    ? [
        "Quiniela grupal",
        ...Array.from({ length: MATCHES }, (_, i) => (bet.matches[i] ?? []).join("")),
        bet.plain15 ? plenoText(bet.plain15) : "",
        bet.hits,
        "",
        "",
        "",
      ]
    : null;
  const rows = (summary.players ?? []).map((p) => [
    p.username,
    ...Array.from({ length: MATCHES }, (_, i) => (p.matches[i] ?? []).join("")),
    p.plain15 ? plenoText(p.plain15) : "",
    p.hits,
    p.included ? "Sí" : "No",
    p.rank ?? "",
    p.automatic ? "automático" : "",
  ]);
  return csvResponse(`resultados-jornada-${summary.round.numberQuiniela}.csv`, [header, resultRow, ...(betRow ? [betRow] : []), ...rows]);
}
