import type { LoaderFunctionArgs } from "@remix-run/node";
import { groupExportZip } from "~/server/import.server";

/** 'Exportar la peña' (issue 38): members, picks and movements as one zip of CSVs the importer reads back. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return groupExportZip(request, params.groupId);
}
