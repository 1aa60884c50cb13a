import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import type { QuinielaMatch } from "#core/contract/quiniela";
import { Field, FieldError, FormErrors } from "~/components/Field";
import { resultsSchema } from "~/forms/catalogue";

interface Props {
  rounds: { id: number; name: string }[];
  selected: { id: number; name: string } | null;
  matches: QuinielaMatch[];
  defaults: { quinielaId: string; signs: string[]; plenoHome: string; plenoAway: string };
  hasResults: boolean;
  /** The version of the stored results (null before the first save). */
  version: number | null;
  errors: string[];
  lastResult?: SubmissionResult<string[]>;
  /** The last save was refused because another admin saved first. */
  stale?: boolean;
  /** Forms shown under the results (the escrutinio's prizes). */
  children?: ReactNode;
}

/** The official results of one round: the 14 signs, all required, and the pleno's score when known. */
export function ResultsEditor({ rounds, selected, matches, defaults, hasResults, version, errors, lastResult, stale, children }: Props) {
  const [form, fields] = useForm({
    id: `results-${selected?.id ?? "none"}`,
    lastResult,
    defaultValue: defaults,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resultsSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const signs = fields.signs.getFieldList();
  const pleno = matches.find((m) => m.position === 15);
  return (
    <main className="page">
      <h1>Establecer resultados</h1>
      {errors.map((e) => (
        <p key={e} className="form-error" role="alert">
          {e}
        </p>
      ))}
      <Form method="get" action="/admin/resultados" className="row card">
        <div className="field grow">
          <label htmlFor="round-picker">Jornada</label>
          <select id="round-picker" name="quiniela" defaultValue={selected?.id ?? ""} key={selected?.id ?? "none"}>
            <option value="">Selecciona una jornada</option>
            {rounds.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="secondary">
          Ver jornada
        </button>
      </Form>
      {!selected ? (
        <p className="muted">{rounds.length ? "Selecciona una jornada." : "Todavía no hay quinielas."}</p>
      ) : (
        <Form method="post" className="stack card" {...getFormProps(form)}>
          <h2>{selected.name}</h2>
          <p className="muted">
            {hasResults
              ? "Esta jornada ya tiene resultados: al guardar se sustituyen para todos los grupos."
              : "Los resultados se aplican a todos los grupos a la vez."}
          </p>
          <FormErrors errors={form.errors} id={form.errorId} />
          {stale ? (
            <div className="conflict-current" role="group" aria-label="Valores actuales">
              <p>
                <strong>Valores actuales</strong> (guardados por otra persona):
              </p>
              <p>{defaults.signs.map((sign) => sign || "–").join(" ")}</p>
              <p>Pleno al quince: {defaults.plenoHome !== "" ? `${defaults.plenoHome}-${defaults.plenoAway}` : "—"}</p>
            </div>
          ) : null}
          <input {...getInputProps(fields.quinielaId, { type: "hidden" })} />
          {/* The stored version, also after a refused save: saving again means "I have seen the current values". */}
          {version !== null ? <input type="hidden" name="version" value={version} /> : null}
          <ol className="result-list">
            {matches
              .filter((m) => m.position <= 14)
              .map((m) => {
                const field = signs[m.position - 1];
                if (!field) return null;
                return (
                  <li key={m.position} className="result-row">
                    <label htmlFor={field.id}>
                      {m.position}. {m.home} – {m.away}
                    </label>
                    <select {...getSelectProps(field)}>
                      <option value="">Elige</option>
                      <option value="1">1</option>
                      <option value="X">X</option>
                      <option value="2">2</option>
                    </select>
                    <FieldError field={field} />
                  </li>
                );
              })}
          </ol>
          <fieldset className="pleno">
            <legend>Pleno al quince{pleno ? `: ${pleno.home} – ${pleno.away}` : ""}</legend>
            <div className="row">
              <Field field={fields.plenoHome} label={`Goles de ${pleno?.home ?? "local"}`}>
                <input {...getInputProps(fields.plenoHome, { type: "number" })} min={0} max={10} step={1} />
              </Field>
              <Field field={fields.plenoAway} label={`Goles de ${pleno?.away ?? "visitante"}`}>
                <input {...getInputProps(fields.plenoAway, { type: "number" })} min={0} max={10} step={1} />
              </Field>
            </div>
          </fieldset>
          <button type="submit">Guardar resultados</button>
        </Form>
      )}
      {children}
    </main>
  );
}
