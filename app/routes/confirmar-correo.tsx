import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { MessageAnswer } from "#core/contract/auth";
import { api, errorMessage } from "~/server/shelf/client.server";
import { getUser } from "~/server/shelf/session.server";
import { redirectWithToast } from "~/server/shelf/toast.server";
import { FORM_PAGE, type RouteHandle } from "~/route-handle";

export const handle: RouteHandle = FORM_PAGE;

export const meta: MetaFunction = () => [{ title: "Confirma tu dirección de correo · Quiniela de peñas" }];

/**
 * The link mailed to an account's own address (decision 078). Opening it only shows a button: a
 * mail program that fetches the link to look at it proves nothing; pressing it (a plain form, no
 * script needed) does.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return { token: new URL(request.url).searchParams.get("token") ?? "" };
}

export async function action({ request }: ActionFunctionArgs) {
  const token = String((await request.formData()).get("token") ?? "");
  let message: string;
  try {
    ({ message } = await api.post(request, "/auth/confirm-email", { token }, MessageAnswer));
  } catch (error) {
    return data({ error: errorMessage(error, "No se pudo confirmar la dirección.") }, { status: 400 });
  }
  return redirectWithToast((await getUser(request)) ? "/perfil" : "/login", { kind: "success", text: message });
}

export default function ConfirmEmail() {
  const { token } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <main className="page narrow">
      <h1>Confirma tu dirección de correo</h1>
      <Form method="post" className="stack card">
        {actionData?.error ? (
          <p className="form-error" role="alert">
            {actionData.error}
          </p>
        ) : null}
        <p>Pulsa el botón para confirmar que la dirección a la que te llegó este enlace es tuya. Así podrás invitar por correo a los miembros de tus peñas.</p>
        <input type="hidden" name="token" value={token} />
        <button type="submit">Confirmar mi dirección</button>
        <p>
          <Link to="/perfil">Ir a mi perfil</Link>
        </p>
      </Form>
    </main>
  );
}
