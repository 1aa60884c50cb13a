import { GroupDetail, ROLE_GESTOR } from "#core/contract/group";
import { api, ApiError } from "~/server/shelf/client.server";
import { requireUser } from "../shelf/session.server";
import { redirectWithToast } from "../shelf/toast.server";

const NOT_MANAGER = "Solo el gestor del grupo puede entrar ahí.";
/** What a group's page says to a signed-in visitor who is not its member (nor an admin): the API's own words. */
export const NOT_A_MEMBER_PAGE = "No perteneces a este grupo.";

/**
 * One rule for every group page (decision 079): a signed-in visitor outside the group (the backend
 * answered 403) gets a 403 page that says so, never the page with an error inside, a redirect or a
 * validator to keep. The results and bets page and the caja answered this already.
 */
export function refuseOutsider(status: number): void {
  if (status === 403) throw new Response(NOT_A_MEMBER_PAGE, { status: 403, headers: { "cache-control": "private, no-store" } });
}

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
    if (error instanceof ApiError) refuseOutsider(error.status);
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
 * or an admin); a visitor outside it gets the 403 of every group page, a group that cannot be read
 * goes back to /inicio with the spec's message.
 */
export async function requireMemberOf(request: Request, groupId: string | undefined) {
  const user = await requireUser(request);
  try {
    const group = await api.read(request, `/group/${Number(groupId) || 0}`, GroupDetail);
    const isManager = user.isAdmin || group.members.some((m) => m.userId === user.id && m.roleId === ROLE_GESTOR);
    return { user, group, isManager };
  } catch (error) {
    if (error instanceof ApiError) refuseOutsider(error.status);
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
      throw await redirectWithToast("/inicio", { kind: "error", text: "Error al cargar el grupo" });
    }
    throw error;
  }
}
