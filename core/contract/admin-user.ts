import { z } from "zod";
import { EMAIL_MESSAGE, usernameWith } from "./auth";
import { MAX_ID, text } from "./common";
import { ROLE_GESTOR, ROLE_USUARIO } from "./group";

export const ADMIN_USER_REQUIRED = "Email y nombre de usuario son obligatorios.";
export const REPEATED_GROUP = "No repitas el mismo grupo en varias filas.";
export const ROLE_REQUIRED = "Selecciona un rol para cada grupo indicado.";

const blank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "") || v === 0;

/**
 * The group rows of a new user, described once for the API and the admin's form: a row without a
 * group is dropped; a chosen group needs a role, and appears once (docs/architecture.md#forms-and-messages). Every row's
 * problem is reported at its place (`[row, "roleId"]`), in the order of the rows.
 */
export const groupRows = z
  .array(z.object({ groupId: z.unknown(), roleId: z.unknown() }).passthrough(), { invalid_type_error: "Grupos no válidos." })
  .default([])
  .transform((rows, ctx) => {
    const out: { groupId: number; roleId: number }[] = [];
    rows.forEach((row, i) => {
      if (blank(row.groupId)) return;
      // JSON numbers only: the form turns its selects into numbers before checking.
      const groupId = typeof row.groupId === "number" ? row.groupId : Number.NaN;
      if (!Number.isInteger(groupId) || groupId <= 0 || groupId > MAX_ID) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: [i, "groupId"], message: "Grupo no válido." });
        return;
      }
      const roleId = typeof row.roleId === "number" ? row.roleId : Number.NaN;
      if (blank(row.roleId) || (roleId !== ROLE_USUARIO && roleId !== ROLE_GESTOR)) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: [i, "roleId"], message: ROLE_REQUIRED });
      }
      if (out.some((r) => r.groupId === groupId)) ctx.addIssue({ code: z.ZodIssueCode.custom, message: REPEATED_GROUP });
      out.push({ groupId, roleId });
    });
    return out;
  });

/** POST /auth/register-by-admin {email, username, groups[{groupId, roleId}]}. */
export const registerByAdminBody = z.object({
  email: text(254, ADMIN_USER_REQUIRED).pipe(z.string().email(EMAIL_MESSAGE)),
  username: usernameWith(ADMIN_USER_REQUIRED),
  groups: groupRows,
});
