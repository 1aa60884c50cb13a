import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { MessageAnswer } from "#core/contract/auth";
import { api, errorMessage } from "~/server/shelf/client.server";
import { Field, FormErrors } from "~/components/Field";
import { changePasswordSchema } from "~/forms/auth";
import { getUser } from "~/server/shelf/session.server";
import { redirectWithToast } from "~/server/shelf/toast.server";

export const meta: MetaFunction = () => [{ title: "Cambiar contraseña · Quiniela de peñas" }];

/** With the e-mailed token anyone may set a new password; without it, only a signed-in user, for themselves. */
export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const user = await getUser(request);
  return { token, mode: token ? "reset" : user ? "change" : "invalid" };
}

export async function action({ request }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: changePasswordSchema });
  const hideFields = ["password", "confirm"];
  if (submission.status !== "success") return data({ lastResult: submission.reply({ hideFields }) }, { status: 400 });
  const { token, password } = submission.value;
  const user = await getUser(request);
  if (!token && !user) return data({ lastResult: submission.reply({ formErrors: ["El enlace no es válido. Pide uno nuevo."], hideFields }) }, { status: 400 });
  try {
    if (token) await api.post(request, "/auth/ResetPassword", { token, newPassword: password }, MessageAnswer);
    else await api.post(request, "/auth/UpdatePassword", { newPassword: password }, MessageAnswer);
  } catch (error) {
    const message = token
      ? errorMessage(error, "No se pudo cambiar la contraseña.")
      : `No se pudo actualizar la contraseña: ${errorMessage(error, "inténtalo de nuevo.")}`;
    return data({ lastResult: submission.reply({ formErrors: [message], hideFields }) }, { status: 400 });
  }
  return token
    ? redirectWithToast("/login", { kind: "success", text: "Contraseña actualizada. Ya puedes iniciar sesión." })
    : redirectWithToast("/perfil", { kind: "success", text: "Contraseña actualizada." });
}

export default function ChangePassword() {
  const { token, mode } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({
    lastResult: actionData?.lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changePasswordSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <main className="page narrow">
      <h1>Cambiar contraseña</h1>
      {mode === "invalid" ? (
        <div className="card stack">
          <p className="form-error">El enlace no es válido. Pide uno nuevo desde «Recuperar contraseña».</p>
          <Link to="/forgot-password">Recuperar contraseña</Link>
        </div>
      ) : (
        <Form method="post" className="stack card" {...getFormProps(form)}>
          <FormErrors errors={form.errors} id={form.errorId} />
          <input type="hidden" name="token" value={token} />
          <Field field={fields.password} label="Nueva contraseña" hint="Mínimo 8 caracteres, con mayúscula, minúscula, número y símbolo.">
            <input {...getInputProps(fields.password, { type: "password", ariaDescribedBy: fields.password.descriptionId })} autoComplete="new-password" />
          </Field>
          <Field field={fields.confirm} label="Repite la contraseña">
            <input {...getInputProps(fields.confirm, { type: "password" })} autoComplete="new-password" />
          </Field>
          <button type="submit">Cambiar contraseña</button>
        </Form>
      )}
    </main>
  );
}
