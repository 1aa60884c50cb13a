import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import type { RouteHandle } from "~/route-handle";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { Alert } from "~/components/Field";
import { SeasonPicker } from "~/components/SeasonPicker";
import { ShareWhatsApp } from "~/components/ShareWhatsApp";
import { PlayerFigures, StandingsLegend } from "~/components/StandingsTable";
import { redirectOldRoundName } from "~/server/rounds/round-query.server";
import { requireUser } from "~/server/shelf/session.server";
import { loadStandings } from "~/server/standings/standings.server";

// Read-only: plain HTML with no Remix script nor hydration data, answered 304 when unchanged
// (docs/decisions/022).
export const handle: RouteHandle = { scripts: false, kept: "standings" };

// Kept by the browser and asked again on every view, so a reload is a 304 (decision 067).
export const headers: HeadersFunction = () => ({ "cache-control": "private, no-cache" });

export const meta: MetaFunction = () => [{ title: "Clasificación · Quiniela de peñas" }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireUser(request);
  redirectOldRoundName(request, ["jornada"]);
  return loadStandings(request, params, context);
}

export default function Standings() {
  const { groupId, seasonId, sort, roundId, uncounted, info, seasons, table, shareText, player, loadError } = useLoaderData<typeof loader>();
  const round = info?.rounds.find((r) => r.quinielaId === roundId) ?? null;
  return (
    <main className="page">
      <h1>Clasificación{info ? ` · ${info.group.name}` : ""}</h1>
      <p>
        <Link to={`/grupo/${groupId}/dashboard`}>Volver al grupo</Link>
      </p>
      <Alert>{loadError}</Alert>
      {info ? (
        <>
          <SeasonPicker seasons={seasons} selectedId={seasonId} keep={sort !== "points" ? { orden: sort } : {}} />
          <p className="muted">
            Temporada {info.season.name}: {info.rounds.length === 1 ? "1 jornada con resultados" : `${info.rounds.length} jornadas con resultados`}.
          </p>
          <Form method="get" className="row picker">
            {sort !== "points" ? <input type="hidden" name="orden" value={sort} /> : null}
            <label htmlFor="round-picker">Ver</label>
            <select id="round-picker" name="quiniela" defaultValue={round ? String(round.quinielaId) : ""}>
              <option value="">Toda la temporada</option>
              {info.rounds.map((r) => (
                <option key={r.quinielaId} value={r.quinielaId}>
                  Jornada {r.numberQuiniela}
                </option>
              ))}
            </select>
            <button type="submit" className="secondary">
              Mostrar
            </button>
          </Form>
          {info.rounds.length === 0 ? <p className="notice">Todavía no hay jornadas con resultados en esta temporada.</p> : null}
          {uncounted ? (
            <p className="notice" role="status">
              Esa jornada todavía no cuenta en la clasificación: aparecerá cuando haya cerrado y tenga resultados oficiales.{" "}
              <Link to={`?${new URLSearchParams(sort !== "points" ? { orden: sort } : {})}`}>Ver toda la temporada</Link>
            </p>
          ) : table ? (
            <>
              {player ? <PlayerFigures row={player.row} perRound={round !== null} showIcons={info.group.officeIcons} closeHref={player.closeHref} /> : null}
              {/* The table comes rendered from the loader, kept while the standings do not change (decision 027). */}
              <div className="table-wrap standings-wrap" dangerouslySetInnerHTML={{ __html: table }} />
            </>
          ) : (
            <p className="notice">El grupo todavía no tiene miembros con pronósticos.</p>
          )}
          {shareText && !uncounted ? <ShareWhatsApp text={shareText} what="la clasificación" /> : null}
          <StandingsLegend showIcons={info.group.officeIcons} />
          <p>
            <a href={`/grupo/${groupId}/temporada/${info.season.id}/clasificacion.csv`} download>
              Descargar la clasificación (CSV)
            </a>
          </p>
        </>
      ) : null}
    </main>
  );
}
