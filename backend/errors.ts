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
