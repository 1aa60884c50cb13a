import { Form } from "@remix-run/react";
import type { Bet } from "#core/contract/bet";
import { formatEuros } from "#core/domain/money";
import { PLENO_MARKS, plenoMarksOf } from "#core/domain/bet/slip";
import { Alert } from "~/components/Field";

const bets = (n: number) => `${n.toLocaleString("es-ES")} ${n === 1 ? "apuesta" : "apuestas"}`;

/** 'Cómo se juega el boleto': the full multiple or a fitting official reduction, and the pleno's marks (decision 034). */
export function TicketForm({ bet, pleno, message, busy }: { bet: Bet; pleno: { home: string; away: string } | null; message: string | null; busy: boolean }) {
  const { ticket } = bet;
  const own = bet.mergedPrediction.pl15 ? plenoMarksOf(bet.mergedPrediction.pl15) : null;
  return (
    <Form method="post" className="stack card ticket-form" aria-labelledby="ticket-form-title">
      <h3 id="ticket-form-title">Cómo se juega el boleto</h3>
      {message ? <Alert>{message}</Alert> : null}
      <input type="hidden" name="quinielaId" value={bet.quinielaId} />
      <input type="hidden" name="betId" value={bet.id} />
      <input type="hidden" name="version" value={bet.version} />
      <fieldset className="ticket-options">
        <legend>Jugada</legend>
        {ticket.options.map((o) => {
          const value = o.reduction === null ? "none" : String(o.reduction);
          const id = `ticket-option-${value}`;
          return (
            <div key={value} className="ticket-option">
              <input type="radio" id={id} name="reduction" value={value} defaultChecked={o.reduction === ticket.reduction} aria-describedby={`${id}-what`} />
              <label htmlFor={id}>
                <strong>{`${o.name} (${bets(o.chargedBets)})`}</strong> · {formatEuros(o.costCents)}
              </label>
              <p id={`${id}-what`} className="muted">
                {o.guarantee}
              </p>
            </div>
          );
        })}
        {ticket.options.length === 1 ? <p className="muted">Ninguna reducida oficial encaja con los dobles y triples de esta apuesta.</p> : null}
      </fieldset>
      {own && ticket.plenoMarks ? (
        <fieldset className="pleno-marks">
          <legend>Pleno al 15 {pleno ? `(${pleno.home} – ${pleno.away})` : ""}: marcas por equipo</legend>
          <p className="muted">La marca del pleno de la apuesta va siempre; cada marca añadida multiplica las apuestas.</p>
          {(["home", "away"] as const).map((side) => (
            <div key={side} className="row pleno-side">
              <span className="pleno-team">{side === "home" ? (pleno?.home ?? "Local") : (pleno?.away ?? "Visitante")}</span>
              {PLENO_MARKS.map((m) => {
                const fixed = own[side] === m;
                return (
                  <label key={m} className="sign">
                    <input
                      type="checkbox"
                      name={side === "home" ? "plenoHome" : "plenoAway"}
                      value={m}
                      defaultChecked={ticket.plenoMarks![side].includes(m)}
                      disabled={fixed}
                      aria-label={`${side === "home" ? "Local" : "Visitante"}: ${m}${fixed ? " (pleno de la apuesta)" : ""}`}
                    />
                    <span>{m}</span>
                  </label>
                );
              })}
            </div>
          ))}
        </fieldset>
      ) : null}
      <button type="submit" name="intent" value="ticket" disabled={busy}>
        Guardar boleto
      </button>
    </Form>
  );
}
