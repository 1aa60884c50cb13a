import type { LoaderFunctionArgs } from "@remix-run/node";
import { cajaCsv } from "~/server/caja/caja.server";

/** The caja's movements (with the page's filters) and balances as a spreadsheet: ';', "12,50", UTF-8 with BOM. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return cajaCsv(request, params.groupId);
}
