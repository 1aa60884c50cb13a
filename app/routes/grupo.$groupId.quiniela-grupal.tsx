import { getCollectionProps, getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Fragment } from "react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { betShareFields, type Bet } from "#core/contract/bet";
import { formatDateTime } from "#core/dates";
import { WAITING_TO_GENERATE } from "#core/domain/bet/group-bet";
import { roundStateLabel } from "#core/domain/rounds/round-status";
import { betShareText } from "#core/domain/share/share-text";
import { SIGNS } from "#core/domain/signs";
import { Alert, FormErrors } from "~/components/Field";
import { MatchTeams } from "~/components/TeamLogo";
import { betEditDefaults, betEditSchema, type BetEditForm } from "~/forms/bet";
import { MATCH_FIELDS } from "~/forms/prediction";
import { groupBetAction, loadGroupBet, type MatchRow } from "~/server/bet/group-bet.server";
import { requireMemberOf } from "~/server/session/guards.server";
import { Avatar } from "~/components/Avatar";
import { StamperNote } from "~/components/Stamper";
import { loadStamper } from "~/server/caja/caja.server";
import { ShareWhatsApp } from "~/components/ShareWhatsApp";
import { ScrutinyTable, TicketFacts } from "~/components/Ticket";
import { TicketForm } from "~/components/TicketForm";
import { Chances } from "~/components/Chances";
import { loadChances } from "~/server/bet/chances.server";
import { loadReceipts } from "~/server/bet/receipt.server";
import { ReceiptCard } from "~/components/Receipt";
import { FORM_PAGE, type RouteHandle } from "~/route-handle";

// Plain posts, no Remix client (decision 038).
export const handle: RouteHandle = FORM_PAGE;

export const meta: MetaFunction = () => [{ title: "Generar Quiniela Grupal · Quiniela de peñas" }];
// A ticket saved from a stale form (409) still reloads the page, so the current ticket is shown (decision 021).
export { revalidateAfterConflict as shouldRevalidate } from "~/components/conflict";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMemberOf(request, params.groupId);
  const bet = await loadGroupBet(request, member);
  // The chances are computed for this page only (decision 037), beside the stamper's read.
  const [stamper, chances, receipts] = await Promise.all([
    loadStamper(request, bet.groupId, bet.round?.quinielaId),
    bet.bet ? loadChances(request, bet.bet.id) : null,
    bet.bet ? loadReceipts(request, bet.groupId, bet.bet.quinielaId) : null,
  ]);
  return { ...bet, stamper, chances, receipts };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { group } = await requireMemberOf(request, params.groupId);
  return groupBetAction(request, group);
}

type Data = ReturnType<typeof useLoaderData<typeof loader>>;
type Round = NonNullable<Data["round"]>;

const capitalise = (s: string) => s.charAt(0).toLocaleUpperCase("es") + s.slice(1);

export default function GroupBet() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { groupId, rounds, round, bet, loadError } = data;
  return (
    <main className="page group-bet">
      <h1>Generar Quiniela Grupal</h1>
      <p>
        <Link to={`/grupo/${groupId}/dashboard`}>Volver al grupo</Link>
      </p>
      <Alert>{loadError}</Alert>
      {rounds.length ? (
        <Form method="get" className="row round-picker">
          <label htmlFor="quiniela">Jornada</label>
          <select id="quiniela" name="quiniela" defaultValue={round ? String(round.quinielaId) : ""}>
            {rounds.map((r) => (
              <option key={r.quinielaId} value={r.quinielaId}>
                Jornada {r.numberQuiniela}
              </option>
            ))}
          </select>
          <button type="submit" className="secondary">
            Ver jornada
          </button>
        </Form>
      ) : !loadError ? (
        <p className="notice">El grupo todavía no tiene jornadas configuradas.</p>
      ) : null}
      {actionData?.message && actionData.intent !== "ticket" && actionData.intent !== "placement" && actionData.intent !== "receipt" ? (
        <Alert>{actionData.message}</Alert>
      ) : null}
      {round ? (
        <section aria-labelledby="bet-round" className="card">
          <h2 id="bet-round">Jornada {round.numberQuiniela}</h2>
          <p className="muted">
            {roundStateLabel(round.state)} · cierre {formatDateTime(round.closeDate)} · tipo {round.typeName} · {round.predictions}{" "}
            {round.predictions === 1 ? "pronóstico" : "pronósticos"}
          </p>
          <StamperNote stamper={data.stamper} />
          {bet && data.receipts?.hasBet ? (
            <ReceiptCard groupId={groupId} status={data.receipts} message={actionData?.intent === "receipt" ? actionData.message : null} />
          ) : null}
          {bet ? <GeneratedBet key={bet.id} bet={bet} /> : <Generate round={round} />}
        </section>
      ) : null}
      {round ? <Predictors /> : null}
    </main>
  );
}

