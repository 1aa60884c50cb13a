import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { Season, SeasonList } from "#core/contract/season";
import { formatDate } from "#core/dates";
import { api, errorMessage, rethrowResponse } from "~/server/client.server";
import { Field, FormErrors } from "~/components/Field";
import { pointsSchema, seasonSchema } from "~/forms/catalogue";
import { requireAdmin } from "~/server/session/session.server";
import { redirectWithToast } from "~/server/session/toast.server";

export const meta: MetaFunction = () => [{ title: "Crear temporada · Quiniela de peñas" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  try {
    return { seasons: await api.read(request, "/season/List", SeasonList), loadError: null };
  } catch (error) {
    rethrowResponse(error);
    const none: Season[] = [];
    return { seasons: none, loadError: errorMessage(error, "No se pudieron cargar las temporadas.") };
  }
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const formData = await request.formData();
  if (formData.get("intent") === "points") {
    const submission = parseWithZod(formData, { schema: pointsSchema });
    if (submission.status !== "success") return data({ intent: "points", lastResult: submission.reply() }, { status: 400 });
    const { seasonId, ...points } = submission.value;
    try {
      await api.put(request, `/season/${seasonId}/Points`, points, Season);
    } catch (error) {
      rethrowResponse(error);
      return data(
        { intent: "points", lastResult: submission.reply({ formErrors: [errorMessage(error, "No se pudieron guardar los puntos.")] }) },
        { status: 400 },
      );
    }
    return redirectWithToast("/crear-temporada", { kind: "success", text: "Puntos de la temporada guardados." });
  }
  const submission = parseWithZod(formData, { schema: seasonSchema });
  if (submission.status !== "success") return data({ intent: "create", lastResult: submission.reply() }, { status: 400 });
  try {
    const season = await api.post(request, "/season/CreateSeason", submission.value, Season);
    return redirectWithToast("/crear-temporada", { kind: "success", text: `Temporada ${season.name} creada.` });
  } catch (error) {
    rethrowResponse(error);
    const message = `Error al crear temporada: ${errorMessage(error, "inténtalo de nuevo.")}`;
    return data({ intent: "create", lastResult: submission.reply({ formErrors: [message] }) }, { status: 400 });
  }
}

export default function CreateSeason() {
  const { seasons, loadError } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "create-season",
    lastResult: actionData?.intent === "create" ? actionData.lastResult : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: seasonSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <main className="page">
      <h1>Crear temporada</h1>
      <Form method="post" className="stack card narrow" {...getFormProps(form)}>
        <FormErrors errors={form.errors} id={form.errorId} />
        <Field field={fields.name} label="Nombre">
          <input {...getInputProps(fields.name, { type: "text" })} placeholder="2025-26" />
        </Field>
        <Field field={fields.startDate} label="Fecha de inicio">
          <input {...getInputProps(fields.startDate, { type: "date" })} />
        </Field>
        <button type="submit" name="intent" value="create">
          Crear temporada
        </button>
      </Form>

      <h2>Temporadas</h2>
      {loadError ? <p className="form-error">{loadError}</p> : null}
      {seasons.length === 0 && !loadError ? <p className="muted">Todavía no hay temporadas.</p> : null}
      <ul className="cards">
        {seasons.map((season) => (
          <li key={season.id} className="card">
            <SeasonPoints season={season} lastResult={actionData?.intent === "points" ? actionData.lastResult : undefined} />
          </li>
        ))}
      </ul>
    </main>
  );
}

/** The season's point values (docs/architecture.md#points-accuracy-and-wilson), one small form per season. */
function SeasonPoints({ season, lastResult }: { season: Season; lastResult?: SubmissionResult<string[]> }) {
  const mine = lastResult?.initialValue?.seasonId === String(season.id);
  const [form, fields] = useForm({
    id: `points-${season.id}`,
    lastResult: mine ? lastResult : undefined,
    defaultValue: { seasonId: season.id, ...season.points, betPrice: season.betPrice },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: pointsSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const labels = { single: "Acierto sencillo", double: "Acierto doble", triple: "Acierto triple", pleno: "Pleno al 15" } as const;
  return (
    <Form method="post" className="stack" {...getFormProps(form)}>
      <h3>
        {season.name} <span className="muted">desde {formatDate(season.startDate)}</span>
      </h3>
      <FormErrors errors={form.errors} id={form.errorId} />
      <input {...getInputProps(fields.seasonId, { type: "hidden" })} />
      <div className="points-grid">
        {(Object.keys(labels) as (keyof typeof labels)[]).map((key) => (
          <Field key={key} field={fields[key]} label={labels[key]}>
            <input {...getInputProps(fields[key], { type: "number" })} step="0.01" min="0" max="100" />
          </Field>
        ))}
        <Field field={fields.betPrice} label="Precio por apuesta (€)">
          <input {...getInputProps(fields.betPrice, { type: "number" })} step="0.01" min="0" max="100" />
        </Field>
      </div>
      <button type="submit" name="intent" value="points" className="secondary">
        Guardar puntos
      </button>
    </Form>
  );
}
