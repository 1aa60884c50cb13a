/** An error whose message is safe to show: it becomes `{ message }` with this status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new ApiError(400, message);
export const unauthorized = (message = "Inicia sesión para continuar.") => new ApiError(401, message);
export const forbidden = (message = "No tienes permiso para hacer esto.") => new ApiError(403, message);
export const notFound = (message = "No encontrado.") => new ApiError(404, message);
export const conflict = (message: string) => new ApiError(409, message);

export const TOO_MANY = "Demasiados intentos. Espera un minuto y vuelve a intentarlo.";

export const USERNAME_TAKEN = "Ese nombre de usuario ya existe.";
export const EMAIL_TAKEN = "Ese email ya está registrado.";

/** A duplicate key: one of the database's unique indexes refused the write (SQLSTATE 23505, both engines). */
export const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === "23505";

/**
 * What each unique index a person can meet means to them (decision 079). A check before a write
 * gives a single request its 409; two requests at once can both pass it, and then the index decides:
 * the loser's statement fails on that index and the error handler answers the same 409 and message,
 * its transaction rolled back, never a 500.
 */
const UNIQUE_CONFLICTS: Record<string, string> = {
  users_username_account: USERNAME_TAKEN,
  users_email_key: EMAIL_TAKEN,
};

/** The 409 a unique violation on a named index means, or null for any other error. */
export function uniqueConflict(error: unknown): ApiError | null {
  if (!isUniqueViolation(error)) return null;
  const message = UNIQUE_CONFLICTS[(error as { constraint?: string }).constraint ?? ""];
  return message ? conflict(message) : null;
}
