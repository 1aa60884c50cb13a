import type { LoaderFunctionArgs } from "@remix-run/node";
import { groupExportZip } from "~/server/moving-in/import.server";

/** 'Exportar la peña': every CSV of the group in one zip; members, picks and movements in the importer's formats. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return groupExportZip(request, params.groupId);
}
