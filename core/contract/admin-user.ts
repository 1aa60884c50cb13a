import { z } from "zod";
import { EMAIL_MESSAGE, USERNAME_MESSAGE } from "./auth";
import { MAX_ID, text } from "./common";
import { ROLE_GESTOR, ROLE_USUARIO } from "./group";

export const ADMIN_USER_REQUIRED = "Email y nombre de usuario son obligatorios.";
export const REPEATED_GROUP = "No repitas el mismo grupo en varias filas.";
export const ROLE_REQUIRED = "Selecciona un rol para cada grupo indicado.";

const blank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "") || v === 0;

/** One group row: a row without a group is dropped; a chosen group needs a role (spec section 5). */
export const groupRows = z
  .array(z.object({ groupId: z.unknown(), roleId: z.unknown() }).passthrough(), { invalid_type_error: "Grupos no válidos." })
  .default([])
  .transform((rows, ctx) => {
    const kept = rows.filter((r) => !blank(r.groupId));
    const out: { groupId: number; roleId: number }[] = [];
    for (const row of kept) {
      // JSON numbers only: the form turns its selects into numbers before calling.
      const groupId = typeof row.groupId === "number" ? row.groupId : Number.NaN;
      if (!Number.isInteger(groupId) || groupId <= 0 || groupId > MAX_ID) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: "Grupo no válido." });
        return z.NEVER;
      }
      const roleId = typeof row.roleId === "number" ? row.roleId : Number.NaN;
      if (blank(row.roleId) || (roleId !== ROLE_USUARIO && roleId !== ROLE_GESTOR)) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: ROLE_REQUIRED });
        return z.NEVER;
      }
      if (out.some((r) => r.groupId === groupId)) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: REPEATED_GROUP });
        return z.NEVER;
      }
      out.push({ groupId, roleId });
    }
    return out;
  });

/** POST /auth/register-by-admin {email, username, groups[{groupId, roleId}]}. */
export const registerByAdminBody = z.object({
  email: text(254, ADMIN_USER_REQUIRED).pipe(z.string().email(EMAIL_MESSAGE)),
  username: text(30, ADMIN_USER_REQUIRED).pipe(z.string().regex(/^[\p{L}\p{N}._-]{3,30}$/u, USERNAME_MESSAGE)),
  groups: groupRows,
});
