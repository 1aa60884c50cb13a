import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { ResultsScreen } from "~/components/ResultsScreen";
import { loadResultsEditor, resultsScreenAction } from "~/server/catalogue/results-admin.server";
import { redirectOldRoundName, ROUND_QUERY } from "~/server/rounds/round-query.server";
import { requireAdmin } from "~/server/shelf/session.server";

export const meta: MetaFunction = () => [{ title: "Establecer resultados · Quiniela de peñas" }];
// A save refused as stale (409) still reloads the page's data (decision 021).
export { revalidateAfterConflict as shouldRevalidate } from "~/components/conflict";

/** The same screen as /establecer-resultados/{quinielaId}, the round chosen by ?quiniela. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  redirectOldRoundName(request, ["quinielaId"]);
  return await loadResultsEditor(request, new URL(request.url).searchParams.get(ROUND_QUERY));
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  return resultsScreenAction(request);
}

export default function AdminResults() {
  return <ResultsScreen />;
}
