import { z } from "zod";
import { bodyBoolean } from "./common";

export const UNSUBSCRIBE_INVALID = "Este enlace para darse de baja no es válido.";

/** POST /User/SetDigestPreference: 'Resumen de la jornada por email'. */
export const digestPreferenceBody = z.object({ sendDigest: bodyBoolean("El resumen por email debe ser verdadero o falso.") });
/** GET /User/GetDigestPreference, POST /User/SetDigestPreference and POST /digest/unsubscribe/{token}. */
export const DigestPreference = z.object({ sendDigest: z.boolean() });
export type DigestPreference = z.infer<typeof DigestPreference>;

/** The path of POST /digest/unsubscribe/{token}: the signed link of the digest's List-Unsubscribe. */
export const unsubscribePath = z.object({ token: z.string().describe("El token de baja: <usuario>.<nonce>.<firma>") });
