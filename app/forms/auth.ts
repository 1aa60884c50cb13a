import { z } from "zod";
import { EMAIL_MESSAGE, isStrongPassword, PASSWORD_MISMATCH_MESSAGE, PASSWORD_RULE_MESSAGE, USERNAME_MESSAGE, usernameRule } from "#core/contract/auth";

export const loginSchema = z.object({
  identifier: z.string({ required_error: "Introduce tu usuario o email." }).trim().min(1, "Introduce tu usuario o email.").max(254, "Máximo 254 caracteres."),
  password: z.string({ required_error: "Introduce tu contraseña." }).min(1, "Introduce tu contraseña.").max(200, "Máximo 200 caracteres."),
  redirectTo: z.string().optional(),
});

const newPassword = {
  password: z.string({ required_error: PASSWORD_RULE_MESSAGE }).refine(isStrongPassword, PASSWORD_RULE_MESSAGE),
  confirm: z.string({ required_error: PASSWORD_MISMATCH_MESSAGE }),
};
const passwordsMatch = (v: { password: string; confirm: string }) => v.password === v.confirm;
const mismatch = { message: PASSWORD_MISMATCH_MESSAGE, path: ["confirm"] };

export const registerSchema = z
  .object({
    email: z.string({ required_error: EMAIL_MESSAGE }).trim().max(254, EMAIL_MESSAGE).email(EMAIL_MESSAGE),
    username: z.string({ required_error: USERNAME_MESSAGE }).trim().pipe(usernameRule),
    ...newPassword,
    showPasswords: z.string().optional(),
    avatar: z.unknown().optional(),
  })
  .refine(passwordsMatch, mismatch);

export const forgotSchema = z.object({
  email: z.string({ required_error: "El email es obligatorio." }).trim().max(254, EMAIL_MESSAGE).email(EMAIL_MESSAGE),
});

export const changePasswordSchema = z.object({ token: z.string().optional(), ...newPassword }).refine(passwordsMatch, mismatch);
