import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { Phrase } from "#core/contract/phrase";
import { Alert, AvatarField, Field, FormErrors } from "~/components/Field";
import { deleteAccountSchema, passwordSchema, phraseSchema } from "~/forms/profile";
import {
  changeAvatar,
  changePassword,
  deleteAccount,
  deletePhrase,
  loadProfile,
  savePhrase,
  setMailPreference,
  resendEmailProof,
  revokeCalendarFeed,
  unknownProfileIntent,
} from "~/server/account/profile.server";
import { readMultipartForm } from "~/server/shelf/upload.server";
import { requireUser } from "~/server/shelf/session.server";
import { FORM_PAGE, type RouteHandle } from "~/route-handle";

// Plain posts, no Remix client (decision 038).
export const handle: RouteHandle = FORM_PAGE;

export const meta: MetaFunction = () => [{ title: "Perfil · Quiniela de peñas" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return await loadProfile(request, user);
}

/** The forms of /perfil, told apart by the submit button's `intent`: one function each (profile.server.ts). */
export async function action({ request }: ActionFunctionArgs) {
  await requireUser(request);
  const { formData, tooLarge } = await readMultipartForm(request);
  switch (formData.get("intent")) {
    case "avatar":
      return changeAvatar(request, formData, tooLarge);
    case "password":
      return changePassword(request, formData);
    case "alert":
    case "digest":
    case "manager-mail":
    case "account-mail":
      return setMailPreference(request, formData, formData.get("intent") as "alert" | "digest" | "manager-mail" | "account-mail");
    case "proof-resend":
      return resendEmailProof(request, formData);
    case "calendar-revoke":
      return revokeCalendarFeed(request, formData);
    case "phrase":
      return savePhrase(request, formData);
    case "delete":
      return deletePhrase(request, formData);
    case "delete-account":
      return deleteAccount(request, formData);
    default:
      return unknownProfileIntent(formData);
  }
}

type ActionData = { intent: string; id?: number; lastResult: SubmissionResult<string[]> } | undefined;
const resultFor = (data: ActionData, intent: string, id?: number) => (data?.intent === intent && data.id === id ? data.lastResult : undefined);

function AvatarForm({ avatarPath }: { avatarPath: string | null }) {
  const [form, fields] = useForm({ id: "avatar", lastResult: resultFor(useActionData<typeof action>(), "avatar") });
  return (
    <section className="card stack" aria-labelledby="avatar-title">
      <h2 id="avatar-title">Avatar</h2>
      <div className="row">
        <img src={avatarPath || "/default-avatar.png"} alt="Tu avatar actual" width="64" height="64" className="avatar" />
        <p className="muted">Se guarda una copia de 64 px de ancho: vale cualquier foto JPG, PNG, WebP o GIF de hasta 5 MB.</p>
      </div>
      <Form method="post" encType="multipart/form-data" className="stack" {...getFormProps(form)}>
        <AvatarField field={fields.avatar} label="Nueva imagen" />
        <button type="submit" name="intent" value="avatar">
          Subir avatar
        </button>
      </Form>
    </section>
  );
}

function PasswordForm() {
  const [form, fields] = useForm({
    id: "password",
    lastResult: resultFor(useActionData<typeof action>(), "password"),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: passwordSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <section className="card stack" aria-labelledby="password-title">
      <h2 id="password-title">Contraseña</h2>
      <Form method="post" className="stack" {...getFormProps(form)}>
        <FormErrors errors={form.errors} id={form.errorId} />
        <Field
          field={fields.password}
          label="Nueva contraseña"
          hint="Mínimo 8 caracteres, con mayúscula, minúscula, número y símbolo. Tus otras sesiones se cerrarán."
        >
          <input {...getInputProps(fields.password, { type: "password", ariaDescribedBy: fields.password.descriptionId })} autoComplete="new-password" />
        </Field>
        <Field field={fields.confirm} label="Repite la nueva contraseña">
          <input {...getInputProps(fields.confirm, { type: "password" })} autoComplete="new-password" />
        </Field>
        <button type="submit" name="intent" value="password">
          Cambiar contraseña
        </button>
      </Form>
    </section>
  );
}

/** Until the account's address is proved (decision 078), what it cannot do yet and another link. */
function EmailProofSection({ proof }: { proof: { email: string; proved: boolean } | null }) {
  const [form] = useForm({ id: "proof-resend", lastResult: resultFor(useActionData<typeof action>(), "proof-resend") });
  if (!proof || proof.proved) return null;
  return (
    <section className="card stack" aria-labelledby="proof-title">
      <h2 id="proof-title">Confirma tu dirección de correo</h2>
      <p className="notice" role="status">
        Confirma tu dirección de correo para poder invitar a los miembros de tus peñas o añadirlos con su e-mail desde un archivo: abre el enlace que te
        enviamos a <strong>{proof.email}</strong>.
      </p>
      <Form method="post" className="stack" {...getFormProps(form)}>
        <FormErrors errors={form.errors} id={form.errorId} />
        <button type="submit" name="intent" value="proof-resend">
          Enviar otro enlace
        </button>
      </Form>
    </section>
  );
}

function AlertForm({ sendAlert }: { sendAlert: boolean | null }) {
  const [form] = useForm({ id: "alert", lastResult: resultFor(useActionData<typeof action>(), "alert") });
  return (
    <section className="card stack" aria-labelledby="alert-title">
      <h2 id="alert-title">Recordatorios por email</h2>
      {sendAlert === null ? (
        <Alert>{"No se pudo cargar tu preferencia de recordatorios."}</Alert>
      ) : (
        <Form method="post" className="stack" {...getFormProps(form)}>
          <FormErrors errors={form.errors} id={form.errorId} />
          {/* Always the stored value: a save that failed leaves the box as it was. */}
          <label className="check">
            <input type="checkbox" name="sendAlert" key={String(sendAlert)} defaultChecked={sendAlert} />
            Avisarme por email antes del cierre de cada jornada que aún no haya pronosticado
          </label>
          <button type="submit" name="intent" value="alert">
            Guardar preferencia
          </button>
        </Form>
      )}
    </section>
  );
}

function DigestForm({ sendDigest }: { sendDigest: boolean | null }) {
  const [form] = useForm({ id: "digest", lastResult: resultFor(useActionData<typeof action>(), "digest") });
  return (
    <section className="card stack" aria-labelledby="digest-title">
      <h2 id="digest-title">Resumen de la jornada por email</h2>
      {sendDigest === null ? (
        <Alert>{"No se pudo cargar tu preferencia del resumen."}</Alert>
      ) : (
        <Form method="post" className="stack" {...getFormProps(form)}>
          <FormErrors errors={form.errors} id={form.errorId} />
          <label className="check">
            <input type="checkbox" name="sendDigest" key={String(sendDigest)} defaultChecked={sendDigest} />
            Enviarme un resumen cuando haya resultados oficiales: mis aciertos, los de la quiniela grupal, el MVP y los 5 primeros
          </label>
          <button type="submit" name="intent" value="digest">
            Guardar opción del resumen
          </button>
        </Form>
      )}
    </section>
  );
}

/** The two kinds of mail that had no switch before the way out of every mail (decision 086). */
function OtherMailForm({
  intent,
  field,
  on,
  title,
  label,
  button,
  hint,
}: {
  intent: string;
  field: string;
  on: boolean | null;
  title: string;
  label: string;
  button: string;
  hint?: string;
}) {
  const [form] = useForm({ id: intent, lastResult: resultFor(useActionData<typeof action>(), intent) });
  return (
    <section className="card stack" aria-labelledby={`${intent}-title`}>
      <h2 id={`${intent}-title`}>{title}</h2>
      {on === null ? (
        <Alert>{"No se pudo cargar tu preferencia."}</Alert>
      ) : (
        <Form method="post" className="stack" {...getFormProps(form)}>
          <FormErrors errors={form.errors} id={form.errorId} />
          <label className="check">
            <input type="checkbox" name={field} key={String(on)} defaultChecked={on} />
            {label}
          </label>
          {hint ? <p className="muted">{hint}</p> : null}
          <button type="submit" name="intent" value={intent}>
            {button}
          </button>
        </Form>
      )}
    </section>
  );
}

function CalendarSection({ calendar }: { calendar: { https: string; webcal: string } | null }) {
  const [form] = useForm({ id: "calendar", lastResult: resultFor(useActionData<typeof action>(), "calendar-revoke") });
  return (
    <section className="card stack" aria-labelledby="calendar-title">
      <h2 id="calendar-title">Calendario del móvil</h2>
      {calendar === null ? (
        <Alert>{"No se pudo cargar tu enlace de calendario."}</Alert>
      ) : (
        <>
          <p className="muted">
            Las jornadas de tus grupos en el calendario de tu móvil, con aviso 24 horas y 1 hora antes del cierre. El enlace es privado: quien lo tenga ve tus
            jornadas.
          </p>
          <p>
            <a href={calendar.webcal}>Suscribirme en el calendario del móvil</a>
          </p>
          <p className="share-url">
            <span>Dirección para copiar en otro calendario: </span>
            <a href={calendar.https}>{calendar.https}</a>
          </p>
          <Form method="post" className="stack" {...getFormProps(form)}>
            <FormErrors errors={form.errors} id={form.errorId} />
            <button type="submit" name="intent" value="calendar-revoke" className="danger">
              Revocar
            </button>
            <p className="muted">Revocar crea un enlace nuevo y deja sin efecto el anterior.</p>
          </Form>
        </>
      )}
    </section>
  );
}

function PhraseForm({ phrase }: { phrase?: Phrase }) {
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: phrase ? `phrase-${phrase.id}` : "phrase-new",
    lastResult: resultFor(actionData, "phrase", phrase?.id),
    defaultValue: phrase ? { id: String(phrase.id), text: phrase.text, author: phrase.author } : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: phraseSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const title = phrase ? undefined : "new-phrase-title";
  return (
    <Form method="post" className="stack" aria-labelledby={title} {...getFormProps(form)}>
      {phrase ? null : <h3 id={title}>Añadir una frase</h3>}
      <FormErrors errors={form.errors} id={form.errorId} />
      {phrase ? <input type="hidden" name="id" value={phrase.id} /> : null}
      <Field field={fields.text} label="Frase">
        <textarea {...getTextareaProps(fields.text)} rows={2} />
      </Field>
      <Field field={fields.author} label="Autor">
        <input {...getInputProps(fields.author, { type: "text" })} />
      </Field>
      <button type="submit" name="intent" value="phrase">
        {phrase ? "Guardar frase" : "Añadir frase"}
      </button>
    </Form>
  );
}

function PhraseItem({ phrase }: { phrase: Phrase }) {
  const actionData = useActionData<typeof action>();
  const [removeForm] = useForm({ id: `delete-${phrase.id}`, lastResult: resultFor(actionData, "delete", phrase.id) });
  const editing = actionData?.intent === "phrase" && actionData.id === phrase.id;
  return (
    <li className="phrase-item">
      <blockquote>
        <p>«{phrase.text}»</p>
        <footer>{phrase.author}</footer>
      </blockquote>
      <details open={editing}>
        <summary>
          Editar<span className="sr-only"> la frase de {phrase.author}</span>
        </summary>
        <PhraseForm phrase={phrase} />
      </details>
      <Form method="post" {...getFormProps(removeForm)}>
        <FormErrors errors={removeForm.errors} id={removeForm.errorId} />
        <input type="hidden" name="id" value={phrase.id} />
        <button type="submit" name="intent" value="delete" className="danger" aria-label={`Eliminar la frase de ${phrase.author}`}>
          Eliminar
        </button>
      </Form>
    </li>
  );
}

/** «Tus datos»: everything the app keeps about you, as one download (RGPD arts. 15 and 20, decision 084). */
function YourDataSection() {
  return (
    <section className="card stack" aria-labelledby="your-data-title">
      <h2 id="your-data-title">Tus datos</h2>
      <p className="muted">
        Un archivo zip con todo lo que la aplicación guarda de ti: tu perfil, tus peñas, tus pronósticos, tus movimientos de la caja, tus partes de los premios,
        los correos que te enviamos, el registro de cambios y tus sesiones. Los CSV se abren con una hoja de cálculo.
      </p>
      <p>
        <a href="/perfil/mis-datos.zip" download>
          Descargar mis datos
        </a>
      </p>
    </section>
  );
}

/** «Eliminar mi cuenta» (decision 083): what goes and what stays, said before, and the password typed again. */
function DeleteAccountForm() {
  const [form, fields] = useForm({
    id: "delete-account",
    lastResult: resultFor(useActionData<typeof action>(), "delete-account"),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: deleteAccountSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <section className="card stack" aria-labelledby="delete-account-title">
      <h2 id="delete-account-title">Eliminar mi cuenta</h2>
      <p>Si eliminas tu cuenta:</p>
      <ul>
        <li>
          Se borran tu e-mail, tu nombre de usuario, tu avatar, tu contraseña y tus sesiones abiertas, tu enlace de calendario, los enlaces para compartir y de
          la pantalla de la oficina que hayas creado, tus recordatorios, tus borradores de importación y tus frases.
        </li>
        <li>
          En cada peña pasas a llamarte «Antiguo miembro» y un número, un nombre que no dice quién eras. Tus pronósticos pasados siguen contando en la
          clasificación y en las quinielas grupales ya jugadas, y tus movimientos de la caja se quedan con su importe: el saldo, la liquidación y el reparto de
          premios de los demás no cambian ni un céntimo.
        </li>
        <li>Si te queda saldo pendiente en la caja de una peña, su gestor lo verá a nombre de ese «Antiguo miembro» para saldarlo.</li>
        <li>Si eres el único gestor de una peña con más miembros, antes tienes que nombrar gestor a otro miembro en Roles.</li>
        <li>Podrás registrarte otra vez con el mismo e-mail, pero como una persona nueva: no recuperarás nada de esta cuenta.</li>
      </ul>
      <p>
        <strong>No se puede deshacer.</strong>
      </p>
      <Form method="post" className="stack" {...getFormProps(form)}>
        <FormErrors errors={form.errors} id={form.errorId} />
        <Field field={fields.password} label="Tu contraseña" hint="Escríbela otra vez para confirmar que quieres eliminar tu cuenta.">
          <input {...getInputProps(fields.password, { type: "password", ariaDescribedBy: fields.password.descriptionId })} autoComplete="current-password" />
        </Field>
        <button type="submit" name="intent" value="delete-account" className="danger">
          Eliminar mi cuenta
        </button>
      </Form>
    </section>
  );
}

export default function Profile() {
  const { user, phrases, sendAlert, sendDigest, sendManagerMail, sendAccountMail, manyGroups, calendar, emailProof } = useLoaderData<typeof loader>();
  return (
    <main className="page narrow profile">
      <h1>Perfil</h1>
      <p className="muted">
        {user.username} · {user.email}
      </p>
      {manyGroups ? (
        <p>
          <Link to="/grupos">Mis grupos</Link>
        </p>
      ) : null}
      <EmailProofSection proof={emailProof} />
      <AvatarForm avatarPath={user.avatarPath} />
      <PasswordForm />
      <AlertForm sendAlert={sendAlert} />
      <DigestForm sendDigest={sendDigest} />
      <OtherMailForm
        intent="manager-mail"
        field="sendManagerMail"
        on={sendManagerMail}
        title="Avisos para gestores por email"
        button="Guardar avisos para gestores"
        label="Avisarme como gestor: la apuesta que se hace sola al cierre, un miembro sin cuenta que pide borrar su dirección"
      />
      <OtherMailForm
        intent="account-mail"
        field="sendAccountMail"
        on={sendAccountMail}
        title="Avisos de acceso a tu cuenta"
        button="Guardar avisos de acceso"
        label="Enviarme los avisos sobre el acceso a mi cuenta: si alguien intenta registrarse con mi e-mail, y los enlaces para cambiar la contraseña"
        hint="Si lo desactivas, «¿Has olvidado tu contraseña?» no te enviará ningún enlace: vuelve a activarlo aquí antes de pedirlo."
      />
      <CalendarSection calendar={calendar} />
      <section className="card stack" aria-labelledby="phrases-title">
        <h2 id="phrases-title">Mis frases</h2>
        <p className="muted">Tus frases de fútbol favoritas; te acompañan mientras esperas a entrar.</p>
        {phrases === null ? (
          <Alert>{"No se pudieron cargar tus frases."}</Alert>
        ) : phrases.length ? (
          <ul className="phrase-list">
            {phrases.map((phrase) => (
              <PhraseItem key={phrase.id} phrase={phrase} />
            ))}
          </ul>
        ) : (
          <p>Todavía no has guardado ninguna frase.</p>
        )}
        <PhraseForm />
      </section>
      <YourDataSection />
      <DeleteAccountForm />
    </main>
  );
}
