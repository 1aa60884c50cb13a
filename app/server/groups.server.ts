import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import { SessionUser } from "#core/contract/auth";
import { GroupDetail, JoinedGroup, MyGroupList, ROLE_GESTOR, type MyGroup } from "#core/contract/group";
import { GroupRoundList, type GroupRound } from "#core/contract/group-quiniela";
import { DashboardScreen } from "#core/contract/screens";
import { GroupSeasons, Season } from "#core/contract/season";
import { groupSchema, joinSchema } from "~/forms/groups";
import { requireUser, updateSessionUser } from "~/server/session/session.server";
import { redirectWithToast } from "~/server/session/toast.server";
import { api, ApiError, errorMessage, loadOrNull, rethrowResponse } from "./client.server";

/**
 * Joining, creating or changing roles can make the user a manager (or stop them being one); the
 * session copy of the user follows, so sign-in's landing page stays right.
 */
export async function refreshedUserCookie(request: Request): Promise<[string, string]> {
  const me = await api.read(request, "/auth/me", SessionUser);
  return ["Set-Cookie", await updateSessionUser(request, me)];
}

/**
 * The group's dashboard in one backend call (issue 15); a group the user may not see sends them
 * back to /inicio with the spec's message, as `requireMemberOf` does.
 */
export async function loadDashboard(request: Request, groupId: string | undefined): Promise<DashboardScreen> {
  await requireUser(request);
  try {
    return await api.read(request, `/screens/group/${Number(groupId) || 0}/dashboard`, DashboardScreen);
  } catch (error) {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
      throw await redirectWithToast("/inicio", { kind: "error", text: "Error al cargar el grupo" });
    }
    throw error;
  }
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

export async function loadMyGroups(request: Request): Promise<{ groups: MyGroup[]; loadError: string | null }> {
  try {
    return { groups: await api.read(request, "/group/GetMyGroups", MyGroupList), loadError: null };
  } catch (error) {
    rethrowResponse(error);
    return { groups: [], loadError: "Error al cargar tus grupos" };
  }
}

/** Join by invitation code, then land on the group's dashboard; a failure keeps the typed code. */
export async function joinGroup(request: Request) {
  const submission = parseWithZod(await request.formData(), { schema: joinSchema });
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400 });
  let joined: JoinedGroup;
  try {
    joined = await api.post(request, `/group/JoinByInviteCode/${encodeURIComponent(submission.value.code)}`, undefined, JoinedGroup);
  } catch (error) {
    rethrowResponse(error);
    const message = `Error al unirte: ${errorMessage(error, "inténtalo de nuevo.")}`;
    return data({ lastResult: submission.reply({ formErrors: [message] }) }, { status: 400 });
  }
  const text = joined.alreadyMember ? `Ya eras miembro de ${joined.name}.` : `Te has unido a ${joined.name}.`;
  return redirectWithToast(`/grupo/${joined.id}/dashboard`, { kind: "success", text }, { headers: [await refreshedUserCookie(request)] });
}

/** /crear-grupo and /grupo/nuevo. */
export async function createGroup(request: Request) {
  const submission = parseWithZod(await request.formData(), { schema: groupSchema });
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400 });
  let group: GroupDetail;
  try {
    group = await api.post(request, "/group/CreateGroup", { name: submission.value.name, description: submission.value.description ?? "" }, GroupDetail);
  } catch (error) {
    rethrowResponse(error);
    const message = `Error al crear grupo: ${errorMessage(error, "inténtalo de nuevo.")}`;
    return data({ lastResult: submission.reply({ formErrors: [message] }) }, { status: 400 });
  }
  return redirectWithToast(`/grupo/${group.id}`, { kind: "success", text: `Grupo ${group.name} creado.` }, { headers: [await refreshedUserCookie(request)] });
}

/** The season in course, or null when there is none (the backend answers 404). */
export async function currentSeason(request: Request): Promise<Season | null> {
  try {
    return await api.read(request, "/season/GetCurrentSeason", Season);
  } catch (error) {
    rethrowResponse(error);
    return null;
  }
}

export async function groupRounds(request: Request, groupId: number): Promise<GroupRound[]> {
  return api.read(request, `/GroupQuiniela/ByGroup/${groupId}`, GroupRoundList);
}

/**
 * The season the group is playing and the seasons it has rounds in (the pickers' options); null
 * when the backend failed, so a screen can still show what it has.
 */
export const groupSeasons = (request: Request, groupId: number): Promise<GroupSeasons | null> =>
  loadOrNull(() => api.read(request, `/group/${groupId}/Seasons`, GroupSeasons));
