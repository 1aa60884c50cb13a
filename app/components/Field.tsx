import type { FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";

/** A labelled control with its error, linked through conform's ids (aria-describedby). */
export function Field({ field, label, hint, children }: { field: FieldMetadata<unknown>; label: string; hint?: ReactNode; children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      {children}
      {hint ? (
        <p className="muted" id={field.descriptionId}>
          {hint}
        </p>
      ) : null}
      {field.errors?.length ? (
        <p className="error" id={field.errorId}>
          {field.errors[0]}
        </p>
      ) : null}
    </div>
  );
}

export function FormErrors({ errors, id }: { errors?: string[]; id?: string }) {
  if (!errors?.length) return null;
  return (
    <p className="form-error" role="alert" id={id}>
      {errors.join(" ")}
    </p>
  );
}

/** A message about the page or one of its parts (a load failure, a refused action); nothing when empty. */
export function Alert({ children }: { children?: ReactNode }) {
  if (!children) return null;
  return (
    <p className="form-error" role="alert">
      {children}
    </p>
  );
}
