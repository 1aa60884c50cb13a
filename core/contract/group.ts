import { z } from "zod";
import { version } from "./audit";
import { bodyId, text } from "./common";

export const GROUP_NAME_REQUIRED = "El nombre es obligatorio.";
export const LAST_MANAGER_MESSAGE = "El grupo debe tener al menos un gestor.";

/** Role ids of spec section 3. */
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

/** The part of GET /group/{id} (and PUT /group/{id}/settings) that the settings screen reads. */
export const GroupSettings = groupSettingsBody;
export type GroupSettings = z.infer<typeof GroupSettings>;

export const changeRoleBody = z.object({ groupId: bodyId, userId: bodyId, roleId });

/** GET /group/GetMyGroups: one entry per group the caller belongs to. */
export interface MyGroup {
  id: number;
  name: string;
  description: string;
  inviteCode: string;
  createdAt: string;
  roleId: number;
  role: RoleName;
  memberCount: number;
}

/** GET /group/GetAllGroups (admin). */
export interface GroupSummary {
  id: number;
  name: string;
  description: string;
  inviteCode: string;
  createdAt: string;
  memberCount: number;
}

export interface GroupMember {
  /** The member's user id (a membership has no id of its own). */
  id: number;
  userId: number;
  email: string;
  username: string;
  avatarPath: string | null;
  roleId: number;
  role: RoleName;
}

/** GET /group/{id}: removed members are not listed. */
export interface GroupDetail {
  id: number;
  name: string;
  description: string;
  inviteCode: string;
  createdAt: string;
  sendAlert: boolean;
  /** 'Iconos y premios de oficina': the standings and the kiosk show the four icons. */
  officeIcons: boolean;
  /** Sent back with an edit, so a save against a newer version is refused (409). */
  version: number;
  members: GroupMember[];
}

/** POST /group/JoinByInviteCode/{code}. */
export interface JoinedGroup {
  id: number;
  name: string;
  alreadyMember: boolean;
}

/** The id and name of each group in GET /group/GetMyGroups, for screens that only link to them. */
export const GroupRef = z.object({ id: z.number().int(), name: z.string() });
export const GroupRefList = z.array(GroupRef);
