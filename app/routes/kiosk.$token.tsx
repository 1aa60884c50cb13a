import type { HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { formatEuros } from "#core/domain/money";
import { data } from "@remix-run/node";
import { isRouteErrorResponse, useLoaderData, useLocation, useRouteError } from "@remix-run/react";
import { KIOSK_INVALID } from "#core/contract/kiosk";
import { formatDateTime } from "#core/dates";
import { kioskPage, nextKioskPage } from "#core/domain/kiosk/kiosk-pages";
import { RECEIPT_DONE, RECEIPT_MISSING, receiptLine } from "#core/domain/bet/receipt";
import { IconGlyph } from "~/components/IconGlyph";
import { formatPoints, ICONS, TOP_FIVE } from "~/components/StandingsTable";
import { loadKioskScreen } from "~/server/kiosk/kiosk.server";
import { KioskLive } from "~/components/KioskLive";
import type { LiveRound } from "#core/contract/live";
import { loadKioskLive } from "~/server/live/live.server";
import type { RouteHandle } from "~/route-handle";
import kioskStylesHref from "~/styles/kiosk.css";

// No header, no navigation and no script: the office screen reaches nothing else of the app and is
// plain HTML refreshed by a meta refresh (root.tsx reads this). Each refresh is a conditional GET:
// an unchanged screen is a 304 with no body (entry.server.tsx, docs/decisions/022).
export const handle: RouteHandle = { bare: true, etag: true };

// The screen's own sheet, after app.css: no other page carries its weight.
export const links: LinksFunction = () => [{ rel: "stylesheet", href: kioskStylesHref }];

/** "21:30", Madrid time. */
const hhmm = (d: Date) => formatDateTime(d).slice(-5);

/**
 * Reloads just after the next minute starts, so the clock on screen is never a minute behind; a
 * screen opened late in a minute waits at least 20 s (its clock then lags by those seconds once).
 */
const secondsToNextMinute = (now: Date) => Math.max(20, 60 - now.getUTCSeconds());

const light = (search: URLSearchParams) => search.get("tema") === "claro";

// Always the latest standings: the TV asks the server each time (its ETag saves the body).
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: MetaFunction<typeof loader> = ({ data, error }) => [
  {
    title:
      data && "live" in data ? "En directo · Pantalla de la oficina" : data?.screen ? `Clasificación · ${data.screen.group.name}` : "Pantalla de clasificación",
  },
  { name: "robots", content: "noindex, nofollow" },
  // Refreshes itself without JavaScript (an office TV's browser may have none) and moves to the next
  // page; a dead link stops asking.
  ...(isRouteErrorResponse(error) && error.status === 404 ? [] : [{ httpEquiv: "refresh", content: data?.refresh ?? "60" }]),
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const search = new URL(request.url).searchParams;
  const now = new Date();
  const tema = light(search) ? "&tema=claro" : "";
  const base = { clock: hhmm(now), light: light(search) };
  const headers = { "cache-control": "private, no-cache" };
  // The live mode: the jornada in play, every 30 s.
  if (search.get("modo") === "directo") return data({ ...base, live: await loadKioskLive(request, params.token), screen: null, refresh: "30" }, { headers });
  const reading = await loadKioskScreen(request, params.token);
  if (!reading) return data({ ...base, screen: null, refresh: `${secondsToNextMinute(now)}` }, { headers });
  const { screen, readAt, offlineSince } = reading;
  // The contract's schema has already cut each row to what the screen shows.
  const { rows, ...shown } = screen;
  const page = kioskPage(rows, Number(search.get("pagina") ?? 1));
  const next = page.pages > 1 || search.has("pagina") ? `; url=?pagina=${nextKioskPage(page)}${tema}` : "";
  return data(
    {
      ...base,
      refresh: `${secondsToNextMinute(now)}${next}`,
      screen: shown,
      page,
      updatedAt: hhmm(readAt),
      offlineSince: offlineSince ? hhmm(offlineSince) : null,
    },
    { headers },
  );
}

/** A row of signs: its section's heading says whose they are. */
function Signs({ signs, pleno }: { signs: string[]; pleno: string }) {
  return (
    <ol className="kiosk-signs">
      {signs.map((sign, i) => (
        <li key={i} title={`Partido ${i + 1}`}>
          {sign}
        </li>
      ))}
      <li className="pleno" title="Pleno al 15">
        {pleno}
      </li>
    </ol>
  );
}

const score = (s: { home: number; away: number } | null) => (s ? `${s.home}-${s.away}` : "-");

/** "ana, bea y 3 más": a tie of many must not push the rest off the screen. */
const names = (list: string[]) => (list.length > 3 ? `${list.slice(0, 3).join(", ")} y ${list.length - 3} más` : list.join(", ") || "-");

function Clock({ clock, updatedAt, offlineSince }: { clock: string; updatedAt?: string; offlineSince?: string | null }) {
  return (
    <div className="kiosk-time">
      <p className="kiosk-clock">
        <span className="sr-only">Hora: </span>
        {clock}
      </p>
      {updatedAt ? <p>Actualizado a las {updatedAt}</p> : null}
      {offlineSince ? <p className="kiosk-offline">Sin conexión desde {offlineSince}</p> : null}
    </div>
  );
}

export default function Kiosk() {
  const data = useLoaderData<typeof loader>();
  const theme = `kiosk${data.light ? " kiosk-light" : ""}`;
  if ("live" in data) return <KioskLive live={data.live as LiveRound | null} theme={theme} clock={data.clock} />;
  if (!data.screen) {
    return (
      <main className={`${theme} kiosk-message`}>
        <h1>Pantalla de clasificación</h1>
        <p>Conectando con el servidor… Se volverá a intentar en un minuto.</p>
        <Clock clock={data.clock} />
      </main>
    );
  }
  const { group, season, lastRound, bet } = data.screen;
  const { page, pages, columns, rowsPerColumn } = data.page;
  const lastLabel = lastRound ? `J${lastRound.numberQuiniela}` : null;
  const shownIcons = new Set(columns.flat().flatMap((r) => r.icons));
  return (
    // The header's row is counted here, not in a nested calc() the W3C checker cannot parse (decision 055).
    <main className={theme} style={{ "--kiosk-slots": rowsPerColumn + 1 } as React.CSSProperties}>
      <header className="kiosk-head">
        <div>
          <h1>{group.name}</h1>
          <p>
            {season ? `Clasificación · Temporada ${season.name}` : "Todavía no hay temporada en juego."}
            {pages > 1 ? (
              <strong className="kiosk-page">
                {" "}
                · Página {page} de {pages}
              </strong>
            ) : null}
          </p>
        </div>
        <Clock clock={data.clock} updatedAt={data.updatedAt} offlineSince={data.offlineSince} />
      </header>
      <div className="kiosk-body">
        <section className="kiosk-standings" aria-labelledby="kiosk-table">
          <h2 id="kiosk-table" className="sr-only">
            Clasificación
          </h2>
          {columns[0].length ? (
            columns.map((rows, c) => (
              <table key={c} className="kiosk-table">
                <colgroup>
                  <col className="k-pos" />
                  <col />
                  <col className="k-pts" />
                  {lastLabel ? <col className="k-last" /> : null}
                </colgroup>
                <thead>
                  <tr>
                    <th scope="col" className="num">
                      <abbr title="Posición">Pos.</abbr>
                    </th>
                    <th scope="col">Jugador</th>
                    <th scope="col" className="num">
                      Puntos
                    </th>
                    {lastLabel ? (
                      <th scope="col" className="num">
                        <abbr title={`Aciertos en la jornada ${lastRound!.numberQuiniela}`}>{lastLabel}</abbr>
                      </th>
                    ) : null}
                  </tr>
                </thead>
                <tbody>
                  {rows.map((r) => (
                    <tr key={r.userId} className={r.isSubGroup ? "subgroup" : undefined}>
                      <td className="num">{r.position}</td>
                      <th scope="row">
                        <div className="kiosk-player">
                          <span className="kiosk-name">{r.userName}</span>
                          {r.isSubGroup ? (
                            <span className="kiosk-top" title={TOP_FIVE.meaning}>
                              Top 5
                            </span>
                          ) : null}
                          {r.icons.map((icon) => (
                            <span
                              key={icon}
                              className="kiosk-icon"
                              role="img"
                              aria-label={`${ICONS[icon].name}: ${ICONS[icon].meaning}`}
                              title={ICONS[icon].name}
                            >
                              <IconGlyph icon={icon} />
                            </span>
                          ))}
                        </div>
                      </th>
                      <td className="num">{formatPoints(r.totalPoints)}</td>
                      {lastLabel ? <td className="num">{r.lastRoundHits ?? "-"}</td> : null}
                    </tr>
                  ))}
                </tbody>
              </table>
            ))
          ) : (
            <p>Todavía no hay clasificación.</p>
          )}
        </section>
        <aside className="kiosk-side">
          {lastRound ? (
            <section aria-labelledby="kiosk-last">
              <h2 id="kiosk-last">Última jornada: Jornada {lastRound.numberQuiniela}</h2>
              <dl className="kiosk-figures">
                <div>
                  <dt>Media de aciertos</dt>
                  <dd>
                    {formatPoints(lastRound.averageHits)} ({lastRound.players} jugadores)
                  </dd>
                </div>
                <div>
                  <dt>Más aciertos</dt>
                  <dd>
                    {lastRound.bestHits} · {names(lastRound.best)}
                  </dd>
                </div>
                <div>
                  <dt>Menos aciertos</dt>
                  <dd>
                    {lastRound.worstHits} · {names(lastRound.worst)}
                  </dd>
                </div>
              </dl>
              <Signs signs={lastRound.results.matches.map((s) => s ?? "-")} pleno={score(lastRound.results.plain15)} />
            </section>
          ) : (
            <p>Todavía no hay jornadas con resultados.</p>
          )}
          {bet ? (
            <section aria-labelledby="kiosk-bet">
              <h2 id="kiosk-bet">Quiniela grupal: Jornada {bet.numberQuiniela}</h2>
              <p className="kiosk-status">
                {bet.confirmed ? "Apuesta confirmada" : "Apuesta sin confirmar"}
                {bet.hits !== null ? <strong> · {bet.hits} aciertos de 15</strong> : null}
              </p>
              <Signs signs={bet.matches.map((p) => p.join("") || "-")} pleno={score(bet.pleno)} />
              {bet.receipt ? (
                <figure className="kiosk-receipt">
                  <img src={bet.receipt.thumbnail} alt={`Resguardo del boleto de la jornada ${bet.numberQuiniela}`} />
                  <figcaption>
                    {RECEIPT_DONE} · {receiptLine(bet.receipt)}
                  </figcaption>
                </figure>
              ) : bet.confirmed ? (
                <p className="kiosk-status">{RECEIPT_MISSING}</p>
              ) : null}
              {bet.prizeCents ? (
                <p className="kiosk-prize">
                  Premio de la jornada {bet.numberQuiniela}: <strong>{formatEuros(bet.prizeCents)}</strong>
                </p>
              ) : null}
            </section>
          ) : null}
          {group.officeIcons && shownIcons.size ? (
            <ul className="kiosk-legend">
              {[...shownIcons].map((icon) => (
                <li key={icon}>
                  <IconGlyph icon={icon} /> {ICONS[icon].name}
                </li>
              ))}
            </ul>
          ) : null}
        </aside>
      </div>
    </main>
  );
}

/** Only a dead link lands here (any other failure keeps the last good content): a plain full-screen message. */
export function ErrorBoundary() {
  const error = useRouteError();
  const gone = isRouteErrorResponse(error) && error.status === 404;
  const claro = light(new URLSearchParams(useLocation().search));
  return (
    <main className={`kiosk kiosk-message${claro ? " kiosk-light" : ""}`}>
      <h1>Pantalla de clasificación</h1>
      <p>{gone ? KIOSK_INVALID : "No se pudo cargar la clasificación."}</p>
    </main>
  );
}
