import { getFormProps, getInputProps, getTextareaProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, Link, useNavigation } from "@remix-run/react";
import type { MyGroup } from "#core/contract/group";
import { Field, FormErrors, Alert } from "~/components/Field";
import { groupSchema, joinSchema } from "~/forms/groups";

/** The user's groups as cards, each leading to its dashboard. */
function GroupCards({ groups }: { groups: MyGroup[] }) {
  return (
    <ul className="cards">
      {groups.map((g) => (
        <li key={g.id} className="card group-card">
          <h2>
            <Link to={`/grupo/${g.id}/dashboard`}>{g.name}</Link>
          </h2>
          {g.description ? <p>{g.description}</p> : null}
          <p className="muted">
            {g.role} · {g.memberCount} {g.memberCount === 1 ? "miembro" : "miembros"}
          </p>
        </li>
      ))}
    </ul>
  );
}

function JoinGroupForm({ lastResult, action }: { lastResult?: SubmissionResult<string[]>; action: string }) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "join-group",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: joinSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const busy = navigation.state === "submitting" && navigation.formAction === action;
  return (
    <Form method="post" action={action} className="stack card" {...getFormProps(form)}>
      <FormErrors errors={form.errors} id={form.errorId} />
      <Field field={fields.code} label="Código de invitación" hint="Te lo da el gestor de la peña.">
        <input {...getInputProps(fields.code, { type: "text" })} autoComplete="off" autoCapitalize="characters" spellCheck={false} />
      </Field>
      <button type="submit" disabled={busy}>
        {busy ? "Uniéndote..." : "Unirme al grupo"}
      </button>
    </Form>
  );
}

/** A group's name and description, as created and as edited by its manager. */
export function GroupFields({ fields }: { fields: { name: FieldMetadata<string>; description: FieldMetadata<string | undefined> } }) {
  return (
    <>
      <Field field={fields.name} label="Nombre">
        <input {...getInputProps(fields.name, { type: "text" })} maxLength={80} />
      </Field>
      <Field field={fields.description} label="Descripción">
        <textarea {...getTextareaProps(fields.description)} maxLength={500} rows={3} className="plain" />
      </Field>
    </>
  );
}

export function CreateGroupForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "create-group",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: groupSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" className="stack card" {...getFormProps(form)}>
      <FormErrors errors={form.errors} id={form.errorId} />
      <GroupFields fields={fields} />
      <button type="submit" disabled={navigation.state === "submitting"}>
        Crear grupo
      </button>
    </Form>
  );
}

/** /inicio for players and /grupos: their groups, joining another by code, and creating one. */
export function MyGroups({
  groups,
  loadError,
  lastResult,
  action,
}: {
  groups: MyGroup[];
  loadError: string | null;
  lastResult?: SubmissionResult<string[]>;
  action: string;
}) {
  return (
    <>
      <Alert>{loadError}</Alert>
      {groups.length ? (
        <GroupCards groups={groups} />
      ) : loadError ? null : (
        <p>Todavía no perteneces a ningún grupo. Únete con el código de invitación que te dé el gestor de tu peña.</p>
      )}
      <section aria-labelledby="join-title" className="narrow-section">
        <h2 id="join-title">{groups.length ? "Unirte a otro grupo" : "Unirte a un grupo"}</h2>
        <JoinGroupForm lastResult={lastResult} action={action} />
      </section>
      <p>
        <Link to="/grupo/nuevo" className="button secondary">
          Nuevo grupo
        </Link>
      </p>
    </>
  );
}
