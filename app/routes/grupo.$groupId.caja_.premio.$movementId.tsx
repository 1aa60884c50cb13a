import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { formatDateTime } from "#core/dates";
import { formatEuros } from "#core/domain/money";
import { percentText } from "#core/domain/caja/prize-sharing";
import { loadPrizeSharing } from "~/server/caja/caja.server";

/** The prize-sharing record, to print and keep (decision 035): no header, one page. */
export const handle = { bare: true };

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Reparto del premio · ${data?.sharing.groupName ?? "Caja"} · Quiniela de peñas` }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadPrizeSharing(request, params.groupId, params.movementId);
}

export default function PrizeSharingPage() {
  const { sharing: s } = useLoaderData<typeof loader>();
  const caja = `/grupo/${s.groupId}/caja`;
  return (
    <main className="ticket-page prize-record">
      <p className="no-print">
        <Link to={caja}>Volver a la caja</Link> · <a href={`${caja}/premio/${s.movementId}.csv`}>Descargar CSV</a>
        {/* A phone has no printer at hand: the hint shows only on a wider screen (decision 065). */}
        <span className="print-hint"> · Imprime esta página (Ctrl+P) para guardarla o presentarla en el banco.</span>
      </p>
      <header>
        <h1>Reparto del premio de la peña {s.groupName}</h1>
        <p>
          Premio de <strong>{formatEuros(s.prizeCents)}</strong> anotado en la caja el {formatDateTime(s.recordedAt)} (movimiento nº {s.movementId})
          {s.reference ? `: ${s.reference}` : ""}.{s.seasonName ? ` Temporada ${s.seasonName}.` : ""}
        </p>
      </header>
      {s.reversed ? (
        <p className="notice warning">Este premio se corrigió después en la caja: el reparto se guarda como constancia, pero el dinero no está en el bote.</p>
      ) : null}
      <p>
        {s.basis === "quotas"
          ? "Cada miembro es cotitular del premio en proporción a lo que aportó: las cuotas que se le cargaron en la temporada hasta el premio."
          : "Nadie tenía cuotas cargadas en la temporada: el premio es de quienes jugaron, a partes iguales."}
      </p>
      <div className="table-wrap">
        {/* On a phone, one card per member with the net first (decision 065); a table from 40rem up and on paper. */}
        <table className="prize-table stacked">
          <thead>
            <tr>
              <th scope="col">Miembro</th>
              <th scope="col" className="num">
                Neto
              </th>
              <th scope="col" className="num">
                Aportación
              </th>
              <th scope="col" className="num">
                Participación
              </th>
              <th scope="col" className="num">
                Parte del premio
              </th>
              <th scope="col" className="num">
                Exento
              </th>
              <th scope="col" className="num">
                Gravamen
              </th>
            </tr>
          </thead>
          <tbody>
            {s.lines.map((l) => (
              <tr key={l.userId}>
                <th scope="row">{l.username}</th>
                <ShareCells
                  net={l.netCents}
                  contribution={s.basis === "quotas" ? formatEuros(l.contributionCents) : "—"}
                  percent={percentText(l.percentHundredths)}
                  share={l.shareCents}
                  exempt={l.exemptCents}
                  levy={l.levyCents}
                />
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Total</th>
              <ShareCells
                net={s.netCents}
                contribution={null}
                percent={percentText(10_000)}
                share={s.prizeCents}
                exempt={s.thresholdCents}
                levy={s.levyCents}
              />
            </tr>
          </tfoot>
        </table>
      </div>
      <section className="prize-rule">
        <h2>Gravamen especial sobre los premios de determinadas loterías y apuestas</h2>
        <p>
          {s.taxed
            ? `El premio supera ${formatEuros(s.thresholdCents)}: cada cotitular paga el ${s.levyPercent} % de lo que su parte excede de su parte de los ${formatEuros(s.thresholdCents)} exentos, que se reparten en la misma proporción que el premio.`
            : `El premio no supera ${formatEuros(s.thresholdCents)}: está exento y nadie paga gravamen.`}{" "}
          Cada gravamen se redondea al céntimo más próximo (medio céntimo, hacia arriba).
        </p>
        <p className="muted">
          Ley 35/2006 del IRPF, disposición adicional trigésima tercera (BOE-A-2006-20764). Para cobrar un premio compartido, todos los cotitulares se
          identifican en el banco con su porcentaje de participación; este documento es la constancia de la peña.
        </p>
        <p className="signatures">Firmas de los cotitulares:</p>
      </section>
    </main>
  );
}

/** A member's cells, or the total's (no contribution of its own), each labelled for the phone's card. */
function ShareCells(c: { net: number; contribution: string | null; percent: string; share: number; exempt: number; levy: number }) {
  return (
    <>
      <td className="num" data-label="Neto">
        <strong>{formatEuros(c.net)}</strong>
      </td>
      {c.contribution === null ? (
        <td />
      ) : (
        <td className="num" data-label="Aportación">
          {c.contribution}
        </td>
      )}
      <td className="num" data-label="Participación">
        {c.percent}
      </td>
      <td className="num" data-label="Parte del premio">
        {formatEuros(c.share)}
      </td>
      <td className="num" data-label="Exento">
        {formatEuros(c.exempt)}
      </td>
      <td className="num" data-label="Gravamen">
        {formatEuros(c.levy)}
      </td>
    </>
  );
}
