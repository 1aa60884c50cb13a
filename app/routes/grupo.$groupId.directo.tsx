import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Alert } from "~/components/Field";
import { LiveBet, LiveMatches, LiveRanking, liveStatus } from "~/components/LiveRound";
import { loadLive } from "~/server/live/live.server";
import type { RouteHandle } from "~/route-handle";

// Plain HTML that refreshes itself every minute (an HTTP `Refresh` header, which a reader can stop
// with 'Detener la actualización'): each refresh is a conditional GET, and an unchanged page is a
// 304 with no body (entry.server.tsx). No script is needed.
export const handle: RouteHandle = { scripts: false, kept: "live" };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.live ? `En directo · Jornada ${data.live.numberQuiniela} · ${data.live.group.name}` : "En directo · Quiniela de peñas" },
];

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/** Seconds between refreshes on a phone. */
export const PHONE_REFRESH = 60;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const search = new URL(request.url).searchParams;
  const paused = search.has("pausa");
  const headers: Record<string, string> = { "cache-control": "private, no-cache" };
  if (!paused) headers.refresh = String(PHONE_REFRESH);
  return data({ ...(await loadLive(request, params, context)), paused, all: search.has("todos") }, { headers });
}

export default function LivePage() {
  const { groupId, live, message, paused, all } = useLoaderData<typeof loader>();
  const base = `/grupo/${groupId}`;
  if (!live) {
    return (
      <main className="page">
        <h1>En directo</h1>
        <Alert>{message}</Alert>
        <p>
          <Link to={`${base}/dashboard`}>Volver al panel</Link>
        </p>
      </main>
    );
  }
  return (
    <main className="page live-page">
      <h1>
        En directo · Jornada {live.numberQuiniela} <span className={live.provisional ? "badge live-provisional" : "badge"}>{liveStatus(live)}</span>
      </h1>
      <p className="muted">
        {live.played} de 14 partidos con marcador.{" "}
        {paused ? (
          <>
            Actualización automática detenida: <Link to={`${base}/directo`}>reanudar</Link>.
          </>
        ) : (
          <>
            La página se actualiza sola cada minuto: <Link to={`${base}/directo?pausa=1`}>detener la actualización</Link>.
          </>
        )}
        {live.provisional ? " Los marcadores son provisionales: no cuentan hasta que lleguen los resultados oficiales." : ""}
      </p>
      <p className="live-actions">
        <a className="button secondary" href={`https://wa.me/?text=${encodeURIComponent(live.shareText)}`} rel="noopener noreferrer" target="_blank">
          Compartir por WhatsApp
        </a>
        {live.canEdit && live.provisional ? (
          <Link className="button" to={`${base}/directo/marcadores?quiniela=${live.quinielaId}`}>
            Marcador provisional
          </Link>
        ) : null}
        <Link to={`${base}/dashboard`}>Volver al panel</Link>
      </p>
      <section aria-labelledby="live-matches">
        <h2 id="live-matches">Partidos</h2>
        <LiveMatches live={live} />
      </section>
      <LiveBet live={live} headingId="live-bet" />
      <LiveRanking live={live} headingId="live-ranking" limit={all ? undefined : 25} moreHref={`${base}/directo?todos=1`} />
    </main>
  );
}
