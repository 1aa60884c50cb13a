import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { formatDate } from "#core/dates";
import { removeMember, updateGroup } from "~/server/group/groups.server";
import { FormErrors } from "~/components/Field";
import { GroupFields } from "~/components/GroupForms";
import { groupSchema } from "~/forms/groups";
import { requireManagerOf, requireMemberOf } from "~/server/session/guards.server";
import { Avatar } from "~/components/Avatar";
import { StackedTable } from "~/components/StackedTable";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.group.name ?? "Grupo"} · Quiniela de peñas` }];
// A save refused as stale (409) still reloads the page's data (decision 021).
export { revalidateAfterConflict as shouldRevalidate } from "~/components/conflict";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, group, isManager } = await requireMemberOf(request, params.groupId);
  const removing = isManager ? Number(new URL(request.url).searchParams.get("quitar")) : 0;
  const toRemove = group.members.find((m) => m.userId === removing) ?? null;
  return { group, isManager, userId: user.id, toRemove };
}

/** Two forms, told apart by the submit button's `intent`: the group's name and description, or a member removed. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { user, group } = await requireManagerOf(request, params.groupId);
  const formData = await request.formData();
  return formData.get("intent") === "remove" ? removeMember(request, { user, group }, formData) : updateGroup(request, group, formData);
}

export default function GroupDetail() {
  const { group, isManager, userId, toRemove } = useLoaderData<typeof loader>();
  const managers = group.members.filter((m) => m.role === "Gestor").length;
  const actionData = useActionData<typeof action>();
  const [editForm, fields] = useForm({
    id: "edit-group",
    lastResult: actionData?.intent === "edit" ? actionData.lastResult : undefined,
    defaultValue: { name: group.name, description: group.description },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: groupSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const [removeForm] = useForm({ id: "remove-member", lastResult: actionData?.intent === "remove" ? actionData.lastResult : undefined });
  return (
    <main className="page">
      <h1>{group.name}</h1>
      {toRemove ? (
        <section className="card stack confirm" aria-labelledby="remove-title">
          <h2 id="remove-title">Quitar miembro</h2>
          <p>
            ¿Quitar a <strong>{toRemove.username}</strong> del grupo? Sus pronósticos se conservan en las clasificaciones pasadas.
          </p>
          <Form method="post" className="row" {...getFormProps(removeForm)}>
            <FormErrors errors={removeForm.errors} id={removeForm.errorId} />
            <input type="hidden" name="userId" value={toRemove.userId} />
            <button type="submit" name="intent" value="remove" className="danger">
              Sí, quitar
            </button>
            <Link to={`/grupo/${group.id}`} className="button secondary">
              Cancelar
            </Link>
          </Form>
        </section>
      ) : null}
      {group.description ? <p>{group.description}</p> : null}
      <dl className="facts">
        <div>
          <dt>Código de invitación</dt>
          <dd>
            <code>{group.inviteCode}</code>
          </dd>
        </div>
        <div>
          <dt>Creado el</dt>
          <dd>{formatDate(group.createdAt)}</dd>
        </div>
      </dl>
      <p className="row">
        <Link to={`/grupo/${group.id}/dashboard`}>Ir al panel del grupo</Link>
        {isManager ? <Link to={`/admin/roles?grupo=${group.id}`}>Cambiar roles</Link> : null}
        {isManager ? <Link to={`/grupo/${group.id}/sin-cuenta`}>Miembros sin cuenta e invitaciones</Link> : null}
      </p>

      <h2>Miembros</h2>
      <StackedTable columns={["Usuario", "Rol", isManager ? "Acciones" : null]}>
        {group.members.map((m) => (
          <tr key={m.userId}>
            <th scope="row">
              <span className="row">
                <Avatar path={m.avatarPath} size={28} />
                <span className="name">{m.username}</span>
                {m.userId === userId ? <span className="muted">(tú)</span> : null}
              </span>
            </th>
            <td data-label="Rol">{m.role}</td>
            {isManager ? (
              <td>
                {/* The group keeps a manager: its only one is not offered for removal (decision 065). */}
                {m.role === "Gestor" && managers === 1 ? (
                  <span className="muted">Único gestor</span>
                ) : (
                  <Link to={`?quitar=${m.userId}`} aria-label={`Quitar a ${m.username}`}>
                    Quitar
                  </Link>
                )}
              </td>
            ) : null}
          </tr>
        ))}
      </StackedTable>

      {isManager ? (
        <details className="card" open={actionData?.intent === "edit"}>
          <summary>Editar grupo</summary>
          <Form method="post" className="stack" {...getFormProps(editForm)}>
            <FormErrors errors={editForm.errors} id={editForm.errorId} />
            {actionData && "stale" in actionData && actionData.stale ? (
              <div className="conflict-current" role="group" aria-label="Valores actuales">
                <p>
                  <strong>Valores actuales</strong> (guardados por otra persona):
                </p>
                <p>Nombre: {group.name}</p>
                <p>Descripción: {group.description || "—"}</p>
              </div>
            ) : null}
            {/* The stored version, also after a refused save: saving again means "I have seen the current values". */}
            <input type="hidden" name="version" value={group.version} />
            <GroupFields fields={fields} />
            <button type="submit" name="intent" value="edit">
              Guardar cambios
            </button>
          </Form>
        </details>
      ) : null}
    </main>
  );
}
