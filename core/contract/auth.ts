import { z } from "zod";
import { bodyBoolean, text, wireId } from "./common";

export const PASSWORD_RULE_MESSAGE = "La contraseña debe tener al menos 8 caracteres, una mayúscula, una minúscula, un número y un símbolo.";
export const PASSWORD_MISMATCH_MESSAGE = "Las contraseñas no coinciden.";
export const EMAIL_MESSAGE = "Introduce un email válido.";
export const USERNAME_MESSAGE = "El nombre de usuario debe tener de 3 a 30 caracteres: letras, números, punto, guion o guion bajo.";

export function isStrongPassword(p: string): boolean {
  return p.length >= 8 && p.length <= 128 && /\p{Lu}/u.test(p) && /\p{Ll}/u.test(p) && /\p{Nd}/u.test(p) && /[^\p{L}\p{N}\s]/u.test(p);
}

export const password = z.string({ required_error: PASSWORD_RULE_MESSAGE }).refine(isStrongPassword, PASSWORD_RULE_MESSAGE);
export const email = text(254, EMAIL_MESSAGE).pipe(z.string().email(EMAIL_MESSAGE));
/** The username rule (the API contract, docs/architecture.md#the-contract), written once: the register and create-user forms and the API use it. */
export const usernameRule = z.string().regex(/^[\p{L}\p{N}._-]{3,30}$/u, USERNAME_MESSAGE);
/** A username as typed: trimmed, then the rule; `required` is the message when it is left empty. */
export const usernameWith = (required: string) => text(30, required).pipe(usernameRule);
export const username = usernameWith(USERNAME_MESSAGE);

/** "A value shaped like an e-mail is sent as email, otherwise as username." */
export const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+$/.test(value.trim());

export const LOGIN_REQUIRED = "Usuario o email y contraseña son obligatorios.";
/** A name or an e-mail as typed: no control characters (a NUL byte cannot reach the database). */
const loginName = (max: number) =>
  z
    .string({ errorMap: () => ({ message: LOGIN_REQUIRED }) })
    .max(max, LOGIN_REQUIRED)
    // eslint-disable-next-line no-control-regex -- refusing control characters is the point
    .refine((s) => !/[\u0000-\u001F\u007F]/.test(s), "El usuario o email contiene caracteres no válidos.");

export const loginBody = z
  .object({
    password: z
      .string({ errorMap: () => ({ message: LOGIN_REQUIRED }) })
      .min(1, LOGIN_REQUIRED)
      .max(200, LOGIN_REQUIRED),
    email: loginName(254).optional(),
    username: loginName(200).optional(),
  })
  .refine((b) => Boolean(b.email?.trim() || b.username?.trim()), LOGIN_REQUIRED);

export const registerBody = z.object({ email, username, password });
export const forgotPasswordBody = z.object({ email: text(254, "El email es obligatorio.") });
export const RESET_LINK_INVALID = "El enlace para cambiar la contraseña no es válido o ha caducado.";
export const resetPasswordBody = z.object({
  token: z
    .string({ errorMap: () => ({ message: RESET_LINK_INVALID }) })
    .min(10, RESET_LINK_INVALID)
    .max(200, RESET_LINK_INVALID),
  newPassword: password,
});
export const CLAIM_LINK_MISSING = "El enlace para unirte no es válido, ya se usó o ha caducado. Regístrate con tu e-mail y te enviaremos otro.";
/** A link whose placeholder a manager removed, or linked to a member, since it was sent (decision 079). */
export const CLAIM_LINK_GONE =
  "Este enlace ya no sirve: la peña ya no te tiene como miembro sin cuenta, así que no se ha creado ninguna cuenta. Si quieres jugar con ella, pide a su gestor que te vuelva a invitar.";
const claimTokenField = z
  .string({ errorMap: () => ({ message: CLAIM_LINK_MISSING }) })
  .min(10, CLAIM_LINK_MISSING)
  .max(200, CLAIM_LINK_MISSING);
