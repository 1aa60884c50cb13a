import type { LoaderFunctionArgs } from "@remix-run/node";
import { jornadasTemplateCsv } from "~/server/moving-in/past-jornadas.server";
import { importTemplateCsv } from "~/server/moving-in/import.server";

/** The importer's templates, pre-filled: miembros.csv, pronosticos.csv, movimientos.csv; and jornadas.csv for past jornadas. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  if (params.file === "jornadas.csv") return jornadasTemplateCsv(request, params.groupId);
  return importTemplateCsv(request, params.groupId, params.file);
}
