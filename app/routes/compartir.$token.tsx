import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, useLoaderData, useRouteError } from "@remix-run/react";
import { SHARE_INVALID } from "#core/contract/share";
import { formatEuros } from "#core/domain/money";
import type { RouteHandle } from "~/route-handle";
import { loadSharedView } from "~/server/share/share.server";

// A public, read-only page: no header, no links into the app, no script (decision 033).
export const handle: RouteHandle = { bare: true };

export const headers: HeadersFunction = () => ({ "cache-control": "no-cache", "x-robots-tag": "noindex" });

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? [
        { title: data.view.title },
        { name: "description", content: data.view.description },
        { name: "robots", content: "noindex, nofollow" },
        { property: "og:type", content: "website" },
        { property: "og:site_name", content: "Quiniela de peñas" },
        { property: "og:title", content: data.view.title },
        { property: "og:description", content: data.view.description },
        { property: "og:url", content: data.url },
        { property: "og:image", content: data.image },
        { property: "og:image:type", content: "image/png" },
        { property: "og:image:width", content: "1200" },
        { property: "og:image:height", content: "630" },
        { name: "twitter:card", content: "summary_large_image" },
      ]
    : [{ title: "Enlace no disponible · Quiniela de peñas" }, { name: "robots", content: "noindex, nofollow" }];

export async function loader({ params }: LoaderFunctionArgs) {
  return loadSharedView(params.token ?? "");
}

const points = (x: number) => x.toLocaleString("es-ES", { maximumFractionDigits: 2, useGrouping: false });

export default function SharedPage() {
  const { view, image } = useLoaderData<typeof loader>();
  return (
    <main className="page narrow stack shared-view">
      <h1>{view.title}</h1>
      <p className="muted">{view.description}</p>
      <img src={image} alt={view.title} width={1200} height={630} className="shared-image" />
      {view.bet?.ticket ? (
        <table className="compact">
          <caption>Boleto</caption>
          <thead>
            <tr>
              <th scope="col">Partido</th>
              <th scope="col">Signos</th>
            </tr>
          </thead>
          <tbody>
            {view.bet.matches.map((m) => (
              <tr key={m.position}>
                <td>
                  {m.position}. {m.home} - {m.away}
                </td>
                <td>
                  {m.position === 15
                    ? view.bet?.ticket?.pleno
                      ? `${view.bet.ticket.pleno.home}-${view.bet.ticket.pleno.away}`
                      : "-"
                    : (view.bet?.ticket?.picks[m.position - 1] ?? []).join("")}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <td colSpan={2}>
                {view.bet.ticket.bets} {view.bet.ticket.bets === 1 ? "apuesta" : "apuestas"} · {formatEuros(view.bet.ticket.costCents)}
              </td>
            </tr>
          </tfoot>
        </table>
      ) : null}
      {view.standings ? (
        <ol className="shared-standings">
          {view.standings.rows.map((r) => (
            <li key={`${r.position}-${r.userName}`}>
              {r.position}. {r.userName}: {points(r.totalPoints)} pts
            </li>
          ))}
        </ol>
      ) : null}
      <p className="muted">Quiniela de peñas · enlace de solo lectura</p>
    </main>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const gone = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="page narrow">
      <h1>Enlace no disponible</h1>
      <p>{gone ? SHARE_INVALID : "No se pudo mostrar este enlace; inténtalo más tarde."}</p>
    </main>
  );
}
