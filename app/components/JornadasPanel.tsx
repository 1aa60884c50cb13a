import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { dateInputProps } from "~/components/date-input";
import { parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import type { OfficialStep, JornadasPanel as Panel, OfficialJornadaView, PastePreview } from "#core/contract/jornadas";
import { formatDate, formatDateTime, utcToMadridLocal } from "#core/dates";
import { Field } from "~/components/Field";
import { pasteSchema } from "~/forms/lottery";

const KIND_LABEL: Record<string, string> = {
  proximas: "Próximas jornadas",
  importada: "Importada",
  resultados: "Resultados",
  premios: "Premios",
  escrutinio: "Escrutinio",
};
const STATUS_LABEL: Record<OfficialJornadaView["status"], string> = {
  creada: "creada",
  pendiente: "pendiente",
  "temporada-nueva": "temporada nueva",
  cambio: "cambio por aceptar",
};
const OUTCOME_LABEL: Record<OfficialStep["outcome"], string> = { ok: "✓ hecho", aviso: "⚠ aviso", error: "✗ fallo" };

const jornadaTitle = (j: { jornada: string | null; poolName?: string | null }) =>
  [j.jornada ? `Jornada ${j.jornada} de Loterías` : "Jornada pegada", j.poolName ? `(${j.poolName})` : ""].filter(Boolean).join(" ");

/** The pool editor opened on this jornada: its resolution dialog walks through each unknown name, then saves the pool. */
function ResolveForm({ jornada }: { jornada: OfficialJornadaView }) {
  const close = new Date(jornada.closesAt);
  const start = jornada.opensAt && new Date(jornada.opensAt) < close ? jornada.opensAt : new Date(close.getTime() - 3 * 86_400_000).toISOString();
  return (
    <form method="post" action="/crear-quiniela">
      <input type="hidden" name="mode" value="create" />
      <input type="hidden" name="numberQuiniela" value="1" />
      <input type="hidden" name="startDate" value={utcToMadridLocal(start)} />
      <input type="hidden" name="closingDate" value={utcToMadridLocal(jornada.closesAt)} />
      <input type="hidden" name="matchesJson" value={JSON.stringify(jornada.matches.map(({ home, away }) => ({ home, away })))} />
      <button type="submit" name="intent" value="save" className="secondary">
        Resolver nombres
      </button>
    </form>
  );
}

/**
 * 'Crear los equipos' (decision 064): every unknown name of a pending jornada (or of a change to
 * accept) at once. Where a known club's name is close to it, that club is the choice already
 * selected, so the button pressed as it comes never makes a second club (decision 091); a new club
 * stays an explicit choice, named in its field (the operator's spelling, editable).
 */
function TeamsForm({ jornada }: { jornada: OfficialJornadaView }) {
  const id = (i: number) => `equipo-${jornada.drawKey}-${i}`;
  const close = (name: string) => jornada.choices.find((c) => c.spelling === name)?.close ?? [];
  const anyClose = jornada.unknown.some((name) => close(name).length > 0);
  const button =
    jornada.status === "cambio"
      ? "Guardar los nombres y revisar el cambio"
      : jornada.unknown.length === 1
        ? "Guardar el equipo y crear la quiniela"
        : `Crear los ${jornada.unknown.length} equipos y la quiniela`;
  return (
    <Form method="post" className="stack">
      <input type="hidden" name="drawKey" value={jornada.drawKey} />
      <p className="muted">
        {anyClose
          ? "Si el nombre nuevo es otra forma de escribir un club que ya existe, deja elegido ese club: el nombre quedará como alias y no se volverá a preguntar. Elige «Crear un club nuevo» solo si es otro equipo."
          : "Crea de una vez los equipos que faltan. Si un nombre es otra forma de escribir un equipo que ya existe, escribe el nombre de ese equipo: quedará como alias y no se volverá a preguntar."}
      </p>
      {jornada.unknown.map((name, i) => {
        const clubs = close(name);
        if (!clubs.length)
          return (
            <div className="field" key={name}>
              <label htmlFor={id(i)}>Equipo para «{name}»</label>
              <input type="hidden" name={`spelling-${i}`} value={name} />
              <input id={id(i)} name={`nombre-${i}`} type="text" defaultValue={name} required maxLength={100} autoComplete="off" />
            </div>
          );
        return (
          <fieldset className="field team-choice" key={name}>
            <legend>Equipo para «{name}»</legend>
            <input type="hidden" name={`spelling-${i}`} value={name} />
            {clubs.map((team, k) => (
              <label key={team.id}>
                <input type="radio" name={`eleccion-${i}`} value={String(team.id)} defaultChecked={k === 0} required /> {team.name}{" "}
                <span className="muted">(ya existe)</span>
              </label>
            ))}
            <label>
              <input type="radio" name={`eleccion-${i}`} value="nuevo" required /> Crear un club nuevo
            </label>
            <label htmlFor={id(i)}>Nombre del club nuevo</label>
            <input id={id(i)} name={`nombre-${i}`} type="text" defaultValue={name} maxLength={100} autoComplete="off" />
          </fieldset>
        );
      })}
      <button type="submit" name="intent" value="crear-equipos">
        {button}
      </button>
    </Form>
  );
}

function JornadaCard({ jornada, step }: { jornada: OfficialJornadaView; step: OfficialStep | undefined }) {
  return (
    <li className="card stack jornada-card">
      <h3>{jornadaTitle(jornada)}</h3>
      <p>
        Cierre: {formatDateTime(jornada.closesAt)} · Estado: <strong>{STATUS_LABEL[jornada.status]}</strong>
      </p>
      <p className="muted">
        {jornada.source === "paste" ? "Pegada por un administrador" : `Sorteo ${jornada.drawKey} de Loterías`}
        {jornada.drawDate ? ` del ${formatDate(jornada.drawDate)}` : ""}
      </p>
      {jornada.message ? <p className={jornada.status === "creada" ? "muted" : "form-error"}>{jornada.message}</p> : null}
      {jornada.unknown.length ? <p>Sin resolver: {jornada.unknown.join(", ")}</p> : null}
      {jornada.pendingMatches ? (
        <ol className="jornada-matches">
          {jornada.pendingMatches.map((m, i) => (
            <li key={i}>
              {m.home} – {m.away}
            </li>
          ))}
        </ol>
      ) : null}
      {(jornada.status === "pendiente" || jornada.status === "cambio") && jornada.unknown.length ? <TeamsForm jornada={jornada} /> : null}
      {jornada.status !== "creada" ? (
        <div className="row">
          {jornada.status === "pendiente" ? <ResolveForm jornada={jornada} /> : null}
          {jornada.status === "cambio" ? (
            <Form method="post">
              <input type="hidden" name="drawKey" value={jornada.drawKey} />
              <button type="submit" name="intent" value="aceptar">
                Aceptar el cambio
              </button>
            </Form>
          ) : null}
          {step ? <RetryButton step={step} /> : null}
        </div>
      ) : null}
    </li>
  );
}

function RetryButton({ step }: { step: OfficialStep }) {
  return (
    <Form method="post">
      <input type="hidden" name="stepId" value={step.id} />
      <button type="submit" name="intent" value="reintentar" className="secondary">
        Reintentar
      </button>
    </Form>
  );
}

/** 'Lo que ha hecho la máquina': the coming jornadas and each automatic step, failures with 'Reintentar'. */
export function MachinePanel({ panel }: { panel: Panel | null }) {
  if (!panel) return <p className="form-error">No se pudo cargar el panel de jornadas.</p>;
  return (
    <>
      <section className="stack" aria-labelledby="jornadas-title">
        <h2 id="jornadas-title">Próximas jornadas</h2>
        <Form method="post">
          <button type="submit" name="intent" value="importar">
            Importar próxima jornada
          </button>
        </Form>
        {panel.jornadas.length ? (
          <ul className="stack jornada-list">
            {panel.jornadas.map((j) => (
              <JornadaCard key={j.drawKey} jornada={j} step={panel.steps.find((s) => s.kind === "importada" && s.drawKey === j.drawKey && s.retryable)} />
            ))}
          </ul>
        ) : (
          <p className="muted">Todavía no se ha importado ninguna jornada.</p>
        )}
      </section>
      <section className="stack" aria-labelledby="steps-title">
        <h2 id="steps-title">Pasos automáticos</h2>
        {panel.steps.length ? (
          <ol className="stack official-steps">
            {panel.steps.map((s) => (
              <li key={s.id} className={`official-step ${s.outcome}`}>
                <span className="muted">{formatDateTime(s.at)}</span> <strong>{KIND_LABEL[s.kind] ?? s.kind}</strong> {OUTCOME_LABEL[s.outcome]}: {s.message}
                {s.retryable ? <RetryButton step={s} /> : null}
                {s.kind === "premios" && s.outcome === "aviso" && s.quinielaId ? (
                  <Form method="post">
                    <input type="hidden" name="quinielaId" value={s.quinielaId} />
                    <button type="submit" name="intent" value="aceptar-premios" className="secondary">
                      Aceptar los oficiales
                    </button>
                  </Form>
                ) : null}
              </li>
            ))}
          </ol>
        ) : (
          <p className="muted">La máquina todavía no ha hecho nada.</p>
        )}
      </section>
    </>
  );
}

type Preview = (PastePreview["jornada"] & { cierre: string; pegado: string }) | null;

/** 'Pegar la jornada': the operator's JSON or the 15 lines of the betting page; reviewed, then created. */
export function PasteForm({ lastResult, preview }: { lastResult: SubmissionResult<string[]> | null | undefined; preview: Preview }) {
  const [form, fields] = useForm({
    id: "jornada-paste",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: pasteSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <section className="stack" aria-labelledby="paste-title">
      <h2 id="paste-title">Pegar la jornada</h2>
      <p className="muted">Cuando Loterías no responde: pega su respuesta (JSON) o las 15 líneas de la web oficial de apuestas, «Local (M) - Visitante (M)».</p>
      <Form method="post" className="stack card" {...getFormProps(form)}>
        <Field field={fields.pegado} label="Respuesta de Loterías o los 15 partidos">
          <textarea {...getTextareaProps(fields.pegado)} rows={10} spellCheck={false} />
        </Field>
        <Field field={fields.cierre} label="Cierre oficial" hint="Hora de Madrid. Las líneas de la web no lo traen.">
          <input {...dateInputProps(fields.cierre, { type: "datetime-local", ariaDescribedBy: fields.cierre.descriptionId })} />
        </Field>
        <button type="submit" name="intent" value="pegar" className="secondary">
          Revisar
        </button>
      </Form>
      {preview ? <PastePreviewView preview={preview} /> : null}
    </section>
  );
}

function PastePreviewView({ preview }: { preview: NonNullable<Preview> }) {
  return (
    <div className="card stack" aria-labelledby="preview-title">
      <h3 id="preview-title">Revisa los 15 partidos</h3>
      <p>Cierre: {formatDateTime(preview.closesAt)}</p>
      <table className="lottery-draw paste-preview">
        <caption>{jornadaTitle(preview)}</caption>
        <thead>
          <tr>
            <th scope="col">Nº</th>
            <th scope="col">Local</th>
            <th scope="col">Visitante</th>
          </tr>
        </thead>
        <tbody>
          {preview.matches.map((m, i) => (
            <tr key={i}>
              <td>{i === 14 ? "P15" : i + 1}</td>
              <td>{m.homeTeam ?? <span className="form-error">{m.home} (sin resolver)</span>}</td>
              <td>{m.awayTeam ?? <span className="form-error">{m.away} (sin resolver)</span>}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {preview.unknown.length ? (
        <p className="form-error" role="alert">
          Ningún equipo se llama {preview.unknown.map((n) => `«${n}»`).join(", ")}: la quiniela quedará pendiente hasta que resuelvas los nombres.
        </p>
      ) : null}
      <Form method="post">
        <input type="hidden" name="pegado" value={preview.pegado} />
        <input type="hidden" name="cierre" value={preview.cierre} />
        <button type="submit" name="intent" value="confirmar-pegado">
          Crear quiniela
        </button>
      </Form>
    </div>
  );
}
