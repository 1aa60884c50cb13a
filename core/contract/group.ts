import { z } from "zod";
import { version } from "./audit";
import { bodyId, id, text, wireId, wireInt } from "./common";

export const GROUP_NOT_FOUND = "Grupo no encontrado.";
export const GROUP_NAME_REQUIRED = "El nombre es obligatorio.";
export const LAST_MANAGER_MESSAGE = "El grupo debe tener al menos un gestor.";

/** Role ids of the API contract (docs/architecture.md#the-contract). */
export const ROLE_USUARIO = 1;
export const ROLE_GESTOR = 2;
export type RoleName = "Usuario" | "Gestor";
export const roleName = (roleId: number): RoleName => (roleId === ROLE_GESTOR ? "Gestor" : "Usuario");

export const groupBody = z.object({
  name: text(80, GROUP_NAME_REQUIRED),
  description: text(500).optional().default(""),
});

/** PUT /group/{id}: with the version the form was loaded from, a stale save is a 409. */
export const updateGroupBody = groupBody.extend({ version });

export const inviteCode = text(40, "Introduce el código de invitación.");

export const roleId = z
  .number({ errorMap: () => ({ message: "Rol no válido." }) })
  .int("Rol no válido.")
  .refine((r) => r === ROLE_USUARIO || r === ROLE_GESTOR, "Rol no válido.");

export const OFFICE_ICONS_INVALID = "Indica si el grupo usa iconos y premios de oficina.";

/** PUT /group/{id}/settings: the group's own options, set by its managers. */
export const groupSettingsBody = z.object({
  officeIcons: z.boolean({ required_error: OFFICE_ICONS_INVALID, invalid_type_error: OFFICE_ICONS_INVALID }),
});

export const SUGGESTIONS_INVALID = "Indica si las sugerencias de colocación pueden cambiar los signos de la mayoría.";

/**
 * PUT /group/{id}/suggestions (managers): whether the bet page's suggestion may change the
 * majority's signs (decision 097). Off by default: it then only places doubles and triples.
 */
export const suggestionSettingsBody = z.object({
  changeSigns: z.boolean({ required_error: SUGGESTIONS_INVALID, invalid_type_error: SUGGESTIONS_INVALID }),
});
export const SuggestionSettings = suggestionSettingsBody;
export type SuggestionSettings = z.infer<typeof SuggestionSettings>;
/** What GET /group/{id} tells the settings screen of the suggestions. */
export const GroupSuggestionSettings = z.object({ suggestionsChangeSigns: z.boolean() });

/** The part of GET /group/{id} (and PUT /group/{id}/settings) that the settings screen reads. */
export const GroupSettings = groupSettingsBody;
export type GroupSettings = z.infer<typeof GroupSettings>;

export const changeRoleBody = z.object({ groupId: bodyId, userId: bodyId, roleId });

const role = z.enum(["Usuario", "Gestor"]);

/** GET /group/GetAllGroups (admin): every group with its member count. */
export const GroupSummary = z.object({
  id: wireId,
  name: z.string(),
  description: z.string(),
  inviteCode: z.string(),
  createdAt: z.string(),
  memberCount: wireInt,
});
export type GroupSummary = z.infer<typeof GroupSummary>;
export const GroupSummaryList = z.array(GroupSummary);

/** GET /group/GetMyGroups: one entry per group the caller belongs to, with the caller's role. */
export const MyGroup = GroupSummary.extend({ roleId: wireId, role });
export type MyGroup = z.infer<typeof MyGroup>;
export const MyGroupList = z.array(MyGroup);

/** A current member of a group (GET /Group/{id}/GetGroupMembers, and inside GET /group/{id}). */
export const GroupMember = z.object({
  /** The member's user id (a membership has no id of its own). */
  id: wireId,
  userId: wireId,
  email: z.string(),
  username: z.string(),
  avatarPath: z.string().nullable(),
  roleId: wireId,
  role,
});
export type GroupMember = z.infer<typeof GroupMember>;
export const GroupMemberList = z.array(GroupMember);

/** GET /group/{id} (and POST /group/CreateGroup, PUT /group/{id}): removed members are not listed. */
export const GroupDetail = GroupSummary.omit({ memberCount: true }).extend({
  /** The caller's own reminder preference. */
  sendAlert: z.boolean(),
  /** 'Iconos y premios de oficina': the standings and the kiosk show the four icons. */
  officeIcons: z.boolean(),
  /** Whether the bet page's suggestions may change the majority's signs (decision 097). */
  suggestionsChangeSigns: z.boolean(),
  /** Sent back with an edit, so a save against a newer version is refused (409). */
  version: wireInt,
  members: GroupMemberList,
});
export type GroupDetail = z.infer<typeof GroupDetail>;

/** POST /group/JoinByInviteCode/{code}. */
export const JoinedGroup = z.object({ id: wireId, name: z.string(), alreadyMember: z.boolean() });
export type JoinedGroup = z.infer<typeof JoinedGroup>;

/** POST /group/ChangeUserRole: the member with the new role. */
export const ChangedRole = z.object({ groupId: wireId, userId: wireId, roleId: wireId, role });

/** PUT /group/{id}/settings answers the group's options as saved. */
export const GroupSettingsAnswer = groupSettingsBody;

export const groupParams = z.object({ id });
export const memberParams = z.object({ id, userId: id });
export const inviteCodeParams = z.object({ code: inviteCode });

/** The id and name of each group in GET /group/GetMyGroups, for screens that only link to them. */
export const GroupRef = z.object({ id: wireId, name: z.string() });
export const GroupRefList = z.array(GroupRef);
