import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { dateInputProps } from "~/components/date-input";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Field, FormErrors, Alert } from "~/components/Field";
import { ALIAS_EXAMPLE, linkTeamSchema, newTeamSchema, poolSchema } from "~/forms/catalogue";
import { handleEditor, loadEditor } from "~/server/catalogue/pool-editor.server";
import { redirectOldRoundName } from "~/server/rounds/round-query.server";
import { requireAdmin } from "~/server/shelf/session.server";

export const meta: MetaFunction = () => [{ title: "Crear quiniela · Quiniela de peñas" }];
// A save refused as stale (409) still reloads the page's data (decision 021).
export { revalidateAfterConflict as shouldRevalidate } from "~/components/conflict";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  redirectOldRoundName(request, ["id"]);
  return await loadEditor(request);
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  return handleEditor(request);
}

const MATCHES_EXAMPLE = '[{"home": "Real Madrid CF", "away": "FC Barcelona"}, …]';

export default function PoolEditor() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const editing = data.mode === "edit";
  return (
    <main className="page">
      <h1>{editing ? "Editar quiniela" : "Crear quiniela"}</h1>
      <nav aria-label="Modo del editor" className="row mode-switch">
        <Link to="/crear-quiniela" aria-current={editing ? undefined : "page"}>
          Crear
        </Link>
        <Link to="/crear-quiniela?modo=editar" aria-current={editing ? "page" : undefined}>
          Editar
        </Link>
      </nav>
      {actionData?.step === "resolve" ? (
        <ResolveStep step={actionData} />
      ) : (
        <>
          {editing ? <PoolPicker pools={data.pools} selectedId={data.selectedId} /> : null}
          <Alert>{data.loadError}</Alert>
          {!editing && !data.season ? (
            <p className="notice">
              No hay ninguna temporada en curso: no se pueden crear quinielas. <Link to="/crear-temporada">Crea una temporada</Link>.
            </p>
          ) : null}
          {data.defaults ? (
            <PoolForm
              key={`${data.mode}-${data.selectedId ?? "new"}`}
              mode={data.mode}
              id={data.selectedId}
              defaults={data.defaults}
              version={data.version}
              lastResult={actionData?.step === "form" ? actionData.lastResult : undefined}
              stale={actionData?.step === "form" && actionData.stale}
            />
          ) : null}
        </>
      )}
    </main>
  );
}

