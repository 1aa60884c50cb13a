import type { LoaderFunctionArgs } from "@remix-run/node";
import { personalDataZip } from "~/server/account/personal-data.server";

/** «Descargar mis datos»: everything the app keeps about the signed-in person, in one zip (decision 084). */
export async function loader({ request }: LoaderFunctionArgs) {
  return personalDataZip(request);
}
