import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Bet, BET_LOAD_ERROR, BetRoundStatuses } from "#core/contract/bet";
import { formatDateTime } from "#core/dates";
import { SIGNS } from "#core/domain/signs";
import { PLENO_MARKS } from "#core/domain/bet/slip";
import { UNVERIFIED_TABLE } from "#core/contract/ticket";
import { api, attempt } from "~/server/shelf/client.server";
import { requireMemberOf } from "~/server/session/guards.server";
import { Alert } from "~/components/Field";
import { matchesOf } from "~/server/bet/group-bet.server";
import { redirectWithToast } from "~/server/shelf/toast.server";
import { ScrutinyTable, TicketFacts } from "~/components/Ticket";
import { formatPercent } from "#core/domain/bet/chances-text";
import { loadTenOrMore } from "~/server/bet/chances.server";
import { loadReceipts } from "~/server/bet/receipt.server";
import { ReceiptPhotos, ReceiptState } from "~/components/Receipt";

/** The ticket alone, to print and take to the lottery shop: no header, one page. */
export const handle = { bare: true };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.bet ? `Boleto de la jornada ${data.bet.numberQuiniela} · ${data.groupName}` : "Boleto de la quiniela grupal" },
];

const NO_CONFIRMED_BET = "Todavía no hay ninguna quiniela grupal confirmada que imprimir: elige una jornada.";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { group } = await requireMemberOf(request, params.groupId);
  const quinielaId = Number(new URL(request.url).searchParams.get("quiniela")) || 0;
  // Reached without a round (a bookmark, a typed address): the group's latest confirmed bet, the
  // one to take to the shop, or the group bet page to pick a round when none is confirmed yet.
  if (!quinielaId) {
    const rounds = await attempt(() => api.read(request, `/Bet/ByGroupStatus?groupId=${group.id}`, BetRoundStatuses));
    const last = rounds.ok ? rounds.value.filter((r) => r.confirmBet).at(-1) : undefined;
    if (last) return redirect(`/grupo/${group.id}/quiniela-grupal/imprimir?quiniela=${last.quinielaId}`);
    return redirectWithToast(`/grupo/${group.id}/quiniela-grupal`, { kind: "info", text: NO_CONFIRMED_BET });
  }
  const read = await attempt(() =>
    Promise.all([api.read(request, `/Bet/GetBet?groupId=${group.id}&quinielaId=${quinielaId}`, Bet), matchesOf(request, quinielaId)]),
  );
  if (!read.ok)
    return {
      groupId: group.id,
      groupName: group.name,
      bet: null,
      matches: [],
      tenOrMore: null,
      receipts: null,
      loadError: `${BET_LOAD_ERROR} ${read.message("")}`.trim(),
    };
  const [bet, matches] = read.value;
  const [tenOrMore, receipts] = await Promise.all([loadTenOrMore(request, bet.id), loadReceipts(request, group.id, quinielaId)]);
  return { groupId: group.id, groupName: group.name, bet, matches, tenOrMore, receipts, loadError: null };
}

export default function PrintTicket() {
  const { groupId, groupName, bet, matches, tenOrMore, receipts, loadError } = useLoaderData<typeof loader>();
  const back = `/grupo/${groupId}/quiniela-grupal${bet ? `?quiniela=${bet.quinielaId}` : ""}`;
  const ticket = bet?.ticket;
  return (
    <main className="ticket-page">
      <p className="no-print">
        <Link to={back}>Volver a la quiniela grupal</Link> · Usa «Imprimir» de tu navegador para sacarlo en papel.
      </p>
      <Alert>{loadError}</Alert>
      {bet && ticket ? (
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
                {ticket.reductionName ? (
                  <th scope="col" className="sign-col" title={ticket.reductionName}>
                    R
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {bet.mergedPrediction.matches.map((pick, i) => (
                <tr key={i}>
                  <th scope="row">{i + 1}</th>
                  <td className="slip-teams">{matches[i] ? `${matches[i].home} – ${matches[i].away}` : ""}</td>
                  {SIGNS.map((s) => (
                    <td key={s} className={pick.includes(s) ? "sign-col box marked" : "sign-col box"}>
                      {pick.includes(s) ? (
                        <span role="img" aria-label={`${s} marcado`}>
                          ✕
                        </span>
                      ) : (
                        <span className="sr-only">sin marcar</span>
                      )}
                    </td>
                  ))}
                  {ticket.reductionName ? (
                    <td className="sign-col">
                      {ticket.reducedMatches.includes(i + 1) ? (
                        <span role="img" aria-label="en la reducida">
                          R
                        </span>
                      ) : (
                        <span className="sr-only">fuera de la reducida</span>
                      )}
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
          <table className="slip slip-pleno-grid">
            <caption>
              <strong>Pleno al 15</strong> {matches[14] ? `${matches[14].home} – ${matches[14].away}` : ""}
            </caption>
            <thead>
              <tr>
                <th scope="col">Equipo</th>
                {PLENO_MARKS.map((m) => (
                  <th key={m} scope="col" className="sign-col">
                    {m}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {(["home", "away"] as const).map((side) => (
                <tr key={side}>
                  <th scope="row" className="slip-teams">
                    {matches[14] ? matches[14][side] : side === "home" ? "Local" : "Visitante"}
                  </th>
                  {PLENO_MARKS.map((m) => {
                    const marked = ticket.plenoMarks?.[side].includes(m) ?? false;
                    return (
                      <td key={m} className={marked ? "sign-col box marked" : "sign-col box"}>
                        {marked ? (
                          <span role="img" aria-label={`${m} marcado`}>
                            ✕
                          </span>
                        ) : (
                          <span className="sr-only">sin marcar</span>
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
          {ticket.reductionName ? (
            <p className="slip-reduction">
              <strong>
                {ticket.reductionName} ({ticket.columns.toLocaleString("es-ES")} columnas)
              </strong>
              {ticket.reductionVerified ? null : <span className="unverified"> · {UNVERIFIED_TABLE}</span>}
            </p>
          ) : null}
          <TicketFacts ticket={ticket} />
          {tenOrMore !== null ? (
            <p className="slip-chances">
              Probabilidad de 10 o más aciertos: <strong>{formatPercent(tenOrMore.p)}</strong> ({tenOrMore.source})
            </p>
          ) : null}
          <ScrutinyTable ticket={ticket} level={2} />
          {receipts?.hasBet ? (
            <section className="ticket-receipt" aria-labelledby="ticket-receipt-title">
              <h2 id="ticket-receipt-title">
                Resguardo: <ReceiptState status={receipts} />
              </h2>
              <ReceiptPhotos groupId={groupId} status={receipts} />
            </section>
          ) : null}
        </article>
      ) : null}
    </main>
  );
}
