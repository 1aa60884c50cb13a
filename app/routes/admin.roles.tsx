import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { ChangedRole, GroupMemberList, GroupSummaryList, MyGroupList, ROLE_GESTOR, roleName } from "#core/contract/group";
import { api, attempt, loadOrNull } from "~/server/shelf/client.server";
import { refreshedUserCookie } from "~/server/group/groups.server";
import { Alert } from "~/components/Field";
import { eraseSchema, roleSchema } from "~/forms/groups";
import { requireUser } from "~/server/shelf/session.server";
import { MessageAnswer, type SessionUser } from "#core/contract/auth";
import { firstError } from "~/server/shelf/submit.server";
import { redirectWithToast } from "~/server/shelf/toast.server";
import { StackedTable } from "~/components/StackedTable";

export const meta: MetaFunction = () => [{ title: "Roles · Quiniela de peñas" }];

const ROLE_ERROR = "Error al cambiar el rol del usuario";

/** Admins see every group; a manager sees the groups they manage; anyone else goes to /inicio. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const groups = await loadOrNull(async (): Promise<{ id: number; name: string }[]> =>
    user.isAdmin
      ? await api.read(request, "/group/GetAllGroups", GroupSummaryList)
      : (await api.read(request, "/group/GetMyGroups", MyGroupList)).filter((g) => g.roleId === ROLE_GESTOR),
  );
  if (groups !== null && !user.isAdmin && groups.length === 0) throw redirect("/inicio");
  const chosen = Number(new URL(request.url).searchParams.get("grupo"));
  const group = groups?.find((g) => g.id === chosen) ?? groups?.[0] ?? null;
  const members = group ? await loadOrNull(() => api.read(request, `/Group/${group.id}/GetGroupMembers`, GroupMemberList)) : [];
  return {
    groups: (groups ?? []).map((g) => ({ id: g.id, name: g.name })),
    group: group && { id: group.id, name: group.name },
    members: members ?? [],
    userId: user.id,
    isAdmin: user.isAdmin,
    loadError: groups === null ? "Error al cargar grupos" : members === null ? "Error al cargar miembros del grupo" : null,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const formData = await request.formData();
  if (formData.get("intent") === "erase") return eraseAccount(request, user, formData);
  const submission = parseWithZod(formData, { schema: roleSchema });
  if (submission.status !== "success") return data({ userId: null, roleId: null, message: ROLE_ERROR }, { status: 400 });
  const { groupId, userId, roleId } = submission.value;
  const done = await attempt(() => api.post(request, "/group/ChangeUserRole", { groupId, userId, roleId }, ChangedRole));
  if (!done.ok) return data({ userId, roleId, message: `${ROLE_ERROR}: ${done.message("inténtalo de nuevo.")}` }, { status: 400 });
  const headers = userId === user.id ? [await refreshedUserCookie(request)] : [];
  return redirectWithToast(`/admin/roles?grupo=${groupId}`, { kind: "success", text: `Rol cambiado a ${roleName(roleId)}.` }, { headers });
}

/**
 * An admin erases the account of someone who cannot sign in (decision 083): the same erasure as
 * «Eliminar mi cuenta» in /perfil, asked for in writing by that person, confirmed with a checkbox.
 */
async function eraseAccount(request: Request, user: SessionUser, formData: FormData) {
  const submission = parseWithZod(formData, { schema: eraseSchema });
  if (!user.isAdmin) return data({ userId: null, roleId: null, message: "Solo un administrador puede eliminar la cuenta de otra persona." }, { status: 403 });
  if (submission.status !== "success") return data({ userId: null, roleId: null, message: firstError(submission) }, { status: 400 });
  const { groupId, userId } = submission.value;
  const done = await attempt(() => api.post(request, `/admin/users/${userId}/erase`, {}, MessageAnswer));
  if (!done.ok) return data({ userId: null, roleId: null, message: `No se ha eliminado la cuenta: ${done.message("inténtalo de nuevo.")}` }, { status: 400 });
  return redirectWithToast(`/admin/roles?grupo=${groupId}`, { kind: "success", text: done.value.message });
}

