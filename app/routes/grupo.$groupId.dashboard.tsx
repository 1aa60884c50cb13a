import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { formatDateTime } from "#core/dates";
import { loadDashboard } from "~/server/group/groups.server";
import { Balance } from "~/components/Balance";
import { RoundState } from "~/components/RoundState";
import { loadMyBalance } from "~/server/caja/caja.server";
import { StackedTable } from "~/components/StackedTable";
import { ReceiptPhotos, ReceiptState } from "~/components/Receipt";
import { loadReceipts } from "~/server/bet/receipt.server";
import type { RouteHandle } from "~/route-handle";

// Read-only: links and figures, nothing the Remix client would add (decisions 022 and 038).
export const handle: RouteHandle = { scripts: false };

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Panel de ${data?.group.name ?? "grupo"} · Quiniela de peñas` }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  // One backend call: the group, the user's role, the season in play (decision 013) and the rounds
  // still to be played (closed ones live in results and standings).
  // The caja is a second read: its failure only leaves the balance out.
  // The resguardo of the latest jornada with a bet is a third (decision 090).
  const [dashboard, myBalance, receipts] = await Promise.all([
    loadDashboard(request, params.groupId),
    loadMyBalance(request, params.groupId),
    loadReceipts(request, Number(params.groupId) || 0),
  ]);
  return { ...dashboard, myBalance, receipts };
}

export default function Dashboard() {
  const { group, role, isManager, season, rounds, predicted, myBalance, receipts } = useLoaderData<typeof loader>();
  const member = role !== "Administrador";
  const base = `/grupo/${group.id}`;
  return (
    <main className="page">
      <h1>{group.name}</h1>
      <p className="muted">
        Tu rol: {role} · <Link to={base}>Ver grupo</Link> · <Link to="/grupos">Mis grupos</Link> · <Link to="/quinielas">Quinielas</Link>
      </p>
      {myBalance !== null ? (
        <p>
          Tu saldo en la caja: <Balance cents={myBalance} /> · <Link to={`${base}/caja`}>Ver la caja</Link>
        </p>
      ) : null}

      <nav aria-labelledby="player-options">
        <h2 id="player-options">Jugar</h2>
        <ul className="cards options">
          <li>
            <Link to={`${base}/predictions`} className="option">
              Pronósticos
            </Link>
          </li>
          <li>
            {season ? (
              <Link to={`${base}/temporada/${season.id}/clasificacion`} className="option">
                Clasificación
              </Link>
            ) : (
              <span className="option muted">Clasificación (no hay temporada en curso)</span>
            )}
          </li>
          <li>
            <Link to={`${base}/resultados-y-apuestas`} className="option">
              Resultados y apuestas
            </Link>
          </li>
          <li>
            <Link to={`${base}/directo`} className="option">
              La jornada en directo
            </Link>
          </li>
          <li>
            <Link to={`${base}/caja`} className="option">
              Caja de la peña
            </Link>
          </li>
          <li>
            {season ? (
              <Link to={`${base}/season/${season.id}/bet-evolucion`} className="option">
                Evolución de la quiniela grupal
              </Link>
            ) : (
              <span className="option muted">Evolución de la quiniela grupal (no hay temporada en curso)</span>
            )}
          </li>
        </ul>
      </nav>

      {isManager ? (
        <nav aria-labelledby="manager-options">
          <h2 id="manager-options">Gestión del grupo</h2>
          <ul className="cards options">
            <li>
              <Link to={`${base}/ajustes`} className="option">
                Ajustes del grupo
              </Link>
            </li>
            <li>
              <Link to={`${base}/quiniela-grupal`} className="option">
                Quiniela grupal
              </Link>
            </li>
            <li>
              <Link to={`${base}/gestionar-quinielas`} className="option">
                Activar quinielas, fechas y bloqueos
              </Link>
            </li>
            <li>
              <Link to={`/admin/roles?grupo=${group.id}`} className="option">
                Roles de los miembros
              </Link>
            </li>
          </ul>
        </nav>
      ) : null}

      <h2>Jornadas en juego</h2>
      {rounds.length ? (
        <StackedTable columns={["Jornada", "Estado", ...(member ? ["Tu pronóstico"] : []), "Apertura", "Cierre"]}>
          {rounds.map((r) => (
            <tr key={r.id}>
              <th scope="row">Jornada {r.numberQuiniela}</th>
              <td data-label="Estado">
                <RoundState state={r.state} reason={r.reason} />
              </td>
              {member ? (
                <td data-label="Tu pronóstico">
                  {predicted.includes(r.quinielaId) ? (
                    <Link to={`${base}/predictions?quiniela=${r.quinielaId}`}>Pronóstico enviado</Link>
                  ) : r.state === "open" ? (
                    <Link to={`${base}/predictions?quiniela=${r.quinielaId}`}>
                      <strong>Te falta pronosticar</strong>
                    </Link>
                  ) : (
                    <span className="muted">Aún no abre</span>
                  )}
                </td>
              ) : null}
              <td data-label="Apertura">{formatDateTime(r.openDate)}</td>
              <td data-label="Cierre">{formatDateTime(r.closeDate)}</td>
            </tr>
          ))}
        </StackedTable>
      ) : (
        <p className="muted">No hay jornadas abiertas ni por abrir ahora mismo.</p>
      )}

      {receipts?.hasBet && receipts.quinielaId ? (
        <section aria-labelledby="receipt-card" className="card receipt-card">
          <h2 id="receipt-card">Boleto de la jornada {receipts.numberQuiniela}</h2>
          <p>
            <ReceiptState status={receipts} />
            {!receipts.receipts.length && receipts.stamper ? <span className="muted"> · sella {receipts.stamper}</span> : null}
          </p>
          <ReceiptPhotos groupId={group.id} status={{ ...receipts, receipts: receipts.receipts.slice(0, 1) }} side={160} />
          <p>
            <Link to={`${base}/quiniela-grupal?quiniela=${receipts.quinielaId}#resguardo`}>
              {receipts.canUpload && !receipts.receipts.length ? "Subir el resguardo" : "Ver el boleto y su resguardo"}
            </Link>
          </p>
        </section>
      ) : null}
    </main>
  );
}
