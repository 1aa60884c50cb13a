import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { dateInputProps } from "~/components/date-input";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import type { Season } from "#core/contract/season";
import { formatDate } from "#core/dates";
import { Field, FormErrors } from "~/components/Field";
import { pointsSchema, seasonSchema } from "~/forms/catalogue";
import { createSeason, loadSeasons, saveSeasonPoints } from "~/server/catalogue/seasons.server";
import { requireAdmin } from "~/server/shelf/session.server";

export const meta: MetaFunction = () => [{ title: "Crear temporada · Quiniela de peñas" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return loadSeasons(request);
}

/** Two forms, told apart by the submit button's `intent`: a new season, or one season's points. */
export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const formData = await request.formData();
  return formData.get("intent") === "points" ? saveSeasonPoints(request, formData) : createSeason(request, formData);
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
          <input {...dateInputProps(fields.startDate, { type: "date" })} />
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
    defaultValue: {
      seasonId: String(season.id),
      single: String(season.points.single),
      double: String(season.points.double),
      triple: String(season.points.triple),
      pleno: String(season.points.pleno),
      betPrice: String(season.betPrice),
    },
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
