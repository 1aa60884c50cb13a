import type { LoaderFunctionArgs } from "@remix-run/node";
import { importTemplateCsv } from "~/server/import.server";

/** The importer's templates (issue 38), pre-filled: miembros.csv, pronosticos.csv, movimientos.csv. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return importTemplateCsv(request, params.groupId, params.file);
}
