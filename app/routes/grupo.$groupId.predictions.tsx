import { getCollectionProps, getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { formatDateTime } from "#core/dates";
import { roundStateLabel } from "#core/domain/rounds/round-status";
import { SIGNS } from "#core/domain/signs";
import { Alert, FieldError } from "~/components/Field";
import { CrestSprite, MatchTeams } from "~/components/TeamLogo";
import { MATCH_FIELDS, predictionDefaults, predictionSchema, type PredictionForm } from "~/forms/prediction";
import { loadPredictions, sendPrediction, type MatchRow } from "~/server/predictions/predictions.server";
import { requireUser } from "~/server/shelf/session.server";
import { FORM_PAGE, type RouteHandle } from "~/route-handle";

// Plain posts, no Remix client (decision 038).
export const handle: RouteHandle = FORM_PAGE;

export const meta: MetaFunction = () => [{ title: "Pronósticos · Quiniela de peñas" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  return await loadPredictions(request, params.groupId);
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireUser(request);
  return sendPrediction(request, params.groupId);
}

/** The teams of a match on this page, with crests of 24 px. */
const Teams = ({ match }: { match: MatchRow | undefined }) => <MatchTeams match={match} size={24} />;

export default function Predictions() {
  const { groupId, available, round, matches, loadError } = useLoaderData<typeof loader>();
  const sent = useActionData<typeof action>();
  const shown = round && matches.length ? round.quinielaId : null;
  // A post for a round the page no longer shows (it closed meanwhile): its refusal is said here, so
  // the player knows the picks were not saved.
  const unshown = sent && Number(sent.lastResult.initialValue?.quinielaId) !== shown ? sent.lastResult.error?.[""]?.[0] : undefined;
  return (
    <main className="page predictions">
      <h1>Pronósticos</h1>
      <p>
        <Link to={`/grupo/${groupId}/dashboard`}>Volver al grupo</Link>
      </p>
      <Alert>{loadError}</Alert>
      <Alert>{unshown}</Alert>
      {available.length ? (
        <nav aria-label="Jornadas disponibles">
          <ul className="round-tabs">
            {available.map((r) => (
              <li key={r.quinielaId}>
                <Link to={`?quiniela=${r.quinielaId}`} aria-current={round?.quinielaId === r.quinielaId ? "page" : undefined}>
                  Jornada {r.numberQuiniela} · {roundStateLabel(r.state)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : !loadError ? (
        <p className="notice">No hay jornadas abiertas para pronosticar ahora mismo.</p>
      ) : null}
      {round && matches.length ? (
        // Every crest of the round from one sprite: one request, not thirty.
        <CrestSprite names={matches.flatMap((m) => [m.home, m.away])}>
          <PredictionForm key={round.quinielaId} round={round} matches={matches} />
        </CrestSprite>
      ) : null}
    </main>
  );
}

type Round = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["round"]>;

function PredictionForm({ round, matches }: { round: Round; matches: MatchRow[] }) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm<PredictionForm>({
    id: `prediction-${round.quinielaId}`,
    lastResult: actionData?.lastResult,
    defaultValue: predictionDefaults(round.quinielaId, round.prediction),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: predictionSchema(round) }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const editable = round.state === "open" && !round.blocked;
  const busy = navigation.state === "submitting";
  const pleno = matches.find((m) => m.position === 15);
  // The summary at the top links to each match (and pleno) marked in place below.
  const marked = [
    ...MATCH_FIELDS.map((name, i) => ({ href: `#partido-${i + 1}`, message: fields[name].errors?.[0] })),
    { href: "#pleno", message: fields.plenoHome.errors?.[0] ?? fields.plenoAway.errors?.[0] },
  ].filter((m): m is { href: string; message: string } => Boolean(m.message));
  const asks = [
    round.numDouble ? `${round.numDouble} ${round.numDouble === 1 ? "doble" : "dobles"}` : null,
    round.numTriple ? `${round.numTriple} ${round.numTriple === 1 ? "triple" : "triples"}` : null,
  ].filter(Boolean);

  return (
    <section aria-labelledby="round-title" className="card">
      <h2 id="round-title">Jornada {round.numberQuiniela}</h2>
      <p>
        Tipo: <strong>{round.typeName}</strong> ({asks.length ? `${asks.join(" y ")}; el resto, un signo por partido` : "un signo por partido"}).
      </p>
      <p className="muted">
        Abre el {formatDateTime(round.openDate)} y cierra el {formatDateTime(round.closeDate)}.
      </p>
      {round.state === "not-open" ? (
        <p className="notice warning" role="status">
          Esta jornada todavía no está abierta: podrás pronosticar a partir del {formatDateTime(round.openDate)}.
        </p>
      ) : null}
      {round.state === "closed" ? (
        <p className="notice warning" role="status">
          {round.reason === "forced"
            ? "El gestor ha cerrado esta jornada"
            : round.reason === "results"
              ? "Esta jornada ya tiene sus resultados oficiales"
              : "Esta jornada ya ha cerrado"}
          : no admite cambios.
        </p>
      ) : null}
      {round.blocked ? (
        <p className="notice warning" role="status">
          El gestor te ha bloqueado en esta jornada: no puedes enviar ni cambiar tu pronóstico.
        </p>
      ) : null}
      {round.prediction?.automatic ? (
        <p className="notice" role="status">
          <span className="badge warn">automático</span> No pronosticaste a tiempo: la regla del grupo jugó por ti tus pronósticos más frecuentes (o la apuesta
          de la semana anterior).
        </p>
      ) : null}
      {round.prediction && editable ? (
        <p className="success">Ya enviaste tu pronóstico ({formatDateTime(round.prediction.updatedAt)}). Puedes cambiarlo hasta el cierre.</p>
      ) : null}

      <Form method="post" className="stack" {...getFormProps(form)}>
        {form.errors?.length ? (
          <div className="form-error error-summary" role="alert" id={form.errorId}>
            <p>{form.errors.join(" ")}</p>
            {marked.length ? (
              <ul>
                {marked.map((m) => (
                  <li key={m.href}>
                    <a href={m.href}>{m.message}</a>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
        <input type="hidden" name="quinielaId" value={round.quinielaId} />
        <fieldset disabled={!editable} className="picks">
          <legend className="sr-only">Signos de los 14 partidos y pleno al 15</legend>
          <ol className="matches">
            {matches
              .filter((m) => m.position <= 14)
              .map((match) => {
                const field = fields[MATCH_FIELDS[match.position - 1]];
                return (
                  <li key={match.position} id={`partido-${match.position}`}>
                    <fieldset className="match">
                      <legend>
                        <span className="match-number">Partido {match.position}</span> <Teams match={match} />
                      </legend>
                      <div className="signs">
                        {getCollectionProps(field, { type: "checkbox", options: [...SIGNS] }).map(({ key, ...props }) => (
                          <label key={key} className="sign">
                            <input {...props} />
                            <span>{props.value}</span>
                          </label>
                        ))}
                      </div>
                      <FieldError field={field} className="error match-error" />
                    </fieldset>
                  </li>
                );
              })}
          </ol>
          {pleno ? (
            <fieldset className="match pleno" id="pleno">
              <legend>
                <span className="match-number">Pleno al 15</span> <Teams match={pleno} />
              </legend>
              <div className="row">
                {[
                  { field: fields.plenoHome, team: pleno.home },
                  { field: fields.plenoAway, team: pleno.away },
                ].map(({ field, team }) => (
                  <div key={field.name} className="goals">
                    <label htmlFor={field.id}>Goles de {team}</label>
                    <input {...getInputProps(field, { type: "number" })} min={0} max={10} step={1} inputMode="numeric" />
                    <FieldError field={field} />
                  </div>
                ))}
              </div>
            </fieldset>
          ) : null}
          {/* The server checks every rule with the spec's message; the browser's own checks would hide it. */}
          <div className="row send">
            <button type="submit" formNoValidate disabled={!editable || busy} aria-describedby={editable ? "sin-marcar" : undefined}>
              {round.prediction ? "Guardar cambios" : "Enviar pronóstico"}
            </button>
            {editable ? <UnpickedCount fields={fields} pleno={Boolean(pleno)} /> : null}
          </div>
        </fieldset>
      </Form>
    </section>
  );
}

/**
 * How many matches are still unpicked, by the send button at the foot of a long page (decision
 * 065): rendered by the server from the form's values (none on a first visit, the sent ones when
 * the form comes back), and kept current by the form's own state where a script runs.
 */
function UnpickedCount({ fields, pleno }: { fields: ReturnType<typeof useForm<PredictionForm>>[1]; pleno: boolean }) {
  const empty = (value: unknown) => (Array.isArray(value) ? value.length === 0 : value === undefined || value === null || value === "");
  const matches = MATCH_FIELDS.filter((name) => empty(fields[name].value)).length;
  const noPleno = pleno && (empty(fields.plenoHome.value) || empty(fields.plenoAway.value));
  const parts = [matches ? `${matches} ${matches === 1 ? "partido" : "partidos"} de 14` : null, noPleno ? "el pleno al 15" : null].filter(Boolean);
  return (
    <p id="sin-marcar" className={parts.length ? "warning" : "muted"} aria-live="polite">
      {parts.length ? `Te falta marcar: ${parts.join(" y ")}.` : "Todo marcado: los 14 partidos y el pleno al 15."}
    </p>
  );
}