function Generate({ round }: { round: Round }) {
  const { isManager, defaultTopN } = useLoaderData<typeof loader>();
  const busy = useNavigation().state === "submitting";
  const waiting = !round.canGenerate;
  return (
    <div className="stack">
      {waiting ? (
        <div className="notice warning" role="status">
          <p className="bet-waiting">
            <strong>{WAITING_TO_GENERATE}</strong>
          </p>
          <ul>
            {(round.predictions ? round.reasons : ["Nadie ha enviado pronóstico en esta jornada todavía."]).map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="notice">{round.reasons.join(" ")}</p>
      )}
      {isManager ? (
        <Form method="post" className="row bet-generate">
          <input type="hidden" name="quinielaId" value={round.quinielaId} />
          <input type="hidden" name="seasonId" value={round.seasonId} />
          <label className="field">
            Usuarios a considerar del top
            <input id="topN" name="topN" type="number" min={1} step={1} defaultValue={defaultTopN} inputMode="numeric" />
          </label>
          {/* The backend decides; the browser's own range check would hide the spec's "invalid becomes 1". */}
          <button type="submit" name="intent" value="generate" formNoValidate disabled={waiting || busy} title={round.reasons.join(" ")}>
            Generar Quiniela Grupal
          </button>
        </Form>
      ) : (
        <p className="muted">Todavía no se ha generado la quiniela grupal de esta jornada.</p>
      )}
    </div>
  );
}

/** The teams of a match on this page, with crests of 20 px. */
const Teams = ({ match }: { match: MatchRow | undefined }) => <MatchTeams match={match} size={20} />;

function GeneratedBet({ bet }: { bet: Bet }) {
  const { groupId, groupName, isManager, matches, chances } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const pleno = matches.find((m) => m.position === 15);
  const editing = actionData?.intent === "edit";
  return (
    <div className="stack">
      <p>
        Incluidos (top {bet.topN}): {bet.usernamesIncluded.map(capitalise).join(", ") || "nadie"}.
      </p>
      <TicketFacts ticket={bet.ticket} hits={bet.hits} />
      <ol className="bet-matches">
        {bet.mergedPrediction.matches.map((pick, i) => (
          <li key={i} className="bet-match">
            <p className="bet-match-title">
              <span className="match-number">
                <span className="match-word">Partido </span>
                {i + 1}
              </span>{" "}
              <Teams match={matches[i]} />
            </p>
            <ul className="bet-signs">
              {SIGNS.map((s) => {
                const chosen = pick.includes(s);
                const votes = bet.votes[i]?.[s] ?? 0;
                return (
                  <li key={s} className={chosen ? "chosen" : undefined} title={bet.explanations[i]}>
                    <strong>{s}</strong>{" "}
                    <span className="votes">
                      {votes}
                      <span className="votes-word">{votes === 1 ? " voto" : " votos"}</span>
                    </span>
                    {chosen ? <span className="sr-only"> (elegido)</span> : null}
                  </li>
                );
              })}
            </ul>
            {bet.results?.matches[i] ? (
              <p className="bet-result">
                Resultado oficial: <strong>{bet.results.matches[i]}</strong> {pick.includes(bet.results.matches[i]) ? "✓ acierto" : "✗ fallo"}
              </p>
            ) : null}
          </li>
        ))}
      </ol>
      <p className="bet-pleno">
        <strong>Pleno al 15</strong> {pleno ? <Teams match={pleno} /> : null}:{" "}
        <span className="score">{bet.mergedPrediction.pl15 ? `${bet.mergedPrediction.pl15.home} - ${bet.mergedPrediction.pl15.away}` : "sin pleno"}</span>
      </p>

      {/* Why each sign, folded under the fifteen matches so a phone reads the bet to its end (decision 074); open after an edit. */}
      <details className="fold bet-why" open={editing || undefined}>
        <summary>Por qué estos jugadores y estos signos</summary>
        <p className="muted">
          El top se ordena por Wilson de la temporada; un empate en el corte lo decide la posición en la clasificación (más puntos) y, si sigue, el nombre en
          orden alfabético.
        </p>
        <ol className="explanations">
          {bet.explanations.map((text, i) => (
            <li key={i}>{text}</li>
          ))}
        </ol>
      </details>

      <ScrutinyTable ticket={bet.ticket} />
      {chances ? <Chances bet={bet} data={chances} isManager={isManager} message={actionData?.intent === "placement" ? actionData.message : null} /> : null}
      {isManager && !bet.confirmBet ? <TicketFormCard bet={bet} /> : null}

      {isManager && !bet.confirmBet ? (
        <details className="bet-edit" open={editing}>
          <summary className="button secondary">Editar quiniela grupal</summary>
          <EditBet bet={bet} />
        </details>
      ) : null}

      <div className="row">
        {bet.confirmBet ? (
          <button type="button" disabled>
            Apuesta confirmada
          </button>
        ) : isManager ? (
          <Form method="post">
            <input type="hidden" name="quinielaId" value={bet.quinielaId} />
            <input type="hidden" name="betId" value={bet.id} />
            <button type="submit" name="intent" value="confirm" disabled={busy}>
              Confirmar apuesta
            </button>
          </Form>
        ) : (
          <p className="muted">El gestor aún no ha confirmado la apuesta.</p>
        )}
        <Link className="button secondary" to={`/grupo/${groupId}/quiniela-grupal/imprimir?quiniela=${bet.quinielaId}`}>
          Boleto para imprimir
        </Link>
      </div>
      <ShareWhatsApp
        what="el boleto"
        text={betShareText({
          groupName,
          roundNumber: bet.numberQuiniela,
          matches,
          ...betShareFields(bet),
        })}
      />
    </div>
  );
}

function TicketFormCard({ bet }: { bet: Bet }) {
  const { matches } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const message = actionData?.intent === "ticket" ? actionData.message : null;
  return <TicketForm bet={bet} pleno={matches.find((m) => m.position === 15) ?? null} message={message} busy={busy} />;
}

function EditBet({ bet }: { bet: Bet }) {
  const { matches } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm<BetEditForm>({
    id: `bet-edit-${bet.id}`,
    lastResult: actionData?.intent === "edit" ? actionData.lastResult : undefined,
    defaultValue: betEditDefaults(bet.id, bet.mergedPrediction.matches, bet.mergedPrediction.pl15),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: betEditSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const pleno = matches.find((m) => m.position === 15);
  return (
    <Form method="post" className="stack" {...getFormProps(form)}>
      <FormErrors errors={form.errors} id={form.errorId} />
      <input type="hidden" name="quinielaId" value={bet.quinielaId} />
      <input {...getInputProps(fields.betId, { type: "hidden" })} />
      <ol className="matches">
        {MATCH_FIELDS.map((name, i) => (
          <li key={name}>
            <fieldset className="match">
              <legend>
                <span className="match-number">Partido {i + 1}</span> <Teams match={matches[i]} />
              </legend>
              <div className="signs">
                {getCollectionProps(fields[name], { type: "checkbox", options: [...SIGNS] }).map(({ key, ...props }) => (
                  <label key={key} className="sign">
                    <input {...props} />
                    <span>{props.value}</span>
                  </label>
                ))}
              </div>
            </fieldset>
          </li>
        ))}
      </ol>
      <fieldset className="match pleno">
        <legend>
          <span className="match-number">Pleno al 15</span> {pleno ? <Teams match={pleno} /> : null}
        </legend>
        <div className="row">
          <label className="goals">
            Goles local
            <input {...getInputProps(fields.plenoHome, { type: "number" })} min={0} max={9} step={1} inputMode="numeric" />
          </label>
          <label className="goals">
            Goles visitante
            <input {...getInputProps(fields.plenoAway, { type: "number" })} min={0} max={9} step={1} inputMode="numeric" />
          </label>
        </div>
      </fieldset>
      <button type="submit" name="intent" value="edit" formNoValidate>
        Guardar cambios
      </button>
    </Form>
  );
}

/** 'Usuarios con predicción realizada': a native <details>, so Mostrar/Ocultar works without JavaScript. */
function Predictors() {
  const { predictions, ranking, isManager, round } = useLoaderData<typeof loader>();
  if (!predictions.length) return null;
  const rankOf = (userId: number) => ranking.find((r) => r.userId === userId);
  const sorted = [...predictions].sort((a, b) => (rankOf(a.userId)?.rankPosition ?? 999) - (rankOf(b.userId)?.rankPosition ?? 999));
  return (
    <details className="card predictors">
      <summary>
        <span className="predictors-title">Usuarios con predicción realizada ({predictions.length})</span> <span className="when-closed">Mostrar</span>
        <span className="when-open">Ocultar</span>
      </summary>
      <ul className="cards">
        {sorted.map((p) => {
          const rank = rankOf(p.userId);
          return (
            <li key={p.userId} className="card predictor">
              <p className="row">
                <Avatar path={p.avatarPath} size={32} />
                <strong>{capitalise(p.username)}</strong>{" "}
                {rank?.included ? (
                  <span className="badge" title="Incluido en la quiniela grupal">
                    In.
                  </span>
                ) : null}{" "}
                {rank ? <span className="icon-pill">Top {rank.rankPosition}</span> : null}{" "}
                {p.automatic ? (
                  <span className="badge warn" title="Jugado por la regla del grupo: no pronosticó a tiempo">
                    automático
                  </span>
                ) : null}
              </p>
              {p.hidden ? (
                <p className="muted">Pronóstico enviado; se verá cuando cierre la jornada.</p>
              ) : (
                <>
                  <p className="mini-picks">
                    <span className="sr-only">{`Signos de ${p.username}:`}</span>
                    {/* The spaces are for browsers without CSS (w3m): a flex container drops them. */}
                    {p.matches.map((m, i) => (
                      <Fragment key={i}>
                        {" "}
                        <span title={`Partido ${i + 1}`}>{m.join("") || "-"}</span>
                      </Fragment>
                    ))}
                  </p>
                  <p>Pleno: {p.plain15 ? `${p.plain15.home} - ${p.plain15.away}` : "-"}</p>
                  {isManager && p.automatic && round ? (
                    <Form method="post">
                      <input type="hidden" name="quinielaId" value={round.quinielaId} />
                      <input type="hidden" name="predictionId" value={p.predictionId} />
                      <button type="submit" name="intent" value="remove-automatic" className="secondary">
                        Quitar pronóstico automático de {p.username}
                      </button>
                    </Form>
                  ) : null}
                </>
              )}
            </li>
          );
        })}
      </ul>
    </details>
  );
}
