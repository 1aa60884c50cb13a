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
      <FieldError field={field} />
    </div>
  );
}

/** An avatar to upload (a PNG, JPEG, WebP or GIF image), labelled, with its error. */
export function AvatarField({ field, label }: { field: FieldMetadata<unknown>; label: string }) {
  return (
    <Field field={field} label={label}>
      <input
        id={field.id}
        name={field.name}
        type="file"
        accept="image/png,image/jpeg,image/webp,image/gif"
        aria-invalid={field.errors ? true : undefined}
        aria-describedby={field.errors ? field.errorId : undefined}
      />
    </Field>
  );
}

/** A field's first error, under the id its control points to (aria-describedby); nothing while it has none. */
export function FieldError({ field, className = "error", alert }: { field: FieldMetadata<unknown>; className?: string; alert?: boolean }) {
  if (!field.errors?.length) return null;
  return (
    <p className={className} id={field.errorId} role={alert ? "alert" : undefined}>
      {field.errors[0]}
    </p>
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
