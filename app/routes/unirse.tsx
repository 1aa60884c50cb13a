import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ClaimAnswer, RegisteredAnswer } from "#core/contract/auth";
import { api, errorMessage } from "~/server/shelf/client.server";
import { Field, FormErrors } from "~/components/Field";
import { claimSchema } from "~/forms/auth";
import { redirectWithToast } from "~/server/shelf/toast.server";
import { FORM_PAGE, type RouteHandle } from "~/route-handle";

export const handle: RouteHandle = FORM_PAGE;

export const meta: MetaFunction = () => [{ title: "Termina tu registro · Quiniela de peñas" }];

// The page holds an address and a live token, and its visitor is signed out: nothing may store it (decision 079).
export const headers: HeadersFunction = () => ({ "cache-control": "no-store" });

/**
 * The link sent to a member imported without an account (decision 061): only the holder of the
 * address has it, so here, and only here, that member becomes an account with the username and
 * password chosen now.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  try {
    const { email } = await api.read(request, `/auth/claim?token=${encodeURIComponent(token)}`, ClaimAnswer);
    return { token, email, invalid: null };
  } catch (error) {
    return { token, email: null, invalid: errorMessage(error, "El enlace no es válido.") };
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: claimSchema });
  const hideFields = ["password", "confirm"];
  if (submission.status !== "success") return data({ lastResult: submission.reply({ hideFields }) }, { status: 400 });
  const { token, username, password } = submission.value;
  try {
    await api.post(request, "/auth/claim", { token, username, password }, RegisteredAnswer);
  } catch (error) {
    return data({ lastResult: submission.reply({ formErrors: [errorMessage(error, "No se pudo terminar el registro.")], hideFields }) }, { status: 400 });
  }
  return redirectWithToast("/login", { kind: "success", text: "Ya tienes cuenta: tus pronósticos y tus pagos son tuyos. Ya puedes iniciar sesión." });
}

export default function Claim() {
  const { token, email, invalid } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({
    lastResult: actionData?.lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: claimSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <main className="page narrow">
      <h1>Termina tu registro</h1>
      {invalid ? (
        <div className="card stack">
          <p className="form-error">{invalid}</p>
          <Link to="/register">Registrarse</Link>
        </div>
      ) : (
        <Form method="post" className="stack card" {...getFormProps(form)}>
          <p>
            Una peña ya lleva tus pronósticos y tus pagos con el e-mail <strong>{email}</strong>. Elige tu nombre de usuario y tu contraseña.
          </p>
          <FormErrors errors={form.errors} id={form.errorId} />
          <input type="hidden" name="token" value={token} />
          <Field field={fields.username} label="Nombre de usuario">
            <input {...getInputProps(fields.username, { type: "text" })} autoComplete="username" autoCapitalize="none" />
          </Field>
          <Field field={fields.password} label="Contraseña" hint="Mínimo 8 caracteres, con mayúscula, minúscula, número y símbolo.">
            <input {...getInputProps(fields.password, { type: "password", ariaDescribedBy: fields.password.descriptionId })} autoComplete="new-password" />
          </Field>
          <Field field={fields.confirm} label="Repite la contraseña">
            <input {...getInputProps(fields.confirm, { type: "password" })} autoComplete="new-password" />
          </Field>
          <button type="submit">Crear mi cuenta</button>
        </Form>
      )}
      <p>
        <Link to="/privacidad">Qué datos guardamos y tus derechos</Link>
      </p>
    </main>
  );
}
