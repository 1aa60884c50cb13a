import { getFormProps, getInputProps, getSelectProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { dateInputProps } from "~/components/date-input";
import { parseWithZod } from "@conform-to/zod";
import type { SerializeFrom } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { formatDateTime, utcToMadridLocal } from "#core/dates";
import type { roundSettingsAction, roundSettingsLoader } from "~/server/rounds/round-settings.server";
import { Field, FormErrors, Alert } from "~/components/Field";
import { RoundState } from "~/components/RoundState";
import { SeasonPicker } from "~/components/SeasonPicker";
import { configureRoundSchema, roundStatusSchema } from "~/forms/groups";
import { StackedTable } from "~/components/StackedTable";

type Data = SerializeFrom<typeof roundSettingsLoader>;
type ActionData = SerializeFrom<typeof roundSettingsAction> | undefined;
type Selected = NonNullable<Data["selected"]>;

const MADRID = "Hora de Madrid.";

/**
 * The group's pools of the season with their state, and the chosen one's settings; `children` go at the end.
 * Without `list` (the group's settings) only the chosen pool shows, and a link leads to the list on
 * 'Gestionar quinielas': one list of jornadas, one dashboard entry to it (decision 069).
 */
export function RoundSettings({ title, list = true, children }: { title: string; list?: boolean; children?: React.ReactNode }) {
  const { group, season, seasons, pools, poolPage, types, selected, missing } = useLoaderData<Data>();
  const pageHref = (page: number) =>
    `?${new URLSearchParams({ ...(season ? { temporada: String(season.id) } : {}), ...(selected ? { quiniela: String(selected.pool.id) } : {}), pagina: String(page) })}#jornadas`;
  const actionData = useActionData<ActionData>();
  return (
    <main className="page">
      <h1>{title}</h1>
      <p className="muted">
        <Link to={`/grupo/${group.id}/dashboard`}>{group.name}</Link>
        {season ? ` · Temporada ${season.name}` : null}
      </p>
      {selected ? (
        <SelectedRound
          key={`${selected.pool.id}-${selected.round?.openDate}-${selected.round?.closeDate}-${selected.round?.forceClosed}-${selected.round?.typeQuinielaId}`}
          selected={selected}
          types={types}
          actionData={actionData}
        />
      ) : missing ? (
        <p className="form-error" role="alert">
          Esa quiniela no existe.
        </p>
      ) : null}

      {list ? (
        <>
          <h2 id="jornadas">Quinielas de la temporada</h2>
          <SeasonPicker seasons={seasons} selectedId={season?.id ?? null} />
          {!season ? (
            <p className="notice">No hay ninguna temporada en curso. El administrador debe crearla antes de activar jornadas.</p>
          ) : pools.length === 0 ? (
            <p className="muted">Esta temporada todavía no tiene quinielas.</p>
          ) : (
            <div className="table-wrap">
              <table className="line-table">
                <thead>
                  <tr>
                    <th scope="col">Jornada</th>
                    <th scope="col">En el grupo</th>
                    <th scope="col">Acción</th>
                  </tr>
                </thead>
                <tbody>
                  {pools.map((p) => (
                    <tr key={p.id} aria-current={selected?.pool.id === p.id ? "true" : undefined}>
                      <th scope="row">
                        Jornada {p.numberQuiniela}{" "}
                        <small className="muted">
                          {formatDateTime(p.startDate)} – {formatDateTime(p.closingDate)}
                        </small>
                      </th>
                      <td>
                        {p.round ? `Activada (${p.round.typeName})` : "Sin activar"}
                        {p.round ? (
                          <small>
                            <RoundState state={p.round.state} reason={p.round.reason} />
                          </small>
                        ) : null}
                      </td>
                      <td>
                        <Link
                          to={`?${new URLSearchParams({ temporada: String(season.id), quiniela: String(p.id) })}#jornada`}
                          aria-label={`${p.round ? "Gestionar" : "Activar"} jornada ${p.numberQuiniela}`}
                        >
                          {p.round ? "Gestionar" : "Activar"}
                        </Link>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {poolPage.pages > 1 ? (
            <nav className="pager" aria-label="Páginas de jornadas">
              {poolPage.page > 1 ? <Link to={pageHref(poolPage.page - 1)}>Jornadas más recientes</Link> : <span />}
              <span className="muted">
                Página {poolPage.page} de {poolPage.pages} · {poolPage.total} jornadas
              </span>
              {poolPage.page < poolPage.pages ? <Link to={pageHref(poolPage.page + 1)}>Jornadas anteriores</Link> : <span />}
            </nav>
          ) : null}
        </>
      ) : (
        <p id="jornadas">
          Para activar jornadas, cambiar sus fechas o bloquear a un jugador: <Link to={`/grupo/${group.id}/gestionar-quinielas`}>Gestionar quinielas</Link>.
        </p>
      )}
      {children}
    </main>
  );
}

function SelectedRound({ selected, types, actionData }: { selected: Selected; types: Data["types"]; actionData: ActionData }) {
  const { pool, round, members } = selected;
  const forIntent = (intent: string) => (actionData?.intent === intent ? actionData : undefined);
  const staleFor = (intent: string) => {
    const data = forIntent(intent);
    return Boolean(data && "stale" in data && data.stale);
  };
  return (
    <section id="jornada" className="card stack" aria-labelledby="jornada-title">
      <h2 id="jornada-title">Jornada {pool.numberQuiniela}</h2>
      <p className="muted">
        Quiniela: {formatDateTime(pool.startDate)} – {formatDateTime(pool.closingDate)} (hora de Madrid)
      </p>
      {round ? (
        <>
          <p>
            Estado: <RoundState state={round.state} reason={round.reason} /> · Tipo: {round.typeName}
          </p>
          <DatesForm round={round} quinielaId={pool.id} lastResult={forIntent("dates")?.lastResult ?? undefined} stale={staleFor("dates")} />
          <ForceAndType
            round={round}
            quinielaId={pool.id}
            types={types}
            message={forIntent("force")?.message ?? forIntent("type")?.message}
            stale={staleFor("force") || staleFor("type")}
          />
          <Members members={members} groupQuinielaId={round.id} quinielaId={pool.id} message={forIntent("block")?.message ?? forIntent("unblock")?.message} />
        </>
      ) : (
        <ConfigureForm pool={pool} types={types} lastResult={forIntent("configure")?.lastResult ?? undefined} />
      )}
    </section>
  );
}

type LastResult = SubmissionResult<string[]> | undefined;

/** A round's dates (Madrid time), and its forced close only when it is first activated. */
function RoundDateFields({
  fields,
}: {
  fields: { openDate: FieldMetadata<string>; closeDate: FieldMetadata<string>; forceClosed?: FieldMetadata<boolean | undefined> };
}) {
  return (
    <>
      <Field field={fields.openDate} label="Fecha de apertura" hint={MADRID}>
        <input {...dateInputProps(fields.openDate, { type: "datetime-local" })} />
      </Field>
      <Field field={fields.closeDate} label="Fecha de cierre" hint={MADRID}>
        <input {...dateInputProps(fields.closeDate, { type: "datetime-local" })} />
      </Field>
      {fields.forceClosed ? (
        <label className="check">
          <input {...getInputProps(fields.forceClosed, { type: "checkbox" })} />
          Cierre forzado
        </label>
      ) : null}
    </>
  );
}

/** After a refused stale save: what is stored now, beside what the manager typed (kept in the form). */
function CurrentRound({ round }: { round: NonNullable<Selected["round"]> }) {
  return (
    <div className="conflict-current" role="group" aria-label="Valores actuales">
      <p>
        <strong>Valores actuales</strong> (guardados por otra persona):
      </p>
      <p>Apertura: {formatDateTime(round.openDate)}</p>
      <p>Cierre: {formatDateTime(round.closeDate)}</p>
      <p>Cierre forzado: {round.forceClosed ? "Sí" : "No"}</p>
      <p>Tipo: {round.typeName}</p>
    </div>
  );
}

function ConfigureForm({ pool, types, lastResult }: { pool: Selected["pool"]; types: Data["types"]; lastResult: LastResult }) {
  const [form, fields] = useForm({
    id: "configure-round",
    lastResult,
    defaultValue: { openDate: utcToMadridLocal(pool.startDate), closeDate: utcToMadridLocal(pool.closingDate), typeQuinielaId: String(types[0]?.id ?? 1) },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: configureRoundSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" className="stack" {...getFormProps(form)}>
      <h3>Activar para el grupo</h3>
      <p className="muted">Aún no está activada: elige sus fechas y su tipo para que el grupo pueda jugarla.</p>
      <FormErrors errors={form.errors} id={form.errorId} />
      <input type="hidden" name="quinielaId" value={pool.id} />
      <Field field={fields.typeQuinielaId} label="Tipo de quiniela">
        <select {...getSelectProps(fields.typeQuinielaId)}>
          {types.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}: {t.description}
            </option>
          ))}
        </select>
      </Field>
      <RoundDateFields fields={fields} />
      <button type="submit" name="intent" value="configure">
        Activar jornada
      </button>
    </Form>
  );
}

function DatesForm({
  round,
  quinielaId,
  lastResult,
  stale,
}: {
  round: NonNullable<Selected["round"]>;
  quinielaId: number;
  lastResult: LastResult;
  stale: boolean;
}) {
  const [form, fields] = useForm({
    id: "round-dates",
    lastResult,
    defaultValue: { openDate: utcToMadridLocal(round.openDate), closeDate: utcToMadridLocal(round.closeDate) },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: roundStatusSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" className="stack" {...getFormProps(form)}>
      <h3>Fechas</h3>
      <FormErrors errors={form.errors} id={form.errorId} />
      {stale ? <CurrentRound round={round} /> : null}
      <input type="hidden" name="quinielaId" value={quinielaId} />
      {/* Always the stored version, also after a refused save: saving again means "I have seen the current values". */}
      <input type="hidden" name="version" value={round.version} />
      <RoundDateFields fields={{ openDate: fields.openDate, closeDate: fields.closeDate }} />
      <button type="submit" name="intent" value="dates">
        Guardar fechas
      </button>
    </Form>
  );
}

function ForceAndType({
  round,
  quinielaId,
  types,
  message,
  stale,
}: {
  round: NonNullable<Selected["round"]>;
  quinielaId: number;
  types: Data["types"];
  message?: string | null;
  stale: boolean;
}) {
  return (
    <div className="stack">
      <Alert>{message}</Alert>
      {stale ? <CurrentRound round={round} /> : null}
      <Form method="post" className="row">
        <input type="hidden" name="quinielaId" value={quinielaId} />
        <input type="hidden" name="version" value={round.version} />
        <input type="hidden" name="forceClosed" value={round.forceClosed ? "false" : "true"} />
        <button type="submit" name="intent" value="force" className={round.forceClosed ? "secondary" : "danger"}>
          {round.forceClosed ? "Quitar cierre forzado" : "Forzar cierre ahora"}
        </button>
      </Form>
      <Form method="post" className="row align-end">
        <input type="hidden" name="quinielaId" value={quinielaId} />
        <input type="hidden" name="version" value={round.version} />
        <div className="field">
          <label htmlFor="round-type">Tipo de quiniela</label>
          <select id="round-type" name="typeQuinielaId" defaultValue={round.typeQuinielaId}>
            {types.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}: {t.description}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" name="intent" value="type" className="secondary">
          Cambiar tipo
        </button>
      </Form>
    </div>
  );
}

function Members({
  members,
  groupQuinielaId,
  quinielaId,
  message,
}: {
  members: Selected["members"];
  groupQuinielaId: number;
  quinielaId: number;
  message?: string | null;
}) {
  return (
    <>
      <h3>Miembros en esta jornada</h3>
      <Alert>{message}</Alert>
      <StackedTable columns={["Usuario", "Rol", "En esta jornada", "Acción"]}>
        {members.map((m) => (
          <tr key={m.userId}>
            <th scope="row">{m.username}</th>
            <td data-label="Rol">{m.role}</td>
            <td data-label="En esta jornada">{m.blocked ? <strong>Bloqueado</strong> : "Puede jugar"}</td>
            <td>
              <Form method="post">
                <input type="hidden" name="groupQuinielaId" value={groupQuinielaId} />
                <input type="hidden" name="quinielaId" value={quinielaId} />
                <input type="hidden" name="userId" value={m.userId} />
                <button
                  type="submit"
                  name="intent"
                  value={m.blocked ? "unblock" : "block"}
                  className={m.blocked ? "secondary" : "danger"}
                  aria-label={`${m.blocked ? "Desbloquear" : "Bloquear"} a ${m.username}`}
                >
                  {m.blocked ? "Desbloquear" : "Bloquear"}
                </button>
              </Form>
            </td>
          </tr>
        ))}
      </StackedTable>
    </>
  );
}
