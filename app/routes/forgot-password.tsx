import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { MessageAnswer } from "#core/contract/auth";
import { api, ApiError, CONNECTION_ERROR } from "~/server/shelf/client.server";
import { Field, FormErrors } from "~/components/Field";
import { forgotSchema } from "~/forms/auth";

export const meta: MetaFunction = () => [{ title: "Recuperar contraseña · Quiniela de peñas" }];

const SENT = "Si el correo existe, hemos enviado la contraseña a tu bandeja de entrada.";

export async function loader({ request }: LoaderFunctionArgs) {
  return { sent: new URL(request.url).searchParams.has("enviado") };
}

export async function action({ request }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: forgotSchema });
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400 });
  try {
    await api.post(request, "/api/auth/forgot-password", { email: submission.value.email }, MessageAnswer);
  } catch (error) {
    const message =
      error instanceof ApiError
        ? error.status === 503
          ? CONNECTION_ERROR
          : error.message || "No se pudo enviar el correo. Intenta de nuevo."
        : "No se pudo enviar el correo. Intenta de nuevo.";
    return data({ lastResult: submission.reply({ formErrors: [message] }) }, { status: 400 });
  }
  return redirect("/forgot-password?enviado");
}

export default function ForgotPassword() {
  const { sent } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult: actionData?.lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: forgotSchema }),
    shouldValidate: "onBlur",
  });
  const busy = navigation.state === "submitting";
  return (
    <main className="page narrow">
      <h1>Recuperar contraseña</h1>
      {sent ? (
        <div className="card stack">
          <p className="success" role="status">
            {SENT}
          </p>
          <Link to="/" className="button">
            Volver
          </Link>
        </div>
      ) : (
        <Form method="post" className="stack card" {...getFormProps(form)}>
          <p className="muted">Te enviaremos un enlace para elegir una contraseña nueva.</p>
          <FormErrors errors={form.errors} id={form.errorId} />
          <Field field={fields.email} label="Email">
            <input {...getInputProps(fields.email, { type: "email" })} required autoComplete="email" />
          </Field>
          <button type="submit" disabled={busy}>
            {busy ? "Enviando..." : "Enviar"}
          </button>
          <p>
            <Link to="/login">Volver a iniciar sesión</Link>
          </p>
        </Form>
      )}
    </main>
  );
}
