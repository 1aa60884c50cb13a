import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import { SessionUser } from "#core/contract/auth";
import { GroupDetail, JoinedGroup, MyGroupList, type MyGroup } from "#core/contract/group";
import { GroupRoundList, type GroupRound } from "#core/contract/rounds";
import { DashboardScreen } from "#core/contract/screens";
import { GroupSeasons, Season } from "#core/contract/season";
import { groupSchema, joinSchema, removeMemberSchema } from "~/forms/groups";
import { refuseOutsider } from "~/server/session/guards.server";
import { requireUser, updateSessionUser } from "~/server/shelf/session.server";
import { redirectWithToast } from "~/server/shelf/toast.server";
import { api, ApiError, attempt, loadOrNull } from "../shelf/client.server";
import { submitToBackend } from "../shelf/submit.server";

/**
 * Joining, creating or changing roles can make the user a manager (or stop them being one); the
 * session copy of the user follows, so sign-in's landing page stays right.
 */
export async function refreshedUserCookie(request: Request): Promise<[string, string]> {
  const me = await api.read(request, "/auth/me", SessionUser);
  return ["Set-Cookie", await updateSessionUser(request, me)];
}

/**
 * The group's dashboard in one backend call; a group the user may not see sends them
 * back to /inicio with the spec's message, as `requireMemberOf` does.
 */
export async function loadDashboard(request: Request, groupId: string | undefined): Promise<DashboardScreen> {
  await requireUser(request);
  try {
    return await api.read(request, `/screens/group/${Number(groupId) || 0}/dashboard`, DashboardScreen);
  } catch (error) {
    if (error instanceof ApiError) refuseOutsider(error.status);
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
      throw await redirectWithToast("/inicio", { kind: "error", text: "Error al cargar el grupo" });
    }
    throw error;
  }
}

export async function loadMyGroups(request: Request): Promise<{ groups: MyGroup[]; loadError: string | null }> {
  const read = await attempt(() => api.read(request, "/group/GetMyGroups", MyGroupList));
  return read.ok ? { groups: read.value, loadError: null } : { groups: [], loadError: "Error al cargar tus grupos" };
}

/** Join by invitation code, then land on the group's dashboard; a failure keeps the typed code. */
export async function joinGroup(request: Request) {
  const submission = parseWithZod(await request.formData(), { schema: joinSchema });
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400 });
  const sent = await submitToBackend(
    submission,
    () => api.post(request, `/group/JoinByInviteCode/${encodeURIComponent(submission.value.code)}`, undefined, JoinedGroup),
    (failure) => `Error al unirte: ${failure.message("inténtalo de nuevo.")}`,
  );
  if (!sent.ok) return data({ lastResult: sent.reply }, { status: 400 });
  const joined = sent.value;
  const text = joined.alreadyMember ? `Ya eras miembro de ${joined.name}.` : `Te has unido a ${joined.name}.`;
  return redirectWithToast(`/grupo/${joined.id}/dashboard`, { kind: "success", text }, { headers: [await refreshedUserCookie(request)] });
}

/** /crear-grupo and /grupo/nuevo. */
export async function createGroup(request: Request) {
  const submission = parseWithZod(await request.formData(), { schema: groupSchema });
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400 });
  const { name, description } = submission.value;
  const sent = await submitToBackend(
    submission,
    () => api.post(request, "/group/CreateGroup", { name, description }, GroupDetail),
    (failure) => `Error al crear grupo: ${failure.message("inténtalo de nuevo.")}`,
  );
  if (!sent.ok) return data({ lastResult: sent.reply }, { status: 400 });
  const group = sent.value;
  return redirectWithToast(`/grupo/${group.id}`, { kind: "success", text: `Grupo ${group.name} creado.` }, { headers: [await refreshedUserCookie(request)] });
}

/** The group's name and description; a save against a newer version (another manager saved first) is a 409. */
export async function updateGroup(request: Request, group: GroupDetail, formData: FormData) {
  const submission = parseWithZod(formData, { schema: groupSchema });
  if (submission.status !== "success") return data({ intent: "edit" as const, lastResult: submission.reply(), stale: false }, { status: 400 });
  const { name, description, version } = submission.value;
  const sent = await submitToBackend(
    submission,
    () => api.put(request, `/group/${group.id}`, { name, description, version }, GroupDetail),
    // The typed values stay in the form, and the page shows the current ones beside them.
    (failure) => (failure.status === 409 ? failure.message("") : `No se pudo guardar el grupo: ${failure.message("inténtalo de nuevo.")}`),
  );
  if (!sent.ok) {
    const stale = sent.failure.status === 409;
    return data({ intent: "edit" as const, lastResult: sent.reply, stale }, { status: stale ? 409 : 400 });
  }
  return redirectWithToast(`/grupo/${group.id}`, { kind: "success", text: "Grupo actualizado." });
}

/** A member taken out of the group by a manager; a manager who takes themself out goes home. */
export async function removeMember(request: Request, { user, group }: { user: SessionUser; group: GroupDetail }, formData: FormData) {
  const submission = parseWithZod(formData, { schema: removeMemberSchema });
  if (submission.status !== "success") return data({ intent: "remove" as const, lastResult: submission.reply(), stale: false }, { status: 400 });
  const { userId } = submission.value;
  const sent = await submitToBackend(
    submission,
    () => api.delete(request, `/group/${group.id}/members/${userId}`),
    (failure) => `No se pudo quitar al miembro: ${failure.message("inténtalo de nuevo.")}`,
  );
  if (!sent.ok) return data({ intent: "remove" as const, lastResult: sent.reply, stale: false }, { status: 400 });
  if (userId === user.id) {
    return redirectWithToast("/inicio", { kind: "success", text: "Has salido del grupo." }, { headers: [await refreshedUserCookie(request)] });
  }
  const name = group.members.find((m) => m.userId === userId)?.username ?? "El miembro";
  return redirectWithToast(`/grupo/${group.id}`, { kind: "success", text: `${name} ya no es miembro del grupo.` });
}

/** The season in course, or null when there is none (the backend answers 404). */
export const currentSeason = (request: Request): Promise<Season | null> => loadOrNull(() => api.read(request, "/season/GetCurrentSeason", Season));

export async function groupRounds(request: Request, groupId: number): Promise<GroupRound[]> {
  return api.read(request, `/GroupQuiniela/ByGroup/${groupId}`, GroupRoundList);
}

/**
 * The season the group is playing and the seasons it has rounds in (the pickers' options); null
 * when the backend failed, so a screen can still show what it has.
 */
export const groupSeasons = (request: Request, groupId: number): Promise<GroupSeasons | null> =>
  loadOrNull(() => api.read(request, `/group/${groupId}/Seasons`, GroupSeasons));
