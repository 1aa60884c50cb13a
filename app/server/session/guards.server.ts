import { GroupDetail, ROLE_GESTOR } from "#core/contract/group";
import { api, ApiError } from "~/server/client.server";
import { requireUser } from "./session.server";
import { redirectWithToast } from "./toast.server";

const NOT_MANAGER = "Solo el gestor del grupo puede entrar ahí.";

/**
 * The signed-in user manages this group (role Gestor) or is an admin. The backend is asked, not the
 * session, so a role changed since sign-in counts at once. Anyone else goes to /inicio.
 */
export async function requireManagerOf(request: Request, groupId: string | number | undefined) {
  const user = await requireUser(request);
  const id = Number(groupId);
  if (!Number.isInteger(id) || id <= 0) throw await redirectWithToast("/inicio", { kind: "error", text: NOT_MANAGER });
  let group: GroupDetail;
  try {
    group = await api.read(request, `/group/${id}`, GroupDetail);
  } catch (error) {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
      throw await redirectWithToast("/inicio", { kind: "error", text: NOT_MANAGER });
    }
    throw error;
  }
  const manages = group.members.some((m) => m.userId === user.id && m.roleId === ROLE_GESTOR);
  if (!user.isAdmin && !manages) throw await redirectWithToast("/inicio", { kind: "error", text: NOT_MANAGER });
  return { user, group };
}

/**
 * The guard of a group's pages: a signed-in user and a group the backend lets them see (a member,
 * or an admin); anyone else goes back to /inicio with the spec's message.
 */
export async function requireMemberOf(request: Request, groupId: string | undefined) {
  const user = await requireUser(request);
  try {
    const group = await api.read(request, `/group/${Number(groupId) || 0}`, GroupDetail);
    const isManager = user.isAdmin || group.members.some((m) => m.userId === user.id && m.roleId === ROLE_GESTOR);
    return { user, group, isManager };
  } catch (error) {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
      throw await redirectWithToast("/inicio", { kind: "error", text: "Error al cargar el grupo" });
    }
    throw error;
  }
}
