import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { useEffect, useState } from "react";
import { CONNECTION_ERROR } from "~/server/shelf/client.server";
import { submitToBackend } from "~/server/shelf/submit.server";
import { Field, FormErrors } from "~/components/Field";
import { loginSchema } from "~/forms/auth";
import { FORM_PAGE, type RouteHandle } from "~/route-handle";
import { loadingPhrases } from "~/server/session/waiting-quotes.server";
import { auth } from "~/server/session/auth.server";
import { commitUser, getUser, homeFor, safeRedirect } from "~/server/shelf/session.server";

export const meta: MetaFunction = () => [{ title: "Iniciar sesión · Quiniela de peñas" }];

/** Each quote of the wait screen shows for 10 s of a cycle as long as all of them: the share depends on their count. */
function quoteKeyframes(count: number) {
  const share = 100 / Math.max(count, 1);
  return `@keyframes quote{0%,${(share - 0.01).toFixed(2)}%{opacity:1}${share.toFixed(2)}%,100%{opacity:0}}`;
}

// Plain posts, no Remix client (decision 038): the wait screen works from CSS alone (decision 004).
export const handle: RouteHandle = { ...FORM_PAGE, headStyle: (data) => quoteKeyframes((data as { phrases: unknown[] }).phrases.length) };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getUser(request);
  if (user) throw redirect(homeFor(user));
  return { phrases: await loadingPhrases() };
}

export async function action({ request }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.clone().formData(), { schema: loginSchema });
  if (submission.status !== "success") {
    return data({ lastResult: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  }
  const signedIn = await submitToBackend(
    submission,
    () => auth().authenticate("form", request),
    ({ status, message }) => (status === 429 ? message("") : status === 503 ? CONNECTION_ERROR : "Login incorrecto. Revisa usuario y contraseña."),
    { hideFields: ["password"] },
  );
  if (!signedIn.ok) return data({ lastResult: signedIn.reply }, { status: signedIn.failure.status === 429 ? 429 : 401 });
  const { user, token } = signedIn.value;
  const to = safeRedirect(submission.value.redirectTo, homeFor(user));
  return redirect(user.isAdmin || to !== "/inicio" ? to : homeFor(user), { headers: { "Set-Cookie": await commitUser(request, token, user) } });
}

export default function Login() {
  const { phrases } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);
  const [form, fields] = useForm({
    lastResult: actionData?.lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const busy = navigation.state !== "idle" && navigation.formAction === "/login";
  return (
    <main className="page narrow">
      <h1>Iniciar sesión</h1>
      <Form
        method="post"
        action="/login"
        className="stack login-form card"
        data-enhanced={enhanced ? "" : undefined}
        data-busy={busy ? "" : undefined}
        {...getFormProps(form)}
      >
        <FormErrors errors={form.errors} id={form.errorId} />
        <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? ""} />
        {/* An address names an account once it is confirmed (decision 092): until then, the username. */}
        <Field field={fields.identifier} label="Usuario o email" hint="Recién registrado: entra con tu nombre de usuario hasta confirmar tu e-mail.">
          <input
            {...getInputProps(fields.identifier, { type: "text", ariaDescribedBy: fields.identifier.descriptionId })}
            autoComplete="username"
            autoCapitalize="none"
          />
        </Field>
        <Field field={fields.password} label="Contraseña">
          <input {...getInputProps(fields.password, { type: "password" })} autoComplete="current-password" />
        </Field>
        <button type="submit" disabled={busy}>
          Entrar
        </button>
        <p className="row">
          <Link to="/forgot-password">¿Has olvidado tu contraseña?</Link> <Link to="/register">Crear una cuenta</Link>
        </p>
      </Form>
      {/* The wait screen's words are in data-text, drawn by CSS (app.css): a browser without CSS (w3m,
          lynx) would otherwise show all of them under the form, and hidden or <template> hide nothing there. */}
      <div className="wait" aria-live="polite">
        <div className="wait-box">
          <p data-text="Entrando… el servidor está despertando." />
          <div className="quotes" style={{ "--cycle": `${Math.max(phrases.length, 1) * 10}s` } as React.CSSProperties}>
            {phrases.map((phrase, i) => (
              <blockquote key={phrase.text} className="quote" style={{ "--i": i } as React.CSSProperties}>
                <p data-text={`«${phrase.text}»`} />
                <footer data-text={phrase.author} />
              </blockquote>
            ))}
          </div>
          <div className="bar">
            <span />
          </div>
        </div>
      </div>
    </main>
  );
}
