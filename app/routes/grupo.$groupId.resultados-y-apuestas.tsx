import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import type { RouteHandle } from "~/route-handle";
import { data } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigate } from "@remix-run/react";
import { useEffect } from "react";
import { formatDateTime } from "#core/dates";
import { MAX_HITS, type PlayerSort } from "#core/domain/bet/bet-stats";
import { formatAverage } from "~/charts/format";
import { roundShareText } from "#core/domain/share/share-text";
import { Alert } from "~/components/Field";
import { ShareWhatsApp } from "~/components/ShareWhatsApp";
import { TicketOutcome } from "~/components/Ticket";
import { ReceiptPhotos, ReceiptState } from "~/components/Receipt";
import { loadRoundResults } from "~/server/bet/bet-stats.server";
import { requireUser } from "~/server/shelf/session.server";
import { roundHref } from "~/components/bet-stats-ui";
import { score, signs } from "~/components/PlayerCard";

// Read-only: plain HTML with no Remix script nor hydration data when loaded as a document; its
// left/right arrow keys then come from one small static script (docs/decisions/022). Reached by a
// client-side navigation from a hydrated page, the hook below does the same.
export const handle: RouteHandle = { scripts: false, enhance: ["/enhance/arrow-keys.js"], kept: "results" };

// Kept by the browser and asked again on every view, so a reload is a 304 (decision 067).
export const headers: HeadersFunction = () => ({ "cache-control": "private, no-cache" });

export const meta: MetaFunction = () => [{ title: "Resultados y apuestas · Quiniela de peñas" }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireUser(request);
  const { data: page, status } = await loadRoundResults(request, params, context);
  return data(page, { status });
}

const SORTS: { sort: PlayerSort; label: string }[] = [
  { sort: "none", label: "Sin orden" },
  { sort: "hits", label: "Aciertos" },
  { sort: "rank", label: "Ranking" },
  { sort: "included", label: "Incluidos primero" },
];

function Mark({ hit }: { hit: boolean | null }) {
  if (hit === null) return <span className="muted">-</span>;
  return hit ? (
    <span className="mark hit" role="img" aria-label="Acierto">
      ✓
    </span>
  ) : (
    <span className="mark miss" role="img" aria-label="Fallo">
      ✗
    </span>
  );
}

/** Left and right arrows go to the previous and next round, once hydrated: an enhancement of the links. */
function useArrowKeys(prev: string | null, next: string | null) {
  const navigate = useNavigate();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (e.altKey || e.ctrlKey || e.metaKey || target?.closest("input, select, textarea, [contenteditable]")) return;
      const to = e.key === "ArrowLeft" ? prev : e.key === "ArrowRight" ? next : null;
      if (to) {
        e.preventDefault();
        navigate(to);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [prev, next, navigate]);
}

