import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { MessageAnswer, REGISTERED } from "#core/contract/auth";
import { api, errorMessage } from "~/server/shelf/client.server";
import { AvatarField, Field, FormErrors } from "~/components/Field";
import { registerSchema } from "~/forms/auth";
import { getUser, homeFor } from "~/server/shelf/session.server";
import { redirectWithToast } from "~/server/shelf/toast.server";
import { readMultipartForm, TOO_LARGE } from "~/server/shelf/upload.server";
import { FORM_PAGE, type RouteHandle } from "~/route-handle";

// Plain posts, no Remix client; the passwords can be shown with a small script (decision 038).
export const handle: RouteHandle = { ...FORM_PAGE, enhance: [...FORM_PAGE.enhance, "/enhance/show-passwords.js"] };

export const meta: MetaFunction = () => [{ title: "Registro · Quiniela de peñas" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getUser(request);
  if (user) throw redirect(homeFor(user));
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const { formData, tooLarge } = await readMultipartForm(request);
  const submission = parseWithZod(formData, { schema: registerSchema });
  const hideFields = ["password", "confirm"];
  if (submission.status !== "success") return data({ lastResult: submission.reply({ hideFields }) }, { status: 400 });
  if (tooLarge) return data({ lastResult: submission.reply({ fieldErrors: { avatar: [TOO_LARGE] }, hideFields }) }, { status: 413 });
  const body = new FormData();
  body.set("email", submission.value.email);
  body.set("username", submission.value.username);
  body.set("password", submission.value.password);
  const avatar = formData.get("avatar");
  if (avatar instanceof File && avatar.size > 0) body.set("avatar", avatar);
  try {
    await api.post(request, "/auth/register", body, MessageAnswer);
  } catch (error) {
    const message = `Error al registrar: ${errorMessage(error, "inténtalo de nuevo.")}`;
    return data({ lastResult: submission.reply({ formErrors: [message], hideFields }) }, { status: 400 });
  }
  // The same answer for a free address, an account's and a placeholder's (decisions 078 and 092): the
  // spec's message, on the sign-in page. Signing the newcomer in here would tell a free address from
  // a taken one; the account is there in every case, and the next sign-in by username lets them in.
  return redirectWithToast("/login", { kind: "success", text: REGISTERED });
}

export default function Register() {
  const actionData = useActionData<typeof action>();
  const [show, setShow] = useState(false);
  // The checkbox can only switch the fields with a script: without one it is not offered at all.
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);
  const [form, fields] = useForm({
    lastResult: actionData?.lastResult ?? undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: registerSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const passwordType = show ? "text" : "password";
  return (
    <main className="page narrow">
      <h1>Registro</h1>
      <Form method="post" action="/register" encType="multipart/form-data" className="stack card" {...getFormProps(form)}>
        <FormErrors errors={form.errors} id={form.errorId} />
        <Field field={fields.email} label="Email">
          <input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" />
        </Field>
        <Field field={fields.username} label="Nombre de usuario">
          <input {...getInputProps(fields.username, { type: "text" })} autoComplete="username" autoCapitalize="none" />
        </Field>
        <Field field={fields.password} label="Contraseña" hint="Mínimo 8 caracteres, con mayúscula, minúscula, número y símbolo.">
          <input {...getInputProps(fields.password, { type: passwordType, ariaDescribedBy: fields.password.descriptionId })} autoComplete="new-password" />
        </Field>
        <Field field={fields.confirm} label="Repite la contraseña">
          <input {...getInputProps(fields.confirm, { type: passwordType })} autoComplete="new-password" />
        </Field>
        {enhanced ? (
          <label className="check">
            <input type="checkbox" name="showPasswords" checked={show} onChange={(e) => setShow(e.target.checked)} />
            Mostrar contraseñas
          </label>
        ) : (
          // Loaded as a document the page has no Remix client: /enhance/show-passwords.js puts this in place.
          <template id="show-passwords">
            <label className="check">
              <input type="checkbox" name="showPasswords" />
              Mostrar contraseñas
            </label>
          </template>
        )}
        <AvatarField field={fields.avatar} label="Avatar (opcional)" />
        <button type="submit">Registrarse</button>
        <p>
          ¿Ya tienes cuenta? <Link to="/login">Inicia sesión</Link>
        </p>
        <p>
          <Link to="/privacidad">Qué datos guardamos y tus derechos</Link>
        </p>
      </Form>
    </main>
  );
}
