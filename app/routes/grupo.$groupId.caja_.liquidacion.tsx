import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { formatEuros } from "#core/domain/money";
import { formatDateTime } from "#core/dates";
import { Balance } from "~/components/Balance";
import { Alert } from "~/components/Field";
import { loadSettlementPage, settleAction } from "~/server/caja/caja.server";
import { StackedTable } from "~/components/StackedTable";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Liquidación de la temporada · ${data?.groupName ?? "Caja"} · Quiniela de peñas` }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadSettlementPage(request, params.groupId);
}

export async function action({ request, params }: ActionFunctionArgs) {
  return settleAction(request, params.groupId);
}

export default function SettlementPage() {
  const { groupId, groupName, canWrite, settlement: s } = useLoaderData<typeof loader>();
  return (
    <main className="page">
      <h1>Liquidación de la temporada {s.seasonName}</h1>
      <p className="muted">
        <Link to={`/grupo/${groupId}/caja`}>Volver a la caja de {groupName}</Link>
      </p>
      {s.settledAt ? (
        <p role="status" className="card">
          Temporada liquidada el {formatDateTime(s.settledAt)}
          {s.settledBy ? ` por ${s.settledBy}` : ""}. El reparto está anotado en la caja.
        </p>
      ) : null}
      <p>
        Bote: <strong>{formatEuros(s.potCents)}</strong> · Fondo de la peña (el bote menos los saldos de los miembros):{" "}
        <strong>{formatEuros(s.fundCents)}</strong>
      </p>
      <p className="muted">
        Reglas: premio al mejor de la temporada {formatEuros(s.bestPrizeCents)}
        {s.bestUsername ? ` (${s.bestUsername})` : " (nadie todavía)"}; penalización de la piña {formatEuros(s.pinaPenaltyCents)}
        {s.pinaUsername ? ` (${s.pinaUsername})` : ""}; el resto, a partes iguales entre quienes jugaron. Los céntimos que sobran van uno a uno a los mejor
        clasificados. Cada uno cobra su saldo más su parte, y la suma es el bote exacto.
      </p>
      {s.othersHidden ? <p className="muted">La peña no muestra los saldos de los demás: aquí ves solo tu parte.</p> : null}
      <StackedTable
        columns={["Miembro", "Saldo", "Parte", "Premio o penalización", "Cobra"]}
        foot={
          s.othersHidden ? undefined : (
            <>
              <tr>
                <th scope="row">Total</th>
                <td colSpan={3} />
                <td data-label="Total" className="amount">
                  <strong>{formatEuros(s.lines.reduce((sum, l) => sum + l.payoutCents, 0))}</strong>
                </td>
              </tr>
            </>
          )
        }
      >
        {s.lines.map((l) => (
          <tr key={l.userId}>
            <th scope="row">
              {l.username}
              {l.position ? <span className="muted"> ({l.position}º)</span> : null}
            </th>
            <td data-label="Saldo">
              <Balance cents={l.balanceCents} />
            </td>
            <td data-label="Parte" className="amount">
              {l.tookPart ? formatEuros(l.shareCents) : "No jugó"}
            </td>
            <td data-label="Premio o penalización" className="amount">
              {l.prizeCents || l.penaltyCents ? formatEuros(l.prizeCents + l.penaltyCents) : "—"}
            </td>
            <td data-label="Cobra" className="amount">
              <strong>{l.payoutCents < 0 ? `Debe ${formatEuros(-l.payoutCents)}` : formatEuros(l.payoutCents)}</strong>
            </td>
          </tr>
        ))}
      </StackedTable>
      {s.owing.length ? <Alert>No se puede liquidar todavía: {s.owing.join(", ")}. Anota sus pagos en la caja.</Alert> : null}
      {canWrite && !s.settledAt && !s.owing.length ? (
        <Form method="post" className="card stack">
          <input type="hidden" name="seasonId" value={s.seasonId} />
          <input type="hidden" name="potCents" value={s.potCents} />
          <p>Al confirmar se anotan la parte y el pago de cada miembro, una sola vez, y se cierran las cuentas de la temporada.</p>
          <button type="submit">Confirmar la liquidación</button>
        </Form>
      ) : null}
    </main>
  );
}