export default function ResultsAndBets() {
  const { groupId, sort, summary, receipts, loadError } = useLoaderData<typeof loader>();
  const playerCount = summary?.playerCount ?? 0;
  const rounds = summary?.rounds ?? [];
  const round = summary?.round ?? null;
  const index = round ? rounds.findIndex((r) => r.quinielaId === round.quinielaId) : -1;
  const manySeasons = new Set(rounds.map((r) => r.seasonId)).size > 1;
  // Rounds are newest first: the previous one is older (further down the list).
  const older = index >= 0 ? rounds[index + 1] : undefined;
  const newer = index > 0 ? rounds[index - 1] : undefined;
  const hrefOf = (r: { numberQuiniela: number; seasonId: number }) => roundHref(groupId, r.numberQuiniela, manySeasons ? r.seasonId : null, sort);
  const prevHref = older ? hrefOf(older) : null;
  const nextHref = newer ? hrefOf(newer) : null;
  useArrowKeys(prevHref, nextHref);

  const official = summary?.results?.matches ?? [];
  const pleno = summary?.results?.plain15 ?? null;
  const bet = summary?.bet ?? null;
  const plenoMatch = summary?.matches.find((x) => x.position === 15);
  const label = (r: { numberQuiniela: number; seasonName: string }) => `Jornada ${r.numberQuiniela}${manySeasons ? ` · ${r.seasonName}` : ""}`;

  return (
    <main className="page results-bets">
      <h1>Resultados y apuestas{summary ? ` · ${summary.groupName}` : ""}</h1>
      <p>
        <Link to={`/grupo/${groupId}/dashboard`}>Volver al grupo</Link>
      </p>
      <Alert>{loadError}</Alert>
      {summary && rounds.length === 0 ? <p className="notice">Todavía no hay jornadas con resultados oficiales.</p> : null}
      {rounds.length ? (
        <nav className="round-nav" aria-label="Jornadas con resultados">
          {prevHref ? (
            <Link to={prevHref} rel="prev" className="step-link" aria-keyshortcuts="ArrowLeft">
              ← Anterior
            </Link>
          ) : (
            <span className="step-link" aria-disabled="true">
              ← Anterior
            </span>
          )}
          <Form method="get" className="row round-picker">
            {sort !== "none" ? <input type="hidden" name="orden" value={sort} /> : null}
            {manySeasons && round ? <input type="hidden" name="temporada" value={round.seasonId} /> : null}
            <label htmlFor="jornada">Jornada</label>
            <select id="jornada" name="jornada" defaultValue={round ? String(round.numberQuiniela) : undefined} key={round?.quinielaId}>
              {rounds
                .filter((r) => !manySeasons || !round || r.seasonId === round.seasonId)
                .map((r) => (
                  <option key={r.quinielaId} value={r.numberQuiniela}>
                    {label(r)}
                  </option>
                ))}
            </select>
            <button type="submit" className="secondary">
              Ver
            </button>
          </Form>
          {nextHref ? (
            <Link to={nextHref} rel="next" className="step-link" aria-keyshortcuts="ArrowRight">
              Siguiente →
            </Link>
          ) : (
            <span className="step-link" aria-disabled="true">
              Siguiente →
            </span>
          )}
        </nav>
      ) : null}

      {round && summary ? (
        <>
          <h2>
            {label(round)} <span className="muted">· cierre {formatDateTime(round.closeDate)}</span>
          </h2>
          <ul className="stat-cards">
            <li className="stat-card">
              <h3>Aciertos de la quiniela grupal</h3>
              <p className="stat-value">{bet ? `${bet.hits}/${MAX_HITS}` : "-"}</p>
              {bet ? null : <p className="muted">Sin quiniela grupal</p>}
            </li>
            {bet ? (
              <li className="stat-card wide">
                <h3>El boleto</h3>
                <TicketOutcome ticket={bet.ticket} confirmed={bet.confirmed} />
                {receipts?.hasBet ? (
                  <div className="receipt">
                    <p>
                      Resguardo: <ReceiptState status={receipts} />
                    </p>
                    <ReceiptPhotos groupId={groupId} status={receipts} side={160} />
                  </div>
                ) : null}
              </li>
            ) : null}
            <li className="stat-card">
              <h3>Media de aciertos del grupo</h3>
              <p className="stat-value">{summary.averageHits === null ? "-" : formatAverage(summary.averageHits)}</p>
            </li>
            <li className="stat-card">
              <h3>Distribución oficial 1/X/2</h3>
              <ul className="distribution">
                {summary.distribution.map((d) => (
                  <li key={d.sign}>
                    <strong>{d.sign}</strong>: {d.count} ({d.pct}%)
                  </li>
                ))}
              </ul>
            </li>
            <li className="stat-card">
              <h3>MVP</h3>
              <p className="stat-value">{summary.mvp ? summary.mvp.username : "Ninguno"}</p>
              <p className="muted">{summary.mvp ? `${summary.mvp.hits} aciertos` : playerCount ? "Empate en cabeza" : "Sin pronósticos"}</p>
            </li>
          </ul>
          <ShareWhatsApp
            what="el resumen de la jornada"
            text={roundShareText({
              groupName: summary.groupName,
              roundNumber: round.numberQuiniela,
              betHits: bet ? bet.hits : null,
              averageHits: summary.averageHits,
              mvp: summary.mvp,
            })}
          />

          {bet ? null : <p className="notice">No hay quiniela grupal para esta jornada: abajo están los pronósticos de los jugadores.</p>}

          <section aria-labelledby="matches-heading">
            <h2 id="matches-heading">Partido a partido</h2>
            <div className="table-wrap">
              <table className="compact matches-table stacked">
                <thead>
                  <tr>
                    <th scope="col">Partido</th>
                    {bet ? (
                      <>
                        <th scope="col">Apuesta</th>
                        <th scope="col">
                          Votos <span className="nowrap">1·X·2</span>
                        </th>
                      </>
                    ) : null}
                    <th scope="col">Resultado</th>
                  </tr>
                </thead>
                <tbody>
                  {Array.from({ length: 14 }, (_, i) => {
                    const m = summary.matches.find((x) => x.position === i + 1);
                    const o = official[i] ?? null;
                    const pick = bet?.matches[i];
                    const v = bet?.votes[i];
                    return (
                      <tr key={i}>
                        <th scope="row">
                          <span className="n">{i + 1}.</span> {m ? `${m.home} – ${m.away}` : ""}
                        </th>
                        {bet ? (
                          <>
                            <td className="pick" data-label="Apuesta">
                              {signs(pick)} <Mark hit={o === null ? null : Boolean(pick?.includes(o))} />
                            </td>
                            <td className="nowrap" data-label="Votos 1·X·2">
                              {v ? `${v["1"]}·${v.x}·${v["2"]}` : "-"}
                            </td>
                          </>
                        ) : null}
                        <td className="pick" data-label="Resultado">
                          {o ?? "-"}
                        </td>
                      </tr>
                    );
                  })}
                  <tr className="pleno-row">
                    <th scope="row">
                      <span className="n">P15.</span> Pleno al 15
                      {plenoMatch ? ` (${plenoMatch.home} – ${plenoMatch.away})` : ""}
                    </th>
                    {bet ? (
                      <>
                        <td className="pick" data-label="Apuesta">
                          {score(bet.plain15)} <Mark hit={pleno ? bet.pleno15Exact : null} />
                        </td>
                        <td data-label="Votos 1·X·2">-</td>
                      </>
                    ) : null}
                    <td className="pick" data-label="Resultado">
                      {score(pleno)}
                    </td>
                  </tr>
                </tbody>
              </table>
            </div>
          </section>

          <section aria-labelledby="players-heading">
            <h2 id="players-heading">Pronósticos de los jugadores</h2>
            {round.closed ? null : <p className="notice">La jornada sigue abierta en el grupo: los pronósticos se verán cuando cierre.</p>}
            {summary.grid ? (
              <>
                <nav aria-label="Ordenar pronósticos" className="sort-links">
                  <span>Ordenar:</span>
                  {SORTS.map((s) => (
                    <Link
                      key={s.sort}
                      to={roundHref(groupId, round.numberQuiniela, manySeasons ? round.seasonId : null, s.sort)}
                      aria-current={s.sort === sort ? "true" : undefined}
                      preventScrollReset
                    >
                      {s.label}
                    </Link>
                  ))}
                </nav>
                {/* The cards come rendered from the loader, kept while the round's tickets do not change (decision 027);
                    beyond the first eight they are folded (decision 075). */}
                <div className="player-cards" dangerouslySetInnerHTML={{ __html: summary.grid }} />
                <p>
                  <a
                    href={`/grupo/${groupId}/resultados-y-apuestas.csv?${new URLSearchParams({ jornada: String(round.numberQuiniela), temporada: String(round.seasonId) })}`}
                    download
                  >
                    Descargar los pronósticos (CSV)
                  </a>
                </p>
              </>
            ) : round.closed ? (
              <p className="notice">No hay predicciones disponibles para esta jornada.</p>
            ) : null}
          </section>
        </>
      ) : null}
    </main>
  );
}