export default function Roles() {
  const { groups, group, members, userId, isAdmin, loadError } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <main className="page">
      <h1>Roles</h1>
      <Alert>{loadError}</Alert>
      {groups.length > 0 ? (
        <Form method="get" className="row align-end">
          <div className="field">
            <label htmlFor="grupo">Grupo</label>
            <select id="grupo" name="grupo" defaultValue={group?.id}>
              {groups.map((g) => (
                <option key={g.id} value={g.id}>
                  {g.name}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="secondary">
            Ver miembros
          </button>
        </Form>
      ) : null}
      {actionData && actionData.userId === null ? (
        <p className="form-error" role="alert">
          {actionData.message}
        </p>
      ) : null}
      {!group ? (
        loadError ? null : (
          <p className="muted">Todavía no hay grupos.</p>
        )
      ) : (
        <>
          <h2>{group.name}</h2>
          {members.length === 0 ? (
            <p className="muted">Este grupo no tiene miembros todavía.</p>
          ) : (
            <StackedTable columns={["Usuario", "Rol actual", "Cambiar rol"]}>
              {members.map((m) => (
                <tr key={m.userId}>
                  <th scope="row" className="name">
                    {m.username}
                    {m.userId === userId ? <span className="muted"> (tú)</span> : null}
                  </th>
                  <td data-label="Rol actual">{m.role}</td>
                  <td>
                    <Form method="post" className="row">
                      <input type="hidden" name="groupId" value={group.id} />
                      <input type="hidden" name="userId" value={m.userId} />
                      <label htmlFor={`role-${m.userId}`} className="sr-only">
                        Rol de {m.username}
                      </label>
                      <select
                        id={`role-${m.userId}`}
                        name="roleId"
                        defaultValue={actionData?.userId === m.userId ? (actionData.roleId ?? m.roleId) : m.roleId}
                        className="inline"
                      >
                        <option value="1">Usuario</option>
                        <option value="2">Gestor</option>
                      </select>
                      <button type="submit" aria-label={`Cambiar rol de ${m.username}`}>
                        Cambiar rol
                      </button>
                    </Form>
                    {actionData?.userId === m.userId ? (
                      <p className="error" role="alert">
                        {actionData.message}
                      </p>
                    ) : null}
                  </td>
                </tr>
              ))}
            </StackedTable>
          )}
          {isAdmin && members.some((m) => m.userId !== userId) ? (
            <section className="card stack" aria-labelledby="erase-title">
              <h2 id="erase-title">Eliminar la cuenta de un miembro</h2>
              <p className="muted">
                Para quien ya no puede entrar y pide que se borre su cuenta. Se borran su e-mail, su nombre de usuario, su avatar, su contraseña y sus sesiones;
                en cada peña queda como «Antiguo miembro» y un número, con sus pronósticos y sus movimientos de la caja, para que nada de los demás cambie. No
                se puede deshacer.
              </p>
              <Form method="post" className="stack">
                <input type="hidden" name="groupId" value={group.id} />
                <div className="field">
                  <label htmlFor="erase-user">Miembro</label>
                  <select id="erase-user" name="userId" required defaultValue="">
                    <option value="">Elige a quién</option>
                    {members
                      .filter((m) => m.userId !== userId)
                      .map((m) => (
                        <option key={m.userId} value={m.userId}>
                          {m.username}
                        </option>
                      ))}
                  </select>
                </div>
                <label className="check">
                  <input type="checkbox" name="confirm" required />
                  Esta persona me ha pedido que elimine su cuenta
                </label>
                <button type="submit" name="intent" value="erase" className="danger">
                  Eliminar su cuenta
                </button>
              </Form>
            </section>
          ) : null}
        </>
      )}
    </main>
  );
}
