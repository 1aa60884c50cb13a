import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { StandingsTable } from "../../../../app/components/StandingsTable";
import { standings } from "../db.server";

export async function loader({ params }: LoaderFunctionArgs) {
  return json({ rows: await standings(Number(params.groupId), Number(params.seasonId)) });
}

export default function Ceiling() {
  const { rows } = useLoaderData<typeof loader>();
  return (
    <main className="page">
      <h1>Clasificación</h1>
      <div className="table-wrap standings-wrap">
        <StandingsTable rows={rows} sort="points" sortHref={(by) => `?orden=${by}`} caption="Clasificación de toda la temporada" perRound={false} showIcons />
      </div>
    </main>
  );
}
