import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { standings } from "../db.server";

// The minimal page of the stack: the 200 rows of one precomputed query, as a plain table, and
// nothing else (no stylesheet, no header, no session, no number formats of the app's own).
export async function loader({ params }: LoaderFunctionArgs) {
  return { rows: await standings(Number(params.groupId), Number(params.seasonId)) };
}

export default function Minimal() {
  const { rows } = useLoaderData<typeof loader>();
  return (
    <main>
      <h1>Clasificación</h1>
      <table>
        <thead>
          <tr>
            <th>Pos.</th>
            <th>Jugador</th>
            <th>Puntos</th>
            <th>Aciertos</th>
            <th>Simples</th>
            <th>Dobles</th>
            <th>Plenos</th>
            <th>Sin triples</th>
            <th>Precisión</th>
            <th>Wilson</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.userId}>
              <td>{r.position}</td>
              <td>{r.userName}</td>
              <td>{r.totalPoints}</td>
              <td>{r.allHits}</td>
              <td>
                {r.simpleHits}/{r.simpleTotal}
              </td>
              <td>
                {r.dobleHits}/{r.dobleTotal}
              </td>
              <td>
                {r.pleno15Hits}/{r.pleno15Total}
              </td>
              <td>
                {r.hits}/{r.n}
              </td>
              <td>{(r.accuracy * 100).toFixed(1)} %</td>
              <td>{r.wilson.toFixed(4)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </main>
  );
}
