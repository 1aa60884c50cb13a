import { Form, Link } from "@remix-run/react";
import { type Caja, KIND_LABELS, type Movement } from "#core/contract/caja";
import { formatEuros } from "#core/domain/money";
import { formatDate, formatDateTime } from "#core/dates";

export interface StatementPlace {
  before: number | null;
  correct: number | null;
}

export interface StatementFilters {
  member: number | null;
  kind: string | null;
}

/** The caja's address with the filters kept and the given place (decision 042). */
export function statementHref(groupId: number, filters: StatementFilters, place: Partial<StatementPlace> = {}) {
  const query = new URLSearchParams();
  if (filters.member) query.set("miembro", String(filters.member));
  if (filters.kind) query.set("tipo", filters.kind);
  if (place.before) query.set("antes", String(place.before));
  if (place.correct) query.set("corregir", String(place.correct));
  return `/grupo/${groupId}/caja${query.size ? `?${query}` : ""}`;
}

/**
 * The movements as a bank statement (decision 042): one line each (date, what, who, amount), its
 * details folded under it, one page of the newest first and a link to the older ones. A correction
 * is one form, for the movement chosen by its link, not a form under every row.
 */
export function CajaStatement({ caja, filters, place, reverseKey }: { caja: Caja; filters: StatementFilters; place: StatementPlace; reverseKey: string }) {
  const chosen = caja.canWrite && place.correct ? (caja.movements.find((m) => m.id === place.correct) ?? null) : null;
  return (
    <>
      {chosen ? <CorrectionForm caja={caja} movement={chosen} filters={filters} place={place} idempotencyKey={reverseKey} /> : null}
      <ol className="statement">
        {caja.movements.map((m) => (
          <li key={m.id}>
            <details>
              <summary>
                <span className="statement-date">{formatDate(m.recordedAt)}</span>
                <span className="statement-what">
                  {KIND_LABELS[m.kind]} · {m.username ?? "Bote"}
                  {m.kind === "prize" && m.receipt && !m.receipt.file ? <strong className="receipt-missing"> · sin resguardo</strong> : null}
                </span>
                <span className="amount">{formatEuros(m.amountCents)}</span>
              </summary>
              <p>
                Nº {m.id} · {formatDateTime(m.recordedAt)} · Anotado por {m.recordedBy ?? "Automático"}
                {m.reference ? ` · ${m.reference}` : ""}
                {m.kind === "prize" && m.userId === null ? (
                  <>
                    {" "}
                    · <Link to={`/grupo/${caja.groupId}/caja/premio/${m.id}`}>Reparto del premio</Link>
                  </>
                ) : null}
                {m.receipt ? <ReceiptNote groupId={caja.groupId} kind={m.kind} receipt={m.receipt} /> : null}
                {caja.canWrite ? <CorrectionState caja={caja} movement={m} filters={filters} place={place} /> : null}
              </p>
            </details>
          </li>
        ))}
      </ol>
      <nav className="pager" aria-label="Páginas de movimientos">
        {place.before ? <Link to={statementHref(caja.groupId, filters)}>Lo más reciente</Link> : null}
        {caja.nextBefore ? <Link to={statementHref(caja.groupId, filters, { before: caja.nextBefore })}>Movimientos anteriores</Link> : null}
      </nav>
    </>
  );
}

/**
 * The resguardo of the bet a ticket or prize of the caja belongs to (decision 090): the ticket links
 * to its photo; a prize from a jornada no one proved was stamped says so.
 */
function ReceiptNote({ groupId, kind, receipt }: { groupId: number; kind: Movement["kind"]; receipt: NonNullable<Movement["receipt"]> }) {
  if (receipt.file)
    return (
      <>
        {" "}
        · <a href={`/grupo/${groupId}/resguardo/${receipt.file}`}>Ver el resguardo</a>
        {receipt.beforeStart ? null : " (subido después del comienzo de la jornada)"}
      </>
    );
  return (
    <>
      {" "}
      · <strong>{kind === "prize" ? "Premio de una jornada sin resguardo: nadie subió la foto del boleto sellado" : "Falta el resguardo"}</strong> (
      <Link to={`/grupo/${groupId}/quiniela-grupal?quiniela=${receipt.quinielaId}#resguardo`}>ver el boleto</Link>)
    </>
  );
}

function CorrectionState({ caja, movement, filters, place }: { caja: Caja; movement: Movement; filters: StatementFilters; place: StatementPlace }) {
  if (movement.kind === "correction") return <> · Corrige el nº {movement.reversesId}</>;
  if (movement.reversedById) return <> · Corregido (nº {movement.reversedById})</>;
  return (
    <>
      {" "}
      ·{" "}
      <Link to={statementHref(caja.groupId, filters, { before: place.before, correct: movement.id })} aria-label={`Corregir el movimiento nº ${movement.id}`}>
        Corregir
      </Link>
    </>
  );
}

/** The one correction form of the page: the chosen movement's id and a one-time key, nothing else to type. */
function CorrectionForm({
  caja,
  movement,
  filters,
  place,
  idempotencyKey,
}: {
  caja: Caja;
  movement: Movement;
  filters: StatementFilters;
  place: StatementPlace;
  idempotencyKey: string;
}) {
  if (movement.kind === "correction" || movement.reversedById) return null;
  return (
    <section className="card" aria-labelledby="corregir-movimiento">
      <h3 id="corregir-movimiento">Corregir el movimiento nº {movement.id}</h3>
      <p>
        {KIND_LABELS[movement.kind]} · {movement.username ?? "Bote"} · {formatEuros(movement.amountCents)} · {formatDateTime(movement.recordedAt)}. Se anotará
        el movimiento contrario.
      </p>
      <Form method="post" action={statementHref(caja.groupId, filters, { before: place.before })}>
        <input type="hidden" name="movementId" value={movement.id} />
        <input type="hidden" name="idempotencyKey" value={`${idempotencyKey}-${movement.id}`} />
        <button type="submit" name="intent" value="reverse">
          Corregir
        </button>{" "}
        <Link to={statementHref(caja.groupId, filters, { before: place.before })}>Cancelar</Link>
      </Form>
    </section>
  );
}
