import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { Field, FormErrors } from "~/components/Field";
import { sharesSchema } from "~/forms/ticket";

interface Props {
  selected: { id: number; name: string } | null;
  shares: { version: number | null; source: "admin" | "lottery" | "estimate" | null; text: string } | null;
  lastResult?: SubmissionResult<string[]>;
  stale?: boolean;
}

const SOURCE_NOTE = {
  admin: " Los actuales los pegó un administrador.",
  lottery: " Los actuales llegaron con la importación de Loterías.",
  estimate: " Los actuales son estimados (demo), no los del operador.",
} as const;

/**
 * 'Porcentajes del público' (decision 044): the share of the bets on 1, X and 2 of each match, as
 * the operator publishes them; the expected prize shares each category's fund among the winners
 * they predict. A plain form: it works without JavaScript.
 */
export function SharesEditor({ selected, shares, lastResult, stale }: Props) {
  const [form, fields] = useForm({
    id: `shares-${selected?.id ?? "none"}-${shares?.version ?? 0}`,
    lastResult,
    defaultValue: { quinielaId: selected ? String(selected.id) : "", shares: shares?.text ?? "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: sharesSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  if (!selected || !shares) return null;
  return (
    <Form method="post" className="stack card shares-form" {...getFormProps(form)} aria-labelledby="shares-title">
      {/* Folded under its title: the results come first on a phone (decision 069); it opens by itself when it comes back refused. */}
      <details className="fold" open={lastResult || stale ? true : undefined}>
        <summary>
          <h2 id="shares-title">Porcentajes del público</h2>
        </summary>
        <p className="muted">
          El reparto de las apuestas de toda España en cada partido (1, X y 2), tal como lo publica Loterías: con él, el premio esperado reparte el fondo de
          cada categoría entre los acertantes previstos.
          {shares.source ? SOURCE_NOTE[shares.source] : ""}
        </p>
        <FormErrors errors={form.errors} id={form.errorId} />
        {stale ? <p className="muted">Se muestran los porcentajes guardados por otra persona: revísalos y vuelve a guardar.</p> : null}
        <input {...getInputProps(fields.quinielaId, { type: "hidden" })} />
        {shares.version !== null ? <input type="hidden" name="version" value={shares.version} /> : null}
        <Field
          field={fields.shares}
          label="Tabla de porcentajes"
          hint="Una línea por partido, del 1 al 14, p. ej. «1. Sevilla - Betis 45 % 30 % 25 %»: se toman los tres últimos números de cada línea."
        >
          <textarea {...getTextareaProps(fields.shares)} rows={8} />
        </Field>
        <button type="submit" name="intent" value="shares">
          Guardar porcentajes
        </button>
      </details>
    </Form>
  );
}