/** Edit mode: choose the pool to load (a GET form, so it works without JavaScript). */
function PoolPicker({ pools, selectedId }: { pools: { id: number; label: string }[]; selectedId: number | null }) {
  return (
    <Form method="get" className="row card">
      <input type="hidden" name="modo" value="editar" />
      <div className="field grow">
        <label htmlFor="pool-picker">Quiniela a editar</label>
        <select id="pool-picker" name="quiniela" defaultValue={selectedId ?? ""}>
          <option value="">Elige una quiniela</option>
          {pools.map((p) => (
            <option key={p.id} value={p.id}>
              {p.label}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="secondary">
        Cargar
      </button>
    </Form>
  );
}

function PoolForm({
  mode,
  id,
  defaults,
  version,
  lastResult,
  stale,
}: {
  mode: "create" | "edit";
  id: number | null;
  defaults: { numberQuiniela: string; startDate: string; closingDate: string; matchesJson: string };
  version: number | null;
  lastResult?: SubmissionResult<string[]>;
  stale: boolean;
}) {
  const [form, fields] = useForm({
    id: `pool-${mode}-${id ?? "new"}`,
    lastResult,
    defaultValue: defaults,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: poolSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" className="stack card" {...getFormProps(form)}>
      <FormErrors errors={form.errors} id={form.errorId} />
      {stale ? (
        <div className="conflict-current" role="group" aria-label="Valores actuales">
          <p>
            <strong>Valores actuales</strong> (guardados por otra persona):
          </p>
          <p>Inicio: {defaults.startDate.replace("T", " ")}</p>
          <p>Cierre: {defaults.closingDate.replace("T", " ")}</p>
          <details>
            <summary>Partidos</summary>
            <pre>{defaults.matchesJson}</pre>
          </details>
        </div>
      ) : null}
      <input type="hidden" name="mode" value={mode} />
      <input type="hidden" name="poolId" value={id ?? ""} />
      {/* The stored version, also after a refused save: saving again means "I have seen the current values". */}
      {version !== null ? <input type="hidden" name="version" value={version} /> : null}
      <div className="row pool-head">
        <Field field={fields.numberQuiniela} label="Jornada" hint="Número siguiente de la temporada: no se puede cambiar.">
          <input
            {...getInputProps(fields.numberQuiniela, { type: "text", ariaDescribedBy: fields.numberQuiniela.descriptionId })}
            readOnly
            inputMode="numeric"
          />
        </Field>
        <Field field={fields.startDate} label="Fecha de inicio">
          <input {...dateInputProps(fields.startDate, { type: "datetime-local" })} />
        </Field>
        <Field field={fields.closingDate} label="Fecha de cierre">
          <input {...dateInputProps(fields.closingDate, { type: "datetime-local" })} />
        </Field>
      </div>
      <Field
        field={fields.matchesJson}
        label="Partidos (JSON)"
        hint={
          <>
            Un array de 15 partidos con <code>home</code> y <code>away</code>; el 15.º es el pleno al quince. Ejemplo: <code>{MATCHES_EXAMPLE}</code>
          </>
        }
      >
        <textarea {...getTextareaProps(fields.matchesJson, { ariaDescribedBy: fields.matchesJson.descriptionId })} rows={16} spellCheck={false} />
      </Field>
      <button type="submit" name="intent" value="save">
        Guardar quiniela
      </button>
    </Form>
  );
}

interface Step {
  state: Record<string, string>;
  unknownName: string;
  position: number;
  total: number;
  teams: { id: number; name: string }[];
  normalized: string | null;
  done: string | null;
  link: SubmissionResult<string[]> | null;
  create: SubmissionResult<string[]> | null;
}

/** Hidden inputs that carry the whole pool from one step to the next. */
function StateInputs({ state }: { state: Record<string, string> }) {
  return (
    <>
      {Object.entries(state).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

/** One unknown name at a time: link it to a team (it becomes an alias) or create a team. */
function ResolveStep({ step }: { step: Step }) {
  // Keyed by the name too, so the next name gets fresh forms; encoded, as an id holds no spaces.
  const key = `${step.position}-${encodeURIComponent(step.unknownName)}`;
  const [linkForm, linkFields] = useForm({
    id: `link-${key}`,
    lastResult: step.link ?? undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: linkTeamSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const [createForm, createFields] = useForm({
    id: `create-${key}`,
    lastResult: step.create ?? undefined,
    defaultValue: { name: step.unknownName, logo: "", alias: "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: newTeamSchema }),
    shouldValidate: "onBlur",
    // Errors clear while typing, not on blur: a message vanishing on blur would move the button being clicked.
    shouldRevalidate: "onInput",
  });
  return (
    <section aria-labelledby="resolve-title" className="stack">
      <h2 id="resolve-title">
        Resolver equipos ({step.position} de {step.total})
      </h2>
      {step.done ? (
        <p className="success" role="status">
          {step.done}
        </p>
      ) : null}
      {step.normalized ? <p className="notice">{step.normalized}</p> : null}
      <p>
        No hay ningún equipo llamado <strong>«{step.unknownName}»</strong> ni con ese alias. Vincúlalo a un equipo existente o crea uno nuevo.
      </p>

      <Form method="post" className="stack card" {...getFormProps(linkForm)}>
        <h3>Vincular a un equipo existente</h3>
        <FormErrors errors={linkForm.errors} id={linkForm.errorId} />
        <StateInputs state={step.state} />
        <input type="hidden" name="unknownName" value={step.unknownName} />
        <Field field={linkFields.teamId} label="Equipo existente">
          <select {...getSelectProps(linkFields.teamId)}>
            <option value="">Selecciona un equipo</option>
            {step.teams.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </select>
        </Field>
        <button type="submit" name="intent" value="link">
          Vincular
        </button>
      </Form>

      <Form method="post" className="stack card" {...getFormProps(createForm)}>
        <h3>Crear un equipo nuevo</h3>
        <FormErrors errors={createForm.errors} id={createForm.errorId} />
        <StateInputs state={step.state} />
        <input type="hidden" name="unknownName" value={step.unknownName} />
        <Field field={createFields.name} label="Nombre del equipo">
          <input {...getInputProps(createFields.name, { type: "text" })} />
        </Field>
        <Field field={createFields.logo} label="URL del logo (opcional)">
          <input {...getInputProps(createFields.logo, { type: "text" })} inputMode="url" />
        </Field>
        <Field
          field={createFields.alias}
          label="Alias (array JSON, opcional)"
          hint={
            <>
              Ejemplo: <code>{ALIAS_EXAMPLE}</code>. El nombre pegado se añade como alias si es distinto.
            </>
          }
        >
          <textarea {...getTextareaProps(createFields.alias, { ariaDescribedBy: createFields.alias.descriptionId })} rows={2} className="short" />
        </Field>
        <button type="submit" name="intent" value="create-team">
          Crear equipo
        </button>
      </Form>

      <Form method="post">
        <StateInputs state={step.state} />
        <button type="submit" name="intent" value="back" className="secondary">
          Volver al formulario
        </button>
      </Form>
    </section>
  );
}
