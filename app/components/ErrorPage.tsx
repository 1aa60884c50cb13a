import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";

const MESSAGES: Record<number, string> = {
  400: "La petición no es válida.",
  403: "No tienes permiso para ver esta página.",
  404: "No encontramos lo que buscas.",
  500: "Algo ha fallado en el servidor. Inténtalo de nuevo en un momento.",
};

/** The general error boundary: a Spanish message per status, never a stack trace. */
export function GeneralErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const detail = isRouteErrorResponse(error) && typeof error.data === "string" && status < 500 ? error.data : null;
  return (
    <main className="page narrow">
      <h1>{status === 404 ? "Página no encontrada" : status === 403 ? "Acceso denegado" : "Ha ocurrido un error"}</h1>
      <p>{detail ?? MESSAGES[status] ?? MESSAGES[500]}</p>
      <p>
        <Link to="/inicio">Volver al inicio</Link>
      </p>
    </main>
  );
}
