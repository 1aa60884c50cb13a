import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { isRouteErrorResponse, useLoaderData, useRouteError } from "@remix-run/react";
import { formatDateTime } from "#core/dates";
import { KIOSK_INVALID } from "#core/contract/kiosk";
import { formatPoints, StandingsTable } from "~/components/StandingsTable";
import { loadKioskScreen } from "~/kiosk.server";

// No header, no navigation: the office screen reaches nothing else of the app (root.tsx reads this).
export const handle = { bare: true };

const REFRESH_SECONDS = 60;

export const meta: MetaFunction<typeof loader> = ({ data, error }) => [
  { title: data ? `Clasificación · ${data.group.name}` : "Pantalla de clasificación" },
  { name: "robots", content: "noindex, nofollow" },
  // Refreshes itself without JavaScript (an office TV's browser may have none); a dead link stops asking.
  ...(isRouteErrorResponse(error) && error.status === 404 ? [] : [{ httpEquiv: "refresh", content: String(REFRESH_SECONDS) }]),
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const standings = await loadKioskScreen(request, params.token);
  return json({ ...standings, updatedAt: formatDateTime(new Date()) }, { headers: { "cache-control": "no-store" } });
}

export default function Kiosk() {
  const { group, season, rows, lastRound, updatedAt } = useLoaderData<typeof loader>();
  return (
    <main className="kiosk">
      <header className="kiosk-head">
        <h1>{group.name}</h1>
        <p>
          {season ? `Clasificación · Temporada ${season.name}` : "Todavía no hay temporada en juego."} · Actualizado el {updatedAt}
        </p>
      </header>
      {lastRound ? (
        <section aria-labelledby="kiosk-last" className="kiosk-last">
          <h2 id="kiosk-last">Última jornada: Jornada {lastRound.numberQuiniela}</h2>
          <dl className="kiosk-figures">
            <div>
              <dt>Jugadores</dt>
              <dd>{lastRound.players}</dd>
            </div>
            <div>
              <dt>Media de aciertos</dt>
              <dd>{formatPoints(lastRound.averageHits)}</dd>
            </div>
            <div>
              <dt>Más aciertos</dt>
              <dd>
                {lastRound.bestHits} · {lastRound.best.join(", ") || "-"}
              </dd>
            </div>
            <div>
              <dt>Menos aciertos</dt>
              <dd>
                {lastRound.worstHits} · {lastRound.worst.join(", ") || "-"}
              </dd>
            </div>
          </dl>
          <p className="kiosk-results">
            <span className="sr-only">Resultados oficiales: </span>
            {lastRound.results.matches.map((sign, i) => (
              <span key={i} className="kiosk-sign" title={`Partido ${i + 1}`}>
                {sign ?? "-"}
              </span>
            ))}
            <span className="kiosk-sign pleno" title="Pleno al 15">
              {lastRound.results.plain15 ? `${lastRound.results.plain15.home}-${lastRound.results.plain15.away}` : "-"}
            </span>
          </p>
        </section>
      ) : null}
      <section aria-labelledby="kiosk-table">
        <h2 id="kiosk-table">Clasificación</h2>
        {rows.length ? (
          <StandingsTable rows={rows} caption={`Clasificación general${season ? ` de la temporada ${season.name}` : ""}`} />
        ) : (
          <p>Todavía no hay clasificación.</p>
        )}
      </section>
    </main>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const gone = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="kiosk">
      <h1>Pantalla de clasificación</h1>
      <p>{gone ? KIOSK_INVALID : "No se pudo cargar la clasificación. Se volverá a intentar en un minuto."}</p>
    </main>
  );
}
