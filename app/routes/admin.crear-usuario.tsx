import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { RegisteredAnswer, RoleList } from "#core/contract/auth";
import { GroupSummaryList } from "#core/contract/group";
import { api, attempt } from "~/server/shelf/client.server";
import { submitToBackend } from "~/server/shelf/submit.server";
import { Field, FieldError, FormErrors, Alert } from "~/components/Field";
import { createUserSchema } from "~/forms/catalogue";
import { requireAdmin } from "~/server/shelf/session.server";
import { redirectWithToast } from "~/server/shelf/toast.server";

export const meta: MetaFunction = () => [{ title: "Crear usuario · Quiniela de peñas" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const read = await attempt(() => Promise.all([api.read(request, "/group/GetAllGroups", GroupSummaryList), api.read(request, "/Auth/GetAllRoles", RoleList)]));
  if (!read.ok) {
    const none: { id: number; name: string }[] = [];
    return { groups: none, roles: none, loadError: "Error cargando grupos/roles" };
  }
  const [groups, roles] = read.value;
  return { groups: groups.map((g) => ({ id: g.id, name: g.name })), roles, loadError: null };
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const submission = parseWithZod(await request.formData(), { schema: createUserSchema });
  // "Añadir grupo" and "Eliminar" post too when JavaScript is off: the form comes back with the rows changed.
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: submission.status === "error" ? 400 : 200 });
  const sent = await submitToBackend(
    submission,
    () => api.post(request, "/auth/register-by-admin", submission.value, RegisteredAnswer),
    (failure) => `Error al crear usuario: ${failure.message("inténtalo de nuevo.")}`,
  );
  if (!sent.ok) return data({ lastResult: sent.reply }, { status: 400 });
  return redirectWithToast("/admin/crear-usuario", { kind: "success", text: sent.value.message || "Usuario creado" });
}

export default function CreateUser() {
  const { groups, roles, loadError } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const [form, fields] = useForm({
    lastResult: actionData?.lastResult,
    defaultValue: { email: "", username: "", groups: [{ groupId: "", roleId: "" }] },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: createUserSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const rows = fields.groups.getFieldList();
  return (
    <main className="page narrow">
      <h1>Crear usuario (administración)</h1>
      <Alert>{loadError}</Alert>
      <Form method="post" className="stack card" {...getFormProps(form)}>
        <FormErrors errors={form.errors} id={form.errorId} />
        <p className="muted">Le enviaremos por email una contraseña temporal que podrá cambiar desde su perfil.</p>
        <Field field={fields.email} label="Email">
          <input {...getInputProps(fields.email, { type: "email" })} autoComplete="off" />
        </Field>
        <Field field={fields.username} label="Nombre de usuario">
          <input {...getInputProps(fields.username, { type: "text" })} autoComplete="off" autoCapitalize="none" />
        </Field>
        <fieldset className="stack group-rows">
          <legend>Grupos y roles</legend>
          <FieldError field={fields.groups} alert />
          {rows.map((row, index) => {
            const cells = row.getFieldset();
            // Without JavaScript the role cannot wait for the group to be chosen, so it is only disabled once hydrated.
            const roleDisabled = hydrated && !cells.groupId.value;
            return (
              <div key={row.key} className="row group-row">
                <Field field={cells.groupId} label={`Grupo ${index + 1}`}>
                  <select {...getSelectProps(cells.groupId)}>
                    <option value="">Sin grupo</option>
                    {groups.map((g) => (
                      <option key={g.id} value={g.id}>
                        {g.name}
                      </option>
                    ))}
                  </select>
                </Field>
                <Field field={cells.roleId} label={`Rol en el grupo ${index + 1}`}>
                  <select {...getSelectProps(cells.roleId)} disabled={roleDisabled}>
                    <option value="">Selecciona un rol</option>
                    {roles.map((r) => (
                      <option key={r.id} value={r.id}>
                        {r.name}
                      </option>
                    ))}
                  </select>
                </Field>
                <button
                  type="submit"
                  {...form.remove.getButtonProps({ name: fields.groups.name, index })}
                  className="secondary"
                  aria-label={`Eliminar grupo ${index + 1}`}
                >
                  Eliminar
                </button>
              </div>
            );
          })}
          <button type="submit" {...form.insert.getButtonProps({ name: fields.groups.name, defaultValue: { groupId: "", roleId: "" } })} className="secondary">
            Añadir grupo
          </button>
        </fieldset>
        <div className="row">
          <button type="submit">Crear usuario</button>
          <Link to="/inicio" className="button secondary">
            Volver
          </Link>
        </div>
      </Form>
    </main>
  );
}
