import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { CATEGORIES, CATEGORY_NAMES } from "#core/domain/bet/scrutiny";
import { Field, FormErrors } from "~/components/Field";
import { prizesSchema } from "~/forms/ticket";

interface Props {
  selected: { id: number; name: string } | null;
  prizes: { version: number | null; source: "admin" | "lottery" | "estimate" | null; defaults: Record<string, string> } | null;
  lastResult?: SubmissionResult<string[]>;
  stale?: boolean;
}

/** 'Premios del escrutinio': the official prize per winning bet of each category (decision 034). */
export function PrizesEditor({ selected, prizes, lastResult, stale }: Props) {
  const [form, fields] = useForm({
    id: `prizes-${selected?.id ?? "none"}-${prizes?.version ?? 0}`,
    lastResult,
    defaultValue: { quinielaId: selected ? String(selected.id) : "", ...(prizes?.defaults ?? {}) },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: prizesSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  if (!selected || !prizes) return null;
  return (
    <Form method="post" className="stack card prizes-form" {...getFormProps(form)} aria-labelledby="prizes-title">
      {/* Folded under its title: the results come first on a phone (decision 069); it opens by itself when it comes back refused. */}
      <details className="fold" open={lastResult || stale ? true : undefined}>
        <summary>
          <h2 id="prizes-title">Premios del escrutinio</h2>
        </summary>
        <p className="muted">
          Importe por apuesta acertada de cada categoría, en euros (por ejemplo 1.234,50), según el escrutinio oficial de la jornada.
          {prizes.source === "lottery"
            ? " Los actuales llegaron con la importación de Loterías."
            : prizes.source === "estimate"
              ? " Los actuales son estimados (demo), no los oficiales."
              : ""}
        </p>
        <FormErrors errors={form.errors} id={form.errorId} />
        {stale ? <p className="muted">Se muestran los premios guardados por otra persona: revísalos y vuelve a guardar.</p> : null}
        <input {...getInputProps(fields.quinielaId, { type: "hidden" })} />
        {prizes.version !== null ? <input type="hidden" name="version" value={prizes.version} /> : null}
        <div className="prize-grid">
          {CATEGORIES.map((c) => (
            <Field key={c} field={fields[c]} label={CATEGORY_NAMES[c]}>
              <input {...getInputProps(fields[c], { type: "text" })} inputMode="decimal" autoComplete="off" placeholder="0,00" />
            </Field>
          ))}
        </div>
        <Field
          field={fields.table}
          label="O pega la tabla oficial de premios"
          hint="Una categoría por línea, p. ej. «1ª (14 Aciertos) 12 1.234,56 €»: se toma el último importe de cada línea."
        >
          <textarea {...getTextareaProps(fields.table)} rows={4} />
        </Field>
        <button type="submit" name="intent" value="prizes">
          Guardar premios
        </button>
      </details>
    </Form>
  );
}
