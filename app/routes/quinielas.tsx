import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GroupRefList } from "#core/contract/group";
import { PoolSummaryList } from "#core/contract/quiniela";
import { CurrentSeason } from "#core/contract/season";
import { formatDate, formatDateTime } from "#core/dates";
import { roundStateLabel, roundStatus } from "#core/domain/rounds/round-status";
import { api, attempt, loadOrNull } from "~/server/shelf/client.server";
import { Alert } from "~/components/Field";
import { requireUser } from "~/server/shelf/session.server";
import { poolsPage } from "~/server/rounds/round-settings.server";

export const meta: MetaFunction = () => [{ title: "Quinielas · Quiniela de peñas" }];

const LOAD_ERROR = "Error al cargar quinielas";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const current = await attempt(() => api.read(request, "/season/GetCurrentSeason", CurrentSeason));
  // No season in course is a 404, not an error: the page says so.
  const season: CurrentSeason | null = current.ok ? current.value : null;
  const empty = { page: 1, pages: 1, total: 0 };
  if (!current.ok && current.status !== 404) return { season, pools: [], poolPage: empty, groups: [], isAdmin: user.isAdmin, loadError: LOAD_ERROR };
  const [pools, groups] = await Promise.all([
    season ? loadOrNull(() => api.read(request, `/quiniela/GetBySeasonId/${season.id}`, PoolSummaryList)) : [],
    loadOrNull(() => api.read(request, "/group/GetMyGroups", GroupRefList)),
  ]);
  const now = new Date();
  // A season of 38 jornadas is not one screen: the latest ten, the rest behind plain links (decision 069).
  const page = poolsPage(
    [...(pools ?? [])].sort((a, b) => b.numberQuiniela - a.numberQuiniela),
    Number(new URL(request.url).searchParams.get("pagina")) || 1,
  );
  return {
    season,
    pools: page.pools.map((p) => ({ ...p, state: roundStatus({ openDate: p.startDate, closeDate: p.closingDate, forceClosed: false }, now).state })),
    poolPage: page.poolPage,
    groups: groups ?? [],
    isAdmin: user.isAdmin,
    loadError: pools === null ? LOAD_ERROR : groups === null ? "Error al cargar tus grupos" : null,
  };
}

export default function Pools() {
  const { season, pools, poolPage, groups, isAdmin, loadError } = useLoaderData<typeof loader>();
  return (
    <main className="page quinielas">
      <h1>Quinielas</h1>
      <Alert>{loadError}</Alert>
      {season ? (
        <p>
          Temporada <strong>{season.name}</strong>, desde el {formatDate(season.startDate)}. La más reciente primero.
        </p>
      ) : loadError ? null : (
        <p className="notice">No hay ninguna temporada en curso.</p>
      )}
      {season && !loadError && !pools.length ? <p>Esta temporada todavía no tiene quinielas.</p> : null}
      {pools.length ? (
        <ul className="pool-list">
          {pools.map((pool) => (
            <li key={pool.id} className="card pool-card">
              <h2>Jornada {pool.numberQuiniela}</h2>
              <dl className="pool-facts">
                <div>
                  <dt>Inicio</dt>
                  <dd>{formatDateTime(pool.startDate)}</dd>
                </div>
                <div>
                  <dt>Cierre</dt>
                  <dd>{formatDateTime(pool.closingDate)}</dd>
                </div>
                <div>
                  <dt>Estado</dt>
                  <dd>{roundStateLabel(pool.state)}</dd>
                </div>
                <div>
                  <dt>Resultados</dt>
                  <dd>{pool.hasResults ? "Con resultados" : "Sin resultados todavía"}</dd>
                </div>
              </dl>
              {pool.hasResults || isAdmin ? (
                <ul className="row pool-links">
                  {pool.hasResults
                    ? groups.map((group) => (
                        <li key={group.id}>
                          <Link to={`/grupo/${group.id}/resultados-y-apuestas?jornada=${pool.numberQuiniela}`}>
                            Resultados y apuestas<span className="sr-only"> de la jornada {pool.numberQuiniela}</span> · {group.name}
                          </Link>
                        </li>
                      ))
                    : null}
                  {isAdmin ? (
                    <li>
                      <Link to={`/establecer-resultados/${pool.id}`}>
                        Establecer resultados<span className="sr-only"> de la jornada {pool.numberQuiniela}</span>
                      </Link>
                    </li>
                  ) : null}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {poolPage.pages > 1 ? (
        <nav className="pager" aria-label="Páginas de jornadas">
          {poolPage.page > 1 ? <Link to={`?pagina=${poolPage.page - 1}`}>Jornadas más recientes</Link> : <span />}
          <span className="muted">
            Página {poolPage.page} de {poolPage.pages} · {poolPage.total} jornadas
          </span>
          {poolPage.page < poolPage.pages ? <Link to={`?pagina=${poolPage.page + 1}`}>Jornadas anteriores</Link> : <span />}
        </nav>
      ) : null}
    </main>
  );
}
