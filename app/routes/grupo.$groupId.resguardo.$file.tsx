import type { LoaderFunctionArgs } from "@remix-run/node";
import { relayReceiptImage } from "~/server/bet/receipt.server";
import { requireUser } from "~/server/shelf/session.server";

/** The photo of a jornada's stamped ticket (decision 090): only the peña's members, through their own session. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  return relayReceiptImage(request, params.groupId, params.file);
}
