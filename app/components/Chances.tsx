import { Form, useNavigation } from "@remix-run/react";
import type { Bet } from "#core/contract/bet";
import { formatPercent, learningLine, sourceLong, TARGET_NAMES, trustLine } from "#core/domain/bet/chances-text";
import { paybackLine } from "#core/domain/bet/expected-prize";
import { formatEuros } from "#core/domain/money";
import { TARGETS } from "#core/domain/bet/placement";
import { CATEGORIES, CATEGORY_HITS, CATEGORY_NAMES, type Category } from "#core/domain/bet/scrutiny";
import { Alert } from "~/components/Field";
import type { ChancesData } from "~/server/bet/chances.server";

const ROWS = [
  ["10", "10 o más aciertos"],
  ["11", "11 o más aciertos"],
  ["12", "12 o más aciertos"],
  ["13", "13 o más aciertos"],
  ["14", "14 aciertos"],
  ["especial", "14 aciertos y el pleno al 15"],
] as const;

/**
 * 'Probabilidades' (decision 037): what the bet can do under the model of the peña's own votes,
 * the placement of doubles and triples that pays most for a target (and budget), and, for the
 * manager of an unconfirmed bet, a button that applies it. Works without JavaScript: the target
 * form is a GET, the button a POST.
 */
export function Chances({ bet, data, isManager, message }: { bet: Bet; data: ChancesData; isManager: boolean; message: string | null }) {
  const c = data.chances;
  return (
    <section aria-labelledby="chances-title" className="chances stack">
      <h3 id="chances-title">Probabilidades</h3>
      <Alert>{data.loadError}</Alert>
      {c ? (
        <>
          <p className="chances-headline">
            <strong>Probabilidad de 10 o más aciertos: {formatPercent(c.current.atLeast["10"])}</strong>
          </p>
          {learningLine(c.model) ? <p className="chances-learning">{learningLine(c.model)}</p> : null}
        </>
      ) : null}
      {/* The figures and the placement fold under the headline (decision 074); the answer to a target or a budget opens them. */}
      <details className="fold chances-more" open={data.asked || Boolean(message) || undefined}>
        <summary>Detalle y mejor colocación de dobles y triples</summary>
        <div className="stack">
          {c ? <Figures c={c} /> : null}
          <Placement bet={bet} data={data} isManager={isManager} message={message} />
        </div>
      </details>
    </section>
  );
}

type ChancesFigures = NonNullable<ChancesData["chances"]>;

