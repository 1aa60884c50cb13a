import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { teamList, type Team } from "#core/contract/team";
import { api, attempt } from "~/server/shelf/client.server";
import { submitToBackend } from "~/server/shelf/submit.server";
import { Field, FormErrors } from "~/components/Field";
import { TeamLogo } from "~/components/TeamLogo";
import { ALIAS_EXAMPLE, teamSchema } from "~/forms/catalogue";
import { requireAdmin } from "~/server/shelf/session.server";
import { redirectWithToast } from "~/server/shelf/toast.server";

export const meta: MetaFunction = () => [{ title: "Equipos · Quiniela de peñas" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const read = await attempt(() => api.read(request, "/team/List", teamList));
  return read.ok ? { teams: read.value, loadError: null } : { teams: [] as Team[], loadError: read.message("No se pudieron cargar los equipos.") };
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const submission = parseWithZod(await request.formData(), { schema: teamSchema });
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400 });
  const { name, logo, alias } = submission.value;
  const sent = await submitToBackend(
    submission,
    () => api.post(request, "/team/Create", { name, logo: logo ?? "", alias }),
    (failure) => failure.message("Error guardando equipo"),
  );
  if (!sent.ok) return data({ lastResult: sent.reply }, { status: 400 });
  return redirectWithToast("/team", { kind: "success", text: "Equipo guardado" });
}

export default function Teams() {
  const { teams, loadError } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({
    lastResult: actionData?.lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: teamSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const aliasInvalid = Boolean(fields.alias.errors?.length);
  return (
    <main className="page">
      <h1>Equipos</h1>
      <Form method="post" className="stack card" {...getFormProps(form)}>
        <FormErrors errors={form.errors} id={form.errorId} />
        <Field field={fields.name} label="Nombre">
          <input {...getInputProps(fields.name, { type: "text" })} />
        </Field>
        <Field field={fields.logo} label="URL del logo (opcional)">
          <input {...getInputProps(fields.logo, { type: "text" })} inputMode="url" placeholder="https://… o /logos/…" />
        </Field>
        <Field
          field={fields.alias}
          label="Alias (array JSON)"
          hint={
            aliasInvalid ? (
              <>
                Formato inválido. Ejemplo: <code>{ALIAS_EXAMPLE}</code>
              </>
            ) : (
              <>
                Otros nombres con los que aparece el equipo, por ejemplo <code>{ALIAS_EXAMPLE}</code>
              </>
            )
          }
        >
          <textarea {...getTextareaProps(fields.alias, { ariaDescribedBy: fields.alias.descriptionId })} rows={2} className="short" />
        </Field>
        <button type="submit">Guardar equipo</button>
      </Form>

      <h2>Listado</h2>
      {loadError ? <p className="form-error">{loadError}</p> : null}
      {teams.length === 0 && !loadError ? (
        <p className="muted">No hay equipos todavía.</p>
      ) : (
        <ul className="team-list">
          {teams.map((team) => (
            <li key={team.id}>
              <TeamLogo name={team.name} />
              <div>
                <strong>{team.name}</strong>
                {team.alias.length ? <p className="muted">{team.alias.join(", ")}</p> : null}
              </div>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
