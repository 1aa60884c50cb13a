import { CATEGORIES, CATEGORY_NAMES, CATEGORY_SHORT } from "#core/domain/bet/scrutiny";
import { formatEuros } from "#core/domain/money";
import { MIN_BETS_NOTE, UNVERIFIED_TABLE, type Ticket } from "#core/contract/ticket";

const bets = (n: number) => `${n.toLocaleString("es-ES")} ${n === 1 ? "apuesta" : "apuestas"}`;

/** How the ticket is played and what the lottery shop charges for it (decision 034). */
export function TicketFacts({ ticket, hits = null }: { ticket: Ticket; hits?: number | null }) {
  return (
    <div className="ticket-summary">
      <dl className="ticket-facts">
        {ticket.plenoMarks ? (
          <div>
            <dt>Pleno al 15 en el boleto</dt>
            <dd>
              {ticket.plenoMarks.home.join(" ")} – {ticket.plenoMarks.away.join(" ")}
            </dd>
          </div>
        ) : null}
        <div>
          <dt>Jugada</dt>
          <dd>
            {ticket.reductionName ?? "Múltiple directo"}
            {ticket.reductionName && !ticket.reductionVerified ? <span className="unverified"> ({UNVERIFIED_TABLE})</span> : null}
          </dd>
        </div>
        <div>
          <dt>Columnas</dt>
          <dd>{ticket.columns.toLocaleString("es-ES")}</dd>
        </div>
        <div>
          <dt>Apuestas</dt>
          <dd>{ticket.chargedBets.toLocaleString("es-ES")}</dd>
        </div>
        <div>
          <dt>Precio por apuesta</dt>
          <dd>{formatEuros(ticket.priceCents)}</dd>
        </div>
        <div>
          <dt>Importe del boleto</dt>
          <dd>{formatEuros(ticket.costCents)}</dd>
        </div>
        {hits !== null ? (
          <div>
            <dt>Aciertos</dt>
            <dd>{hits} de 15</dd>
          </div>
        ) : null}
      </dl>
      {ticket.chargedBets > ticket.bets ? <p className="ticket-note">{MIN_BETS_NOTE}</p> : null}
      {ticket.reductionName ? (
        <p className="ticket-note">
          {ticket.reductionName} sobre los partidos {ticket.reducedMatches.join(", ")}; el resto de dobles y triples se juega completo. En múltiple directo
          serían {bets(ticket.fullBets)} ({formatEuros(ticket.fullCostCents)}).
        </p>
      ) : null}
    </div>
  );
}

/**
 * The escrutinio: winning bets and prize per category, the best column, the total. Its heading sits
 * under the page's section (h3), or right under the page's title where there is none (the print view).
 */
export function ScrutinyTable({ ticket, level = 3 }: { ticket: Ticket; level?: 2 | 3 }) {
  const s = ticket.scrutiny;
  if (!s) return null;
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <section className="scrutiny" aria-labelledby="scrutiny-title">
      <Heading id="scrutiny-title">Escrutinio</Heading>
      <p>
        Mejor columna: <strong>{s.best.hits} aciertos</strong>
        {s.best.plenoHit ? " y el pleno al 15" : ""}
        {s.best.category ? ` · categoría ${CATEGORY_NAMES[s.best.category]}` : " · sin premio"}
        <span className="mono best-signs">
          {" "}
          <span className="sr-only">Signos de la mejor columna: </span>
          {s.best.signs.join(" ")}
        </span>
      </p>
      <table className="scrutiny-table">
        <thead>
          <tr>
            <th scope="col">Categoría</th>
            <th scope="col">Apuestas premiadas</th>
            <th scope="col">{s.prizesEstimated ? "Premio (estimado)" : "Premio"}</th>
          </tr>
        </thead>
        <tbody>
          {CATEGORIES.map((c) => (
            <tr key={c}>
              <th scope="row">{CATEGORY_NAMES[c]}</th>
              <td>{s.winners[c].toLocaleString("es-ES")}</td>
              <td>{s.prizesCents[c] === null ? "pendiente" : formatEuros(s.prizesCents[c])}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            <td></td>
            <td>
              <strong>{formatEuros(s.totalPrizeCents)}</strong>
            </td>
          </tr>
        </tfoot>
      </table>
      {s.prizesEstimated ? (
        <p className="muted">
          Premios estimados (solo en la demo): calculados con la recaudación de la jornada y los porcentajes del público, no son los oficiales.
        </p>
      ) : null}
      {!s.prizesComplete ? <p className="muted">Faltan los premios oficiales de alguna categoría: el administrador los introduce con los resultados.</p> : null}
    </section>
  );
}

/** What one jornada's ticket did, for a summary card: its category, best column, prize and cost (decision 034). */
export function TicketOutcome({ ticket, confirmed }: { ticket: Ticket; confirmed: boolean }) {
  if (!confirmed) {
    return (
      <>
        <p className="stat-value">No jugada</p>
        <p className="muted">La quiniela grupal no se confirmó: no costó ni ganó nada.</p>
      </>
    );
  }
  const s = ticket.scrutiny;
  if (!s) {
    return (
      <>
        <p className="stat-value">-</p>
        <p className="muted">Sin escrutinio hasta que la jornada tenga todos sus resultados.</p>
        <p>Coste: {formatEuros(ticket.costCents)}</p>
      </>
    );
  }
  return (
    <>
      <p className="stat-value">{s.best.category ? CATEGORY_SHORT[s.best.category] : "Sin premio"}</p>
      <p>
        Mejor columna: {s.best.hits} aciertos{s.best.plenoHit ? " y el pleno al 15" : ""}
      </p>
      <p>
        Premio: <strong>{s.prizesComplete ? formatEuros(s.totalPrizeCents) : "pendiente"}</strong>
        {s.prizesComplete && s.prizesEstimated ? " (estimado)" : ""}
      </p>
      <p>Coste: {formatEuros(ticket.costCents)}</p>
    </>
  );
}