/** Each number of hits of the best column, the model's source, and the odds of cobrar each category. */
function Figures({ c }: { c: ChancesFigures }) {
  return (
    <>
      <table className="chances-table">
        <caption className="sr-only">Probabilidad de cada número de aciertos de la mejor columna</caption>
        <thead>
          <tr>
            <th scope="col">Mejor columna</th>
            <th scope="col">Probabilidad</th>
          </tr>
        </thead>
        <tbody>
          {ROWS.map(([k, label]) => (
            <tr key={k}>
              <th scope="row">{label}</th>
              <td>{formatPercent(c.current.atLeast[k])}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted chances-source">
        {sourceLong({
          source: c.model.source,
          prior: c.model.prior,
          weight: c.model.weight,
          fitted: c.model.fitted,
          pastRounds: c.model.pastRounds,
          modelLogLoss: c.model.logLoss,
          priorLogLoss: c.model.priorLogLoss,
        })}
      </p>
      <table className="chances-table">
        <caption>Probabilidad de cobrar cada categoría</caption>
        <thead>
          <tr>
            <th scope="col">Categoría</th>
            <th scope="col">Cobrar (alguna columna)</th>
            <th scope="col">Mejor columna</th>
          </tr>
        </thead>
        <tbody>
          {CATEGORIES.map((k) => (
            <tr key={k}>
              <th scope="row">{CATEGORY_NAMES[k]}</th>
              <td>{formatPercent(c.current.wins[k])}</td>
              <td>{formatPercent(bestExactly(c.current.atLeast, k))}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="chances-expectation">{expectationLine(c.current, c.prizes.paybackBasisPoints, "de la apuesta")}</p>
      <p className="muted">{prizeNote(c.prizes).trim()}</p>
      <p className="chances-trust">
        {trustLine({ source: c.model.source, modelLogLoss: c.model.logLoss, priorLogLoss: c.model.priorLogLoss, especialShare: c.prizes.especialShare })}
      </p>
      <p className="muted">
        Cobrar: que alguna columna del boleto tenga justo esos aciertos; un boleto múltiple puede cobrar varias categorías a la vez. Mejor columna: que la de
        más aciertos tenga justo esos.
      </p>
      <p className="muted">
        Modelo de la peña: los pronósticos de {c.model.voters} {c.model.voters === 1 ? "jugador" : "jugadores"} de la peña, cada uno pesado por su acierto en la
        temporada, y el reparto de 1, X y 2 de {c.model.pastRounds} {c.model.pastRounds === 1 ? "jornada" : "jornadas"} con resultados
        {c.model.fitted ? "; la mezcla se ajusta con las jornadas ya jugadas." : "; hasta tres jornadas con resultados, la mezcla es la de partida."}
      </p>
    </>
  );
}

/** The target and budget form (a GET), the best placement for them and, for the manager of an unconfirmed bet, the button that applies it. */
function Placement({ bet, data, isManager, message }: { bet: Bet; data: ChancesData; isManager: boolean; message: string | null }) {
  const busy = useNavigation().state === "submitting";
  const c = data.chances;
  const budgetError = data.budgetError;
  return (
    <>
      <Form method="get" className="stack chances-form">
        <input type="hidden" name="quiniela" value={bet.quinielaId} />
        <div className="field">
          <label htmlFor="objetivo">Objetivo</label>
          <select id="objetivo" name="objetivo" defaultValue={data.target}>
            {TARGETS.map((t) => (
              <option key={t} value={t}>
                {t === "prize" ? "Premio esperado" : `Probabilidad de ${TARGET_NAMES[t]}`}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="presupuesto">Presupuesto en euros (opcional)</label>
          <input
            id="presupuesto"
            name="presupuesto"
            type="text"
            inputMode="decimal"
            defaultValue={data.budgetText}
            aria-invalid={budgetError ? true : undefined}
            aria-describedby={budgetError ? "presupuesto-error" : "presupuesto-hint"}
          />
          <p className="muted" id="presupuesto-hint">
            Vacío: los dobles y triples del tipo de la jornada. Con un presupuesto se eligen cuántos y, si conviene, una reducida oficial.
          </p>
          {budgetError ? (
            <p className="error" id="presupuesto-error">
              {budgetError}
            </p>
          ) : null}
        </div>
        <button type="submit" className="secondary">
          Calcular la mejor colocación
        </button>
      </Form>
      {c?.suggestion ? (
        <div className="stack">
          <p className="chances-suggestion">{c.suggestion.sentence}</p>
          {c.suggestion.changes.length ? (
            <>
              <p>Signos que cambia:</p>
              <ul className="suggestion-changes">
                {c.suggestion.changes.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </>
          ) : null}
          <p className="muted">
            {c.suggestionsChangeSigns
              ? "Los gestores permiten que la sugerencia cambie los signos de la mayoría."
              : "La sugerencia mantiene el signo de la mayoría en cada partido: solo coloca los dobles y triples."}
          </p>
          <p className="muted">
            {c.suggestion.reductionName ?? "Múltiple directo"}: {formatEuros(c.suggestion.costCents)}.
            {c.suggestion.proven ? "" : " La búsqueda de la reducida se detuvo antes de probar que no hay otra mejor."}
            {data.target === "prize" ? prizeNote(c.prizes) : ""}
          </p>
          {data.target === "prize" ? (
            <p className="chances-expectation">{expectationLine(c.suggestion.odds, c.prizes.paybackBasisPoints, "con la sugerencia")}</p>
          ) : null}
          {c.suggestion.same ? (
            <p className="notice">La apuesta ya tiene esta colocación.</p>
          ) : c.confirmed ? (
            <p className="muted">La apuesta está confirmada: ya no se cambia.</p>
          ) : isManager ? (
            <Form method="post">
              <input type="hidden" name="betId" value={bet.id} />
              <input type="hidden" name="quinielaId" value={bet.quinielaId} />
              <input type="hidden" name="version" value={bet.version} />
              <input type="hidden" name="target" value={c.target} />
              {c.budgetCents !== null ? <input type="hidden" name="budgetCents" value={c.budgetCents} /> : null}
              {data.budgetText ? <input type="hidden" name="presupuesto" value={data.budgetText} /> : null}
              <button type="submit" name="intent" value="placement" disabled={busy}>
                Aplicar esta colocación
              </button>
            </Form>
          ) : null}
          <Alert>{message}</Alert>
        </div>
      ) : c && data.budgetText && !budgetError ? (
        <p className="notice">Con ese presupuesto no llega ni para un boleto de dos apuestas.</p>
      ) : null}
    </>
  );
}

/** P(the best column has exactly the category's hits), from the odds of at least k. */
function bestExactly(atLeast: NonNullable<ChancesData["chances"]>["current"]["atLeast"], c: Category): number {
  if (c === "especial") return atLeast.especial;
  const k = CATEGORY_HITS[c];
  return k === 14 ? atLeast["14"] : atLeast[String(k) as "10"] - atLeast[String(k + 1) as "11"];
}

const SHARES_NAMES = {
  jornada: "los porcentajes de apuestas del público de esta jornada",
  rating: "porcentajes del público estimados de la valoración previa (no son los publicados)",
  chances: "porcentajes del público estimados de estas probabilidades, cargados hacia el favorito como apuesta el público (no son los publicados)",
} as const;

/** How the expected prize was made (decision 097): each fund shared with the others the percentages predict. */
function prizeNote(prizes: NonNullable<ChancesData["chances"]>["prizes"]): string {
  return ` Premios: el fondo de cada categoría repartido entre este boleto y los demás acertantes que se esperan con sus mismos signos, según ${SHARES_NAMES[prizes.publicShares]}.`;
}

/** «Premio esperado: 0,08 € por un boleto de 1,50 €; de media se pierden 1,42 € (el juego devuelve el 55 % de lo apostado).» */
function expectationLine(odds: { expectedPrizeCents: number; costCents: number; expectedLossCents: number }, paybackBasisPoints: number, what: string): string {
  const payback = paybackLine(paybackBasisPoints);
  const loss =
    odds.expectedLossCents >= 0 ? `de media se pierden ${formatEuros(odds.expectedLossCents)}` : `de media se ganan ${formatEuros(-odds.expectedLossCents)}`;
  return `Premio esperado ${what}: ${formatEuros(odds.expectedPrizeCents)} por un boleto de ${formatEuros(odds.costCents)}; ${loss} (${payback}).`;
}
