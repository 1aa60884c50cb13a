import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { ResultsScreen } from "~/components/ResultsScreen";
import { loadResultsEditor, resultsScreenAction } from "~/server/catalogue/results-admin.server";
import { requireAdmin } from "~/server/shelf/session.server";

export const meta: MetaFunction = () => [{ title: "Establecer resultados · Quiniela de peñas" }];
// A save refused as stale (409) still reloads the page's data (decision 021).
export { revalidateAfterConflict as shouldRevalidate } from "~/components/conflict";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return loadResultsEditor(request, params.quinielaId ?? null);
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  return resultsScreenAction(request);
}

export default function SetResults() {
  return <ResultsScreen />;
}
