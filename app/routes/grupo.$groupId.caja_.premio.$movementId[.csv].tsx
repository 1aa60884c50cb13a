import type { LoaderFunctionArgs } from "@remix-run/node";
import { prizeSharingCsv } from "~/server/caja/caja.server";

/** The prize-sharing record as a spreadsheet: ';', "12,50", UTF-8 with BOM, formula-safe. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return prizeSharingCsv(request, params.groupId, params.movementId);
}
