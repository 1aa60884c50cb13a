import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ResultsEditor } from "~/components/ResultsEditor";
import { PrizesEditor } from "~/components/PrizesEditor";
import { loadResultsEditor, resultsScreenAction } from "~/server/results-admin.server";
import { requireAdmin } from "~/server/session/session.server";

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
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <ResultsEditor
      {...data}
      lastResult={actionData?.intent === "results" ? actionData.lastResult : undefined}
      stale={actionData?.intent === "results" && actionData.stale}
    >
      <PrizesEditor
        selected={data.selected}
        prizes={data.prizes}
        lastResult={actionData?.intent === "prizes" ? actionData.lastResult : undefined}
        stale={actionData?.intent === "prizes" && actionData.stale}
      />
    </ResultsEditor>
  );
}
