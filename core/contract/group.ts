import { z } from "zod";
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

export const inviteCode = text(40, "Introduce el código de invitación.");

export const roleId = z
  .number({ errorMap: () => ({ message: "Rol no válido." }) })
  .int("Rol no válido.")
  .refine((r) => r === ROLE_USUARIO || r === ROLE_GESTOR, "Rol no válido.");

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
  members: GroupMember[];
}

/** POST /group/JoinByInviteCode/{code}. */
export interface JoinedGroup {
  id: number;
  name: string;
  alreadyMember: boolean;
}
