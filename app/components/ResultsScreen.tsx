import type { SerializeFrom } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PrizesEditor } from "~/components/PrizesEditor";
import { ResultsEditor } from "~/components/ResultsEditor";
import { SharesEditor } from "~/components/SharesEditor";
import type { loadResultsEditor, resultsScreenAction } from "~/server/catalogue/results-admin.server";

type Data = SerializeFrom<typeof loadResultsEditor>;
type ActionData = SerializeFrom<typeof resultsScreenAction> | undefined;

/** The admin's results screen (/admin/resultados and /establecer-resultados/{id}): the round's results, its prizes, the public's percentages. */
export function ResultsScreen() {
  const data = useLoaderData<Data>();
  const actionData = useActionData<ActionData>();
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
      <SharesEditor
        selected={data.selected}
        shares={data.shares}
        lastResult={actionData?.intent === "shares" ? actionData.lastResult : undefined}
        stale={actionData?.intent === "shares" && actionData.stale}
      />
    </ResultsEditor>
  );
}
