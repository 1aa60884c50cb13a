import { z } from "zod";
import { claimBody, EMAIL_MESSAGE, forgotPasswordBody, password, PASSWORD_MISMATCH_MESSAGE, registerBody } from "#core/contract/auth";
import { asSent, formOf } from "./fields";

export const loginSchema = z.object({
  identifier: z.string({ required_error: "Introduce tu usuario o email." }).trim().min(1, "Introduce tu usuario o email.").max(254, "Máximo 254 caracteres."),
  password: z.string({ required_error: "Introduce tu contraseña." }).min(1, "Introduce tu contraseña.").max(200, "Máximo 200 caracteres."),
  redirectTo: z.string().optional(),
});

/** A new password twice: the contract's rule, then the form's own check that both match, said on the second. */
const newPassword = {
  password,
  confirm: z.string({ required_error: PASSWORD_MISMATCH_MESSAGE }),
};
const passwordsMatch = (v: { password: string; confirm: string }) => v.password === v.confirm;
const mismatch = { message: PASSWORD_MISMATCH_MESSAGE, path: ["confirm"] };

/** 'Crear cuenta': the contract's body, plus what only the form has (the repeated password, the avatar file). */
export const registerSchema = formOf(registerBody)
  .extend({
    ...newPassword,
    showPasswords: z.string().optional(),
    avatar: z.unknown().optional(),
  })
  .refine(passwordsMatch, mismatch);

/** The contract takes any text as the address (it answers the same either way); the form asks for one shaped like an e-mail. */
export const forgotSchema = z.object({ email: asSent(forgotPasswordBody.shape.email.pipe(z.string().email(EMAIL_MESSAGE))) });

export const changePasswordSchema = z.object({ token: z.string().optional(), ...newPassword }).refine(passwordsMatch, mismatch);

/** 'Termina tu registro' (decision 061): the link's token, the chosen username and the new password twice. */
export const claimSchema = formOf(claimBody)
  .extend({ ...newPassword })
  .refine(passwordsMatch, mismatch);
