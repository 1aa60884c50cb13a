import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { type Caja, KIND_LABELS } from "#core/contract/caja";
import { MOVEMENT_KINDS } from "#core/domain/caja/caja";
import { formatEuros } from "#core/domain/money";
import { Balance } from "~/components/Balance";
import { Field, FormErrors } from "~/components/Field";
import { MEMBER_FORMS, type MemberFormKind, movementFormSchema, potFormSchema, rulesFormSchema } from "~/forms/caja";
import { cajaAction, loadCajaPage } from "~/server/caja/caja.server";
import { CajaStatement } from "~/components/CajaStatement";
import { FORM_PAGE, type RouteHandle } from "~/route-handle";

// Plain posts, no Remix client (decision 038): a season's caja or jornadas read on any phone.
export const handle: RouteHandle = FORM_PAGE;

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Caja de ${data?.caja.groupName ?? "la peña"} · Quiniela de peñas` }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadCajaPage(request, params.groupId);
}

export async function action({ request, params }: ActionFunctionArgs) {
  return cajaAction(request, params.groupId);
}

type LastResult = SubmissionResult<string[]> | undefined;

export default function CajaPage() {
  const { caja, filters, place, keys } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const last = (intent: string) => (actionData?.intent === intent ? (actionData.lastResult as LastResult) : undefined);
  const base = `/grupo/${caja.groupId}`;
  const csvQuery = new URLSearchParams();
  if (filters.member) csvQuery.set("miembro", String(filters.member));
  if (filters.kind) csvQuery.set("tipo", filters.kind);
  return (
    <main className="page">
      <h1>Caja de {caja.groupName}</h1>
      <p className="muted">
        <Link to={`${base}/dashboard`}>Volver al panel</Link> · <Link to={`${base}/caja/liquidacion`}>Liquidación de la temporada</Link>
        {/* The manager's forms sit below the statement: one link from the top (decision 069). */}
        {caja.canWrite ? (
          <>
            {" · "}
            <a href="#gestion-caja">Anotar en la caja</a>
          </>
        ) : null}
      </p>

      <section className="caja-summary" aria-label="Resumen">
        <div className="card">
          <h2>Bote</h2>
          <p className="stat-value">{formatEuros(caja.potCents)}</p>
          <p className="muted">Fondo de la peña: {formatEuros(caja.fundCents)}</p>
        </div>
        {caja.me ? (
          <div className="card">
            <h2>Tu saldo</h2>
            <p>
              <Balance cents={caja.me.balanceCents} />
            </p>
          </div>
        ) : null}
      </section>

      <h2 id="movimientos">Movimientos</h2>
      <Form method="get" className="caja-filters card" aria-label="Filtrar movimientos">
        <div className="field">
          <label htmlFor="filtro-miembro">Miembro</label>
          <select id="filtro-miembro" name="miembro" defaultValue={filters.member ?? ""}>
            <option value="">Todos</option>
            <MemberOptions members={caja.members} />
          </select>
        </div>
        <div className="field">
          <label htmlFor="filtro-tipo">Tipo</label>
          <select id="filtro-tipo" name="tipo" defaultValue={filters.kind ?? ""}>
            <option value="">Todos</option>
            {MOVEMENT_KINDS.map((k) => (
              <option key={k} value={k}>
                {KIND_LABELS[k]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="secondary">
          Filtrar
        </button>
        <a href={`${base}/caja.csv${csvQuery.size ? `?${csvQuery}` : ""}`} download>
          Descargar CSV
        </a>
      </Form>
      {caja.movements.length ? (
        <CajaStatement caja={caja} filters={filters} place={place} reverseKey={keys.reverse} />
      ) : (
        <p className="muted">No hay movimientos{filters.member || filters.kind ? " con estos filtros" : " todavía"}.</p>
      )}

      <h2>Saldos de los miembros</h2>
      <div className="table-wrap">
        <table className="line-table">
          <thead>
            <tr>
              <th scope="col">Miembro</th>
              <th scope="col" className="num">
                Saldo
              </th>
            </tr>
          </thead>
          <tbody>
            {caja.members.map((m) => (
              <tr key={m.userId}>
                <th scope="row">{m.username}</th>
                <td className="num">
                  <Balance cents={m.balanceCents} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      {caja.canWrite ? <ManagerForms caja={caja} keys={keys} last={last} /> : null}
    </main>
  );
}

/** One option per member of the caja: their name, valued by their id. */
function MemberOptions({ members }: { members: Caja["members"] }) {
  return members.map((m) => (
    <option key={m.userId} value={m.userId}>
      {m.username}
    </option>
  ));
}

/**
 * A manager's form folded under its title (decision 042: the caja's first screen is its statement,
 * not five forms): opened with a click, or by itself when it comes back refused, with its message
 * and what was typed.
 */
function Fold({ titleId, title, open, children }: { titleId: string; title: string; open: boolean; children: React.ReactNode }) {
  return (
    <details className="card fold" open={open || undefined}>
      <summary>
        <h3 id={titleId}>{title}</h3>
      </summary>
      {children}
    </details>
  );
}

function ManagerForms({ caja, keys, last }: { caja: Caja; keys: Record<string, string>; last: (intent: string) => LastResult }) {
  const lastMovement = last("movement");
  const kindOf = (r: LastResult) => (r?.initialValue?.kind as string | undefined) ?? null;
  return (
    <section aria-labelledby="gestion-caja">
      <h2 id="gestion-caja">Anotar en la caja</h2>
      <div className="caja-forms">
        {(Object.keys(MEMBER_FORMS) as MemberFormKind[]).map((kind) => (
          <MemberMovementForm
            key={`${kind}-${keys[kind]}`}
            kind={kind}
            caja={caja}
            idempotencyKey={keys[kind]}
            lastResult={kindOf(lastMovement) === kind ? lastMovement : undefined}
          />
        ))}
        <PotMovementForm key={keys.pot} idempotencyKey={keys.pot} lastResult={last("pot")} />
      </div>
      <RulesForm caja={caja} lastResult={last("rules")} />
    </section>
  );
}

function MemberMovementForm({ kind, caja, idempotencyKey, lastResult }: { kind: MemberFormKind; caja: Caja; idempotencyKey: string; lastResult: LastResult }) {
  const text = MEMBER_FORMS[kind];
  const [form, fields] = useForm({
    id: `caja-${kind}`,
    lastResult,
    defaultValue: { kind, idempotencyKey },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: movementFormSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Fold titleId={`${form.id}-title`} title={text.title} open={lastResult?.status === "error"}>
      <Form method="post" className="stack" {...getFormProps(form)} aria-labelledby={`${form.id}-title`}>
        <p className="muted">{text.hint}</p>
        <FormErrors errors={form.errors} id={form.errorId} />
        <input {...getInputProps(fields.kind, { type: "hidden" })} />
        <input {...getInputProps(fields.idempotencyKey, { type: "hidden" })} />
        <Field field={fields.userId} label="Miembro">
          <select {...getSelectProps(fields.userId)}>
            <option value="">Elige…</option>
            <MemberOptions members={caja.members} />
          </select>
        </Field>
        <AmountField field={fields.amount} />
        <Field field={fields.reference} label="Referencia">
          <input {...getInputProps(fields.reference, { type: "text" })} placeholder="Bizum, efectivo, transferencia…" maxLength={120} />
        </Field>
        <button type="submit" name="intent" value="movement">
          {text.button}
        </button>
      </Form>
    </Fold>
  );
}

/** A movement's amount in euros, typed with a decimal comma. */
function AmountField({ field }: { field: FieldMetadata<string> }) {
  return (
    <Field field={field} label="Cantidad (€)" hint="Con coma decimal: 12,50">
      <input {...getInputProps(field, { type: "text" })} inputMode="decimal" autoComplete="off" placeholder="12,50" />
    </Field>
  );
}

function PotMovementForm({ idempotencyKey, lastResult }: { idempotencyKey: string; lastResult: LastResult }) {
  const [form, fields] = useForm({
    id: "caja-pot",
    lastResult,
    defaultValue: { kind: "prize", idempotencyKey },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: potFormSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Fold titleId="caja-pot-title" title="Dinero del bote" open={lastResult?.status === "error"}>
      <Form method="post" className="stack" {...getFormProps(form)} aria-labelledby="caja-pot-title">
        <p className="muted">Un premio que entra en el bote, o un boleto pagado a mano.</p>
        <FormErrors errors={form.errors} id={form.errorId} />
        <input {...getInputProps(fields.idempotencyKey, { type: "hidden" })} />
        <Field field={fields.kind} label="Tipo">
          <select {...getSelectProps(fields.kind)}>
            <option value="prize">Premio (entra)</option>
            <option value="ticket">Boleto (sale)</option>
          </select>
        </Field>
        <AmountField field={fields.amount} />
        <Field field={fields.reference} label="Referencia">
          <input {...getInputProps(fields.reference, { type: "text" })} maxLength={120} />
        </Field>
        <button type="submit" name="intent" value="pot">
          Anotar en el bote
        </button>
      </Form>
    </Fold>
  );
}

/** What switching the ticket rule on now charges to the pot at once. */
const lateTicketsText = ({ count, cents }: { count: number; cents: number }) =>
  `Si la activas ahora, se cargarán al bote ${count === 1 ? "el boleto de 1 apuesta ya confirmada" : `los boletos de ${count} apuestas ya confirmadas`}: ${formatEuros(cents)}.`;

const eurosText = (cents: number) => formatEuros(cents).replace(/\s*€$/u, "");

function RulesForm({ caja, lastResult }: { caja: Caja; lastResult: LastResult }) {
  const r = caja.rules;
  const [form, fields] = useForm({
    id: "caja-rules",
    lastResult,
    defaultValue: {
      quota: eurosText(r.quotaCents),
      quotaBasis: r.quotaBasis,
      payTicket: r.payTicket ? "on" : undefined,
      hideBalances: r.hideBalances ? "on" : undefined,
      bestPrize: eurosText(r.bestPrizeCents),
      pinaPenalty: eurosText(r.pinaPenaltyCents),
      lastPlaceFine: eurosText(r.lastPlaceFineCents),
      stampRota: r.stampRota
        .map((id) => caja.members.find((m) => m.userId === id)?.username ?? "")
        .filter(Boolean)
        .join("\n"),
      version: r.version,
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: rulesFormSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Fold titleId="caja-rules-title" title="Normas de la caja" open={lastResult?.status === "error"}>
      <Form method="post" className="stack" {...getFormProps(form)} aria-labelledby="caja-rules-title">
        <FormErrors errors={form.errors} id={form.errorId} />
        <input {...getInputProps(fields.version, { type: "hidden" })} />
        <Field field={fields.quota} label="Cuota (€)" hint="0 para no cobrar cuotas automáticas.">
          <input {...getInputProps(fields.quota, { type: "text" })} inputMode="decimal" autoComplete="off" />
        </Field>
        <Field field={fields.quotaBasis} label="Se cobra">
          <select {...getSelectProps(fields.quotaBasis)}>
            <option value="round">Por jornada jugada, al cerrar la jornada</option>
            <option value="season">Una vez por temporada</option>
          </select>
        </Field>
        <div className="field">
          <label>
            <input {...getInputProps(fields.payTicket, { type: "checkbox" })} aria-describedby={caja.lateTickets?.count ? "caja-late-tickets" : undefined} />{" "}
            Pagar el boleto del bote al confirmar la apuesta
          </label>
          {caja.lateTickets?.count ? (
            // A late switch charges the tickets already confirmed at once: said before it does (decision 064).
            <p id="caja-late-tickets" className="muted">
              {lateTicketsText(caja.lateTickets)}
            </p>
          ) : null}
        </div>
        <div className="field">
          <label>
            <input {...getInputProps(fields.hideBalances, { type: "checkbox" })} /> Ocultar a los miembros los saldos de los demás
          </label>
        </div>
        <Field field={fields.bestPrize} label="Premio al mejor de la temporada (€)">
          <input {...getInputProps(fields.bestPrize, { type: "text" })} inputMode="decimal" autoComplete="off" />
        </Field>
        <Field field={fields.pinaPenalty} label="Penalización de la piña (€)">
          <input {...getInputProps(fields.pinaPenalty, { type: "text" })} inputMode="decimal" autoComplete="off" />
        </Field>
        <Field
          field={fields.lastPlaceFine}
          label="Multa al último de la jornada (€)"
          hint="Se cobra una vez por jornada con resultados al que menos aciertos tuvo; si empatan, al peor clasificado de la jornada. 0: sin multa."
        >
          <input {...getInputProps(fields.lastPlaceFine, { type: "text" })} inputMode="decimal" autoComplete="off" />
        </Field>
        <Field
          field={fields.stampRota}
          label="Turno para sellar el boleto"
          hint="Un nombre por línea, el primero sella primero; avanza uno por jornada con apuesta. Vacío: por orden de llegada al grupo. Quien falte va al final."
        >
          <textarea {...getTextareaProps(fields.stampRota)} rows={4} />
        </Field>
        <button type="submit" name="intent" value="rules" className="secondary">
          Guardar normas
        </button>
      </Form>
    </Fold>
  );
}
