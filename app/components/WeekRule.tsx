import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import type { GroupWeekRule } from "#core/contract/week-rule";
import { WEEKDAYS } from "#core/domain/week/rule";
import { Field, FieldError, FormErrors } from "~/components/Field";
import { weekRuleSchema } from "~/forms/week-rule";

type PoolType = { id: number; name: string };

/**
 * 'Regla automática de la semana': set once, it opens each new official
 * jornada in the group, makes the bet at the close and plays for absent members. A plain form.
 */
export function WeekRule({
  groupId,
  rule,
  types,
  lastResult,
}: {
  groupId: number;
  rule: GroupWeekRule | null;
  types: PoolType[];
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const [form, fields] = useForm({
    id: "week-rule",
    lastResult,
    defaultValue: rule
      ? {
          autoOpen: rule.autoOpen ? "on" : undefined,
          typeRota1: String(rule.typeRota[0] ?? 1),
          typeRota2: rule.typeRota[1] ? String(rule.typeRota[1]) : "",
          typeRota3: rule.typeRota[2] ? String(rule.typeRota[2]) : "",
          typeRota4: rule.typeRota[3] ? String(rule.typeRota[3]) : "",
          openAt: rule.openAt,
          openWeekday: rule.openWeekday ? String(rule.openWeekday) : "",
          openTime: rule.openTime ?? "",
          closeBeforeMinutes: String(rule.closeBeforeMinutes),
          betAtClose: rule.betAtClose ? "on" : undefined,
          betRule: rule.betRule,
          topN: rule.topN ? String(rule.topN) : "",
          autoConfirm: rule.autoConfirm ? "on" : undefined,
          payTicket: rule.payTicket ? "on" : undefined,
          absentFill: rule.absentFill,
          absentMax: String(rule.absentMax),
        }
      : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: weekRuleSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  if (!rule) {
    return (
      <section id="regla" className="card stack" aria-labelledby="week-rule-title">
        <h2 id="week-rule-title">Regla automática de la semana</h2>
        <p role="alert" className="form-error">
          Error al cargar la regla automática
        </p>
      </section>
    );
  }
  const radio = (name: "openAt" | "betRule" | "absentFill", value: string, label: string) => {
    const field = fields[name];
    const id = `${field.id}-${value}`;
    return (
      <label className="check">
        <input type="radio" id={id} name={field.name} value={value} defaultChecked={(field.initialValue ?? field.value) === value} />
        {label}
      </label>
    );
  };
  const typeOptions = (optional: boolean) => (
    <>
      {optional ? <option value="">Sin más semanas</option> : null}
      {types.map((t) => (
        <option key={t.id} value={t.id}>
          {t.name}
        </option>
      ))}
    </>
  );
  return (
    <section id="regla" className="card stack" aria-labelledby="week-rule-title">
      <h2 id="week-rule-title">Regla automática de la semana</h2>
      <p className="muted">
        Se fija una vez: cada nueva jornada oficial de la temporada se abre sola en el grupo, y al cerrar se hace la apuesta. Puedes seguir cambiando cada
        jornada a mano.
      </p>
      {/* Folded: the form is two phone screens long and set once; it opens by itself when it comes back refused (decision 069). */}
      <details className="fold" open={lastResult ? true : undefined}>
        <summary>Cambiar la regla</summary>
        <Form method="post" action={`/grupo/${groupId}/ajustes#regla`} className="stack" {...getFormProps(form)}>
          <FormErrors errors={form.errors} id={form.errorId} />
          {rule.version ? <input type="hidden" name="version" value={rule.version} /> : null}
          <label className="check">
            <input {...getInputProps(fields.autoOpen, { type: "checkbox" })} />
            Abrir cada nueva jornada oficial automáticamente
          </label>
          <Field field={fields.typeRota1} label="Tipo de cada jornada (semana 1 de la rota)">
            <select {...getSelectProps(fields.typeRota1)}>{typeOptions(false)}</select>
          </Field>
          {(["typeRota2", "typeRota3", "typeRota4"] as const).map((name, k) => (
            <Field key={name} field={fields[name]} label={`Semana ${k + 2} de la rota (opcional)`}>
              <select {...getSelectProps(fields[name])}>{typeOptions(true)}</select>
            </Field>
          ))}
          <p className="muted">Con varios tipos, las jornadas los alternan en ese orden según su número (jornada 1, semana 1).</p>
          <fieldset className="stack">
            <legend>Cuándo se abre</legend>
            {radio("openAt", "publication", "Al publicarse la jornada")}
            {radio("openAt", "weekly", "Un día y hora de la semana (hora de Madrid)")}
            <FieldError field={fields.openAt} />
            <Field field={fields.openWeekday} label="Día de apertura">
              <select {...getSelectProps(fields.openWeekday)}>
                <option value="">Elige un día</option>
                {WEEKDAYS.map((d, k) => (
                  <option key={d} value={k + 1}>
                    {d}
                  </option>
                ))}
              </select>
            </Field>
            <Field field={fields.openTime} label="Hora de apertura">
              <input {...getInputProps(fields.openTime, { type: "time" })} />
            </Field>
          </fieldset>
          <Field
            field={fields.closeBeforeMinutes}
            label="Cerrar el grupo estos minutos antes del cierre oficial"
            hint="60 por defecto: da tiempo a sellar el boleto."
          >
            <input {...getInputProps(fields.closeBeforeMinutes, { type: "text" })} inputMode="numeric" />
          </Field>
          <fieldset className="stack">
            <legend>Al cerrar la jornada</legend>
            <label className="check">
              <input {...getInputProps(fields.betAtClose, { type: "checkbox" })} />
              Generar la apuesta del grupo y avisar al gestor por email
            </label>
            {radio("betRule", "wilson", "Con los mejores por Wilson")}
            {radio("betRule", "placement", "Con la colocación sugerida de dobles y triples")}
            <FieldError field={fields.betRule} />
            <Field field={fields.topN} label="Jugadores incluidos" hint="Vacío: los mismos que la última vez.">
              <input {...getInputProps(fields.topN, { type: "text" })} inputMode="numeric" />
            </Field>
            <label className="check">
              <input {...getInputProps(fields.autoConfirm, { type: "checkbox" })} />
              Confirmar la apuesta automáticamente
            </label>
            <label className="check">
              <input {...getInputProps(fields.payTicket, { type: "checkbox" })} aria-describedby="week-rule-ticket-hint" />
              Pagar el boleto del bote al confirmar la apuesta
            </label>
            <p id="week-rule-ticket-hint" className="muted">
              Es la norma de la caja: el boleto confirmado se paga del bote y su premio entra en él.
            </p>
          </fieldset>
          <fieldset className="stack">
            <legend>Quien no haya pronosticado al cerrar</legend>
            {radio("absentFill", "off", "No juega")}
            {radio("absentFill", "season", "Juega sus pronósticos más frecuentes de la temporada")}
            {radio("absentFill", "last-bet", "Juega la apuesta del grupo de la semana anterior")}
            <FieldError field={fields.absentFill} />
            <Field field={fields.absentMax} label="Como máximo, veces por temporada">
              <input {...getInputProps(fields.absentMax, { type: "text" })} inputMode="numeric" />
            </Field>
            <p className="muted">Sus pronósticos salen marcados como «automático» y el gestor puede quitarlos.</p>
          </fieldset>
          <button type="submit" name="intent" value="week-rule">
            Guardar regla automática
          </button>
        </Form>
      </details>
    </section>
  );
}
