import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Bet, BET_LOAD_ERROR } from "#core/contract/bet";
import { formatDateTime } from "#core/dates";
import { SIGNS } from "#core/domain/signs";
import { eurosToCents, formatEuros } from "#core/domain/money";
import { api, errorMessage, rethrowResponse } from "~/server/client.server";
import { requireMemberOf } from "~/server/groups.server";
import { Alert } from "~/components/Field";
import { matchesOf } from "~/server/group-bet.server";

/** The ticket alone, to print and take to the lottery shop: no header, one page. */
export const handle = { bare: true };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.bet ? `Boleto de la jornada ${data.bet.numberQuiniela} · ${data.groupName}` : "Boleto de la quiniela grupal" },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { group } = await requireMemberOf(request, params.groupId);
  const quinielaId = Number(new URL(request.url).searchParams.get("quiniela")) || 0;
  try {
    const [bet, matches] = await Promise.all([
      api.read(request, `/Bet/GetBet?groupId=${group.id}&quinielaId=${quinielaId}`, Bet),
      matchesOf(request, quinielaId),
    ]);
    return { groupId: group.id, groupName: group.name, bet, matches, loadError: null };
  } catch (error) {
    rethrowResponse(error);
    return { groupId: group.id, groupName: group.name, bet: null, matches: [], loadError: `${BET_LOAD_ERROR} ${errorMessage(error, "")}`.trim() };
  }
}

/** The contract carries euros; they become cents once, here, and are written by the one formatter. */
const euros = (n: number) => formatEuros(eurosToCents(n));

export default function PrintTicket() {
  const { groupId, groupName, bet, matches, loadError } = useLoaderData<typeof loader>();
  const back = `/grupo/${groupId}/quiniela-grupal${bet ? `?quiniela=${bet.quinielaId}` : ""}`;
  return (
    <main className="ticket-page">
      <p className="no-print">
        <Link to={back}>Volver a la quiniela grupal</Link> · Usa «Imprimir» de tu navegador para sacarlo en papel.
      </p>
      <Alert>{loadError}</Alert>
      {bet ? (
        <article className="ticket" aria-labelledby="ticket-title">
          <header>
            <h1 id="ticket-title">La Quiniela · Jornada {bet.numberQuiniela}</h1>
            <p>
              Grupo <strong>{groupName}</strong> · {bet.confirmBet ? "Apuesta confirmada" : "Apuesta sin confirmar"}
              {bet.confirmedAt ? ` (${formatDateTime(bet.confirmedAt)})` : ""}
            </p>
          </header>
          <table className="slip">
            <caption className="sr-only">Signos marcados de los 14 partidos</caption>
            <thead>
              <tr>
                <th scope="col">Nº</th>
                <th scope="col">Partido</th>
                {SIGNS.map((s) => (
                  <th key={s} scope="col" className="sign-col">
                    {s}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {bet.mergedPrediction.matches.map((pick, i) => (
                <tr key={i}>
                  <th scope="row">{i + 1}</th>
                  <td>{matches[i] ? `${matches[i].home} – ${matches[i].away}` : ""}</td>
                  {SIGNS.map((s) => (
                    <td key={s} className={pick.includes(s) ? "sign-col marked" : "sign-col"}>
                      {pick.includes(s) ? <span aria-label={`${s} marcado`}>✕</span> : <span className="sr-only">sin marcar</span>}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          <p className="slip-pleno">
            <strong>Pleno al 15</strong> {matches[14] ? `${matches[14].home} – ${matches[14].away}` : ""}:{" "}
            <span className="score">{bet.mergedPrediction.pl15 ? `${bet.mergedPrediction.pl15.home} - ${bet.mergedPrediction.pl15.away}` : "sin pleno"}</span>
          </p>
          <dl className="ticket-facts">
            <div>
              <dt>Apuestas</dt>
              <dd>{bet.columns}</dd>
            </div>
            <div>
              <dt>Precio por apuesta</dt>
              <dd>{euros(bet.betPrice)}</dd>
            </div>
            <div>
              <dt>Importe</dt>
              <dd>{euros(bet.cost)}</dd>
            </div>
          </dl>
        </article>
      ) : null}
    </main>
  );
}
