import { PlaceholderInvite, PlaceholderLinked, PlaceholderList } from "#core/contract/placeholders";
import { formatDateTime } from "#core/dates";
import { api, attempt } from "~/server/shelf/client.server";
import { requireManagerOf } from "~/server/session/guards.server";
import { redirectWithToast } from "~/server/shelf/toast.server";

/** 'Miembros sin cuenta': the group's placeholders and their one invitation. */

export async function loadPlaceholdersPage(request: Request, groupIdParam: string | undefined) {
  const { group } = await requireManagerOf(request, groupIdParam);
  const read = await attempt(() => api.read(request, `/group/${group.id}/placeholders`, PlaceholderList));
  const placeholders = read.ok ? read.value : [];
  const ids = new Set(placeholders.map((p) => p.userId));
  // Who a placeholder can become: the members with an account.
  const members = group.members.filter((m) => !ids.has(m.userId)).map((m) => ({ userId: m.userId, username: m.username }));
  return { groupId: group.id, groupName: group.name, placeholders, members, error: read.ok ? null : read.message("inténtalo de nuevo.") };
}

/** Two buttons, told apart by `intent`: the invitation, or linking the placeholder to a member with an account. */
export async function placeholdersAction(request: Request, groupIdParam: string | undefined) {
  const { group } = await requireManagerOf(request, groupIdParam);
  const form = await request.formData();
  return form.get("intent") === "link" ? linkAction(request, group, form) : inviteAction(request, group, form);
}

type Group = { id: number; members: { userId: number; username: string }[] };

async function linkAction(request: Request, group: Group, form: FormData) {
  const back = `/grupo/${group.id}/sin-cuenta`;
  const userId = Number(form.get("userId"));
  const memberId = Number(form.get("memberId"));
  const name = String(form.get("name") ?? "").slice(0, 100) || "El miembro sin cuenta";
  const member = group.members.find((m) => m.userId === memberId);
  if (!Number.isInteger(userId) || userId <= 0 || !member) return redirectWithToast(back, { kind: "error", text: "Elige con qué miembro lo unes." });
  const sent = await attempt(() => api.post(request, `/group/${group.id}/placeholders/${userId}/link`, { memberId }, PlaceholderLinked));
  if (!sent.ok) return redirectWithToast(back, { kind: "error", text: `No se unió: ${sent.message("inténtalo de nuevo.")}` });
  return redirectWithToast(back, {
    kind: "success",
    text: `${name} es ahora ${member.username}: ${sent.value.picks} pronósticos y ${sent.value.movements} movimientos de la caja pasan a su cuenta.`,
  });
}

/** The button: sends once; pressed again, says when it was sent. Always back to the list (POST/redirect/GET). */
async function inviteAction(request: Request, group: Group, form: FormData) {
  const back = `/grupo/${group.id}/sin-cuenta`;
  const userId = Number(form.get("userId"));
  const name = String(form.get("name") ?? "").slice(0, 100) || "ese miembro";
  if (!Number.isInteger(userId) || userId <= 0) return redirectWithToast(back, { kind: "error", text: "Elige a quién invitas." });
  const sent = await attempt(() => api.post(request, `/group/${group.id}/placeholders/${userId}/invite`, undefined, PlaceholderInvite));
  if (!sent.ok) return redirectWithToast(back, { kind: "error", text: `No se envió la invitación: ${sent.message("inténtalo de nuevo.")}` });
  const when = formatDateTime(sent.value.invitedAt);
  return redirectWithToast(
    back,
    sent.value.sent
      ? { kind: "success", text: `Invitación enviada a ${name}.` }
      : { kind: "info", text: `La invitación a ${name} ya se envió el ${when}; no se ha vuelto a enviar.` },
  );
}