/** GET /auth/claim?token=: the link sent to a member without an account (decision 061). */
export const claimQuery = z.object({ token: claimTokenField });
export const ClaimAnswer = z.object({ email: z.string() });
/** POST /auth/claim: the link's token and the account's chosen username and password. */
export const claimBody = z.object({ token: claimTokenField, username, password });
/** The link an account gets to prove its own address (decision 078). */
export const EMAIL_PROOF_INVALID = "El enlace para confirmar tu dirección de correo no es válido o ha caducado. Pide otro desde tu perfil.";
/** POST /auth/confirm-email: the token of that link. */
export const confirmEmailBody = z.object({
  token: z
    .string({ errorMap: () => ({ message: EMAIL_PROOF_INVALID }) })
    .min(10, EMAIL_PROOF_INVALID)
    .max(200, EMAIL_PROOF_INVALID),
});
/** GET /auth/email-proof: the account's address and whether it is proved. */
export const EmailProof = z.object({ email: z.string(), proved: z.boolean() });
export const updatePasswordBody = z.object({ newPassword: password });
export const alertPreferenceBody = z.object({ sendAlert: bodyBoolean("El aviso por email debe ser verdadero o falso.") });
/** POST /User/SetAlertPreference and GET /User/GetAlertPreference. */
export const AlertPreference = z.object({ sendAlert: z.boolean() });

/** What GET /auth/me answers, and POST /auth/login with its token (the API contract, docs/architecture.md#the-contract). */
export const SessionUser = z.object({
  id: wireId,
  email: z.string(),
  username: z.string(),
  avatarPath: z.string().nullable(),
  isAdmin: z.boolean(),
  isManagerOfGroup: z.boolean(),
  managedGroupId: wireId.nullable(),
});
export type SessionUser = z.infer<typeof SessionUser>;
export const LoginAnswer = SessionUser.extend({ token: z.string() });

/** The answers that only say what happened, in Spanish, to show as they are. */
export const MessageAnswer = z.object({ message: z.string() });
/** POST /auth/register-by-admin and /auth/claim: the message and the new user's id (a sign-up's answer is a MessageAnswer: decision 078). */
export const RegisteredAnswer = MessageAnswer.extend({ id: wireId });
/** POST /auth/UpdateAvatar: the new avatar's path (it carries a version). */
export const AvatarAnswer = z.object({ avatarPath: z.string() });
/** POST /auth/UpdateAvatar (multipart/form-data): the image. */
export const avatarUpload = z.object({ avatar: z.unknown().optional().describe("La imagen (JPEG, PNG o WebP), como archivo del formulario multipart.") });
/** POST /auth/register: the fields, as JSON or as multipart/form-data with an optional avatar file. */
export const registerRequest = registerBody.extend({ avatar: z.unknown().optional().describe("Avatar opcional (solo multipart): la imagen como archivo.") });

/** GET /Auth/GetAllRoles: the group roles (docs/architecture.md#roles-and-permissions). */
export const Role = z.object({ id: wireId, name: z.string() });
export const RoleList = z.array(Role);

/** GET /avatars/{file}: `<userId>-<version>.jpg`. */
export const avatarParams = z.object({ file: z.string().describe("<idDeUsuario>-<versión>.jpg") });

/** Leave and be forgotten (decision 083): the account goes, confirmed with the password typed again. */
export const DELETE_PASSWORD_REQUIRED = "Escribe tu contraseña para eliminar tu cuenta.";
export const deleteAccountBody = z.object({ password: text(200, DELETE_PASSWORD_REQUIRED) });
export const ACCOUNT_DELETED = "Tu cuenta se ha eliminado. Tus datos personales se han borrado.";

/** The spec's sign-up answer, the same for every address (decisions 078 and 092). */
export const REGISTERED = "Registro exitoso. Ya puedes iniciar sesión.";
