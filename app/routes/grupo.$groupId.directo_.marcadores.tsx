import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Alert } from "~/components/Field";
import { loadLive, provisionalAction, type ScoreFormState } from "~/server/live/live.server";
import { requireManagerOf } from "~/server/session/guards.server";
import { FORM_PAGE, type RouteHandle } from "~/route-handle";

// 'Marcador provisional': one small form per match, typed on a phone as each match ends.
// Plain posts (decision 038); no refresh here, so a score being typed is never lost.
export const handle: RouteHandle = FORM_PAGE;

export const meta: MetaFunction = () => [{ title: "Marcador provisional · Quiniela de peñas" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireManagerOf(request, params.groupId);
  return loadLive(request, params);
}

export const action = ({ request, params }: ActionFunctionArgs) => provisionalAction(request, params.groupId);

/** One side's goals: typed on a phone's number pad, checked by the server (the results form's messages). */
function Goals(props: { side: "home" | "away"; position: number; value: string | number; errorId: string | null; disabled: boolean }) {
  return (
    <input
      id={`${props.side}-${props.position}`}
      type="text"
      name={props.side}
      inputMode="numeric"
      size={2}
      maxLength={2}
      defaultValue={props.value}
      aria-invalid={props.errorId ? true : undefined}
      aria-describedby={props.errorId ?? undefined}
      disabled={props.disabled}
    />
  );
}

export default function ProvisionalScores() {
  const { groupId, live, message } = useLoaderData<typeof loader>();
  const sent = useActionData<ScoreFormState>();
  const back = (
    <p>
      <Link to={`/grupo/${groupId}/directo`}>Ver el directo</Link>
    </p>
  );
  if (!live) {
    return (
      <main className="page">
        <h1>Marcador provisional</h1>
        <Alert>{message}</Alert>
        {back}
      </main>
    );
  }
  return (
    <main className="page live-scores">
      <h1>Marcador provisional · Jornada {live.numberQuiniela}</h1>
      <p className="muted">
        Escribe el resultado de cada partido al terminar. Solo lo ve tu peña hasta que lleguen los resultados oficiales, que lo sustituyen. Deja los dos goles
        vacíos para borrarlo.
      </p>
      {back}
      {!live.provisional ? <Alert>Esta quiniela ya tiene resultados oficiales: los marcadores provisionales ya no se pueden cambiar.</Alert> : null}
      <ol className="live-score-forms">
        {live.matches.map((m) => {
          const mine = sent?.position === m.position ? sent : null;
          const errorId = `marcador-${m.position}-error`;
          const label = m.position === 15 ? "Pleno al 15" : `Partido ${m.position}`;
          return (
            <li key={m.position} id={`partido-${m.position}`} className="card">
              <Form method="post" aria-label={`${label}: ${m.home} – ${m.away}`}>
                <input type="hidden" name="quinielaId" value={live.quinielaId} />
                <input type="hidden" name="position" value={m.position} />
                <p className="live-score-title">
                  <strong>{label}</strong> {m.sign ? <span className="muted">({m.sign})</span> : m.score ? null : <span className="muted">por jugar</span>}
                </p>
                <div className="live-score-row">
                  <label htmlFor={`home-${m.position}`}>{m.home}</label>
                  <Goals
                    side="home"
                    position={m.position}
                    value={mine ? mine.home : (m.score?.home ?? "")}
                    errorId={mine ? errorId : null}
                    disabled={!live.provisional}
                  />
                  <span aria-hidden="true">–</span>
                  <Goals
                    side="away"
                    position={m.position}
                    value={mine ? mine.away : (m.score?.away ?? "")}
                    errorId={mine ? errorId : null}
                    disabled={!live.provisional}
                  />
                  <label htmlFor={`away-${m.position}`}>{m.away}</label>
                  <button type="submit" disabled={!live.provisional}>
                    Guardar
                  </button>
                </div>
                {mine ? (
                  <p className="error" id={errorId} role="alert">
                    {mine.message}
                  </p>
                ) : null}
              </Form>
            </li>
          );
        })}
      </ol>
    </main>
  );
}
