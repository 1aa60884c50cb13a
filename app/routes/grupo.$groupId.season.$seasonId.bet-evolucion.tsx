import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import type { RouteHandle } from "~/route-handle";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { formatDateTime } from "#core/dates";
import { formatEuros } from "#core/domain/money";
import { CATEGORY_SHORT } from "#core/domain/bet/scrutiny";
import { STREAK_MIN_HITS } from "#core/domain/bet/bet-stats";
import { BetEvolutionChart } from "~/charts/BetEvolutionChart";
import { HitsDistributionChart } from "~/charts/HitsDistributionChart";
import { formatAverage } from "~/charts/format";
import { Alert } from "~/components/Field";
import { loadBetEvolution } from "~/server/bet/bet-stats.server";
import { requireUser } from "~/server/shelf/session.server";
import { MISSING_SEASON, roundHref } from "~/components/bet-stats-ui";

// Read-only: plain HTML with no Remix script nor hydration data (docs/decisions/022).
export const handle: RouteHandle = { scripts: false };

export const meta: MetaFunction = () => [{ title: "Evolución de la Quiniela grupal · Quiniela de peñas" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  const { data: page, status } = await loadBetEvolution(request, params);
  return data(page, { status });
}

const roundNumbers = (list: number[]) => (list.length === 1 ? `Jornada ${list[0]}` : `Jornadas ${list.join(", ")}`);
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const NONE = "—";
/** Rows of the detail tables in view; the older ones are folded (decision 069). */
const DETAIL_ROWS = 8;

type Entry = ReturnType<typeof useLoaderData<typeof loader>>["entries"][number];

/** The ticket's cells of a jornada: its best column, category, cost and prize ('—' where not known). */
function ticketCells(e: Entry) {
  if (e.confirmed === false) return { best: NONE, cost: "No jugada", prize: NONE };
  // The best column's category with its hits ('3ª (12)'), or its hits alone when it won nothing.
  const hits = e.bestHits === null || e.bestHits === undefined ? NONE : `${e.bestHits} aciertos`;
  return {
    best: e.category ? CATEGORY_SHORT[e.category] : hits,
    cost: e.costCents === undefined ? NONE : formatEuros(e.costCents),
    prize: e.prizeCents === null || e.prizeCents === undefined ? NONE : formatEuros(e.prizeCents),
  };
}

export default function BetEvolution() {
  const { groupId, seasonId, missing, loadError, entries, usersAverage, stats, money } = useLoaderData<typeof loader>();
  const back = groupId ? (
    <p>
      <Link to={`/grupo/${groupId}/dashboard`}>Volver al grupo</Link>
    </p>
  ) : null;
  if (missing) {
    return (
      <main className="page">
        <h1>Evolución de la Quiniela grupal</h1>
        <Alert>{MISSING_SEASON}</Alert>
        {back}
      </main>
    );
  }
  const avgOf = new Map((usersAverage ?? []).map((u) => [u.numberQuiniela, u.avgHits]));
  const latestFirst = [...entries].reverse();
  const recent = latestFirst.slice(0, DETAIL_ROWS);
  const older = latestFirst.slice(DETAIL_ROWS);
  const points = entries.map((e) => ({ numberQuiniela: e.numberQuiniela, betHits: e.betHits, usersAvg: avgOf.get(e.numberQuiniela) ?? null }));
  const trend = stats.trend;
  return (
    <main className="page evolution">
      <h1>Evolución de la Quiniela grupal</h1>
      {back}
      <Alert>{loadError}</Alert>
      {entries.length === 0 ? (
        loadError ? null : (
          <p className="notice">No hay datos disponibles todavía.</p>
        )
      ) : (
        <>
          <ul className="stat-cards">
            <li className="stat-card">
              <h2>Promedio de aciertos</h2>
              <p className="stat-value">{formatAverage(stats.average)}</p>
              <p className="muted">{stats.averagePct}% de 15</p>
            </li>
            <li className="stat-card">
              <h2>Jornadas contabilizadas</h2>
              <p className="stat-value">{stats.counted}</p>
            </li>
            <li className="stat-card">
              <h2>Plenos al 15 acertados</h2>
              <p className="stat-value">{stats.plenos}</p>
            </li>
            <li className="stat-card">
              <h2>Tendencia última vs. anterior</h2>
              {trend === null ? (
                <p className="stat-value">-</p>
              ) : (
                <p className={`stat-value ${trend > 0 ? "up" : trend < 0 ? "down" : ""}`}>
                  {trend > 0 ? `+${trend}` : trend}
                  <span className="sr-only">{trend > 0 ? " (sube)" : trend < 0 ? " (baja)" : " (igual)"}</span>
                </p>
              )}
            </li>
          </ul>

          {money ? (
            <p className="season-money">
              La peña ha puesto <strong>{formatEuros(money.costCents)}</strong> y ha ganado <strong>{formatEuros(money.prizeCents)}</strong>
              {money.pending > 0 ? ` (faltan los premios de ${plural(money.pending, "jornada", "jornadas")})` : ""}.
            </p>
          ) : null}

          <section aria-labelledby="chart-heading">
            <h2 id="chart-heading">Aciertos por jornada</h2>
            <BetEvolutionChart
              hrefOf={(n) => roundHref(groupId!, n, seasonId)}
              points={points}
              average={stats.average}
              best={stats.most}
              worst={stats.fewest}
              showUsers={usersAverage !== null}
            />
          </section>

          <section aria-labelledby="streaks-heading">
            <h2 id="streaks-heading">Rachas</h2>
            <dl className="figures">
              <div>
                <dt>Mejor racha (≥ {STREAK_MIN_HITS} aciertos)</dt>
                <dd>{plural(stats.bestStreak, "jornada", "jornadas")}</dd>
              </div>
              <div>
                <dt>Racha actual</dt>
                <dd>{plural(stats.currentStreak, "jornada", "jornadas")}</dd>
              </div>
              <div>
                <dt>Media global</dt>
                <dd>{formatAverage(stats.average)} aciertos</dd>
              </div>
            </dl>
          </section>

          <section aria-labelledby="summary-heading">
            <h2 id="summary-heading">Resumen de jornadas</h2>
            <dl className="figures">
              <div>
                <dt>Más aciertos</dt>
                <dd>
                  {roundNumbers(stats.most)} ({plural(stats.top3[0]?.betHits ?? 0, "acierto", "aciertos")})
                </dd>
              </div>
              <div>
                <dt>Menos aciertos</dt>
                <dd>
                  {roundNumbers(stats.fewest)} ({plural(Math.min(...entries.map((e) => e.betHits)), "acierto", "aciertos")})
                </dd>
              </div>
              <div>
                <dt>Top 3</dt>
                <dd>
                  <ol className="top3">
                    {stats.top3.map((t) => (
                      <li key={t.numberQuiniela}>
                        <Link to={roundHref(groupId!, t.numberQuiniela, seasonId)}>Jornada {t.numberQuiniela}</Link>: {plural(t.betHits, "acierto", "aciertos")}
                      </li>
                    ))}
                  </ol>
                </dd>
              </div>
            </dl>
          </section>

          <section aria-labelledby="histogram-heading">
            <h2 id="histogram-heading">Distribución de aciertos</h2>
            <HitsDistributionChart histogram={stats.histogram} />
          </section>

          <section aria-labelledby="detail-heading">
            <h2 id="detail-heading">Detalle por jornada</h2>
            {/* The latest jornadas in view, the rest folded: a season of 38 is not one phone screen (decision 069). */}
            <HitsTable rows={recent} groupId={groupId!} seasonId={seasonId} />
            {older.length ? (
              <details className="fold">
                <summary>Jornadas anteriores ({older.length})</summary>
                <HitsTable rows={older} groupId={groupId!} seasonId={seasonId} />
              </details>
            ) : null}
            <h3>El boleto de cada jornada</h3>
            <TicketsTable rows={recent} />
            {older.length ? (
              <details className="fold">
                <summary>Jornadas anteriores ({older.length})</summary>
                <TicketsTable rows={older} />
              </details>
            ) : null}
          </section>
        </>
      )}
    </main>
  );
}

function HitsTable({ rows, groupId, seasonId }: { rows: Entry[]; groupId: number; seasonId: number | null }) {
  return (
    <div className="table-wrap">
      <table className="compact detail">
        <thead>
          <tr>
            <th scope="col">Jornada</th>
            <th scope="col" className="num">
              Aciertos
            </th>
            <th scope="col">Pleno 15</th>
            <th scope="col">Cierre</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((e) => {
            return (
              <tr key={e.quinielaId}>
                <th scope="row">
                  <Link to={roundHref(groupId, e.numberQuiniela, seasonId)}>Jornada {e.numberQuiniela}</Link>
                </th>
                <td className="num">{Number.isFinite(e.betHits) ? e.betHits : "-"}</td>
                <td>
                  {e.pleno15Exact ? (
                    <span className="mark hit" role="img" aria-label="Pleno acertado">
                      ✓
                    </span>
                  ) : (
                    <span className="mark miss" role="img" aria-label="Pleno fallado">
                      ✗
                    </span>
                  )}
                </td>
                <td>{formatDateTime(e.closedAt)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function TicketsTable({ rows }: { rows: Entry[] }) {
  return (
    <div className="table-wrap">
      <table className="compact detail">
        <thead>
          <tr>
            <th scope="col">Jornada</th>
            <th scope="col" className="num">
              Mejor columna
            </th>
            <th scope="col" className="num">
              Coste
            </th>
            <th scope="col" className="num">
              Premio
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((e) => {
            const cells = ticketCells(e);
            return (
              <tr key={e.quinielaId}>
                <th scope="row">{e.numberQuiniela}</th>
                <td className="num">{cells.best}</td>
                <td className="num">{cells.cost}</td>
                <td className="num">{cells.prize}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
