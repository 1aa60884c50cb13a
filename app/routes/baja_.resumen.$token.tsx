import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData } from "@remix-run/react";
import type { RouteHandle } from "~/route-handle";
import { unsubscribeDigest } from "~/server/mail/digest.server";

// Reached from an e-mail, often without a session: plain HTML, no script (docs/decisions/022).
export const handle: RouteHandle = { scripts: false };

export const meta: MetaFunction = () => [{ title: "Resumen de la jornada · Quiniela de peñas" }, { name: "robots", content: "noindex, nofollow" }];

// A GET only asks: mail scanners open links, and a visit must not change anything. The POST is
// the form below or the mail client's one-click (RFC 8058, List-Unsubscribe-Post).
export async function loader() {
  return null;
}

export async function action({ params }: ActionFunctionArgs) {
  return unsubscribeDigest(params.token ?? "");
}

export default function Unsubscribe() {
  const done = useActionData<typeof action>();
  return (
    <main className="page narrow stack">
      <h1>Resumen de la jornada por email</h1>
      {done?.ok ? (
        <p role="status">Listo: ya no recibirás el resumen de la jornada. Puedes volver a activarlo en tu perfil.</p>
      ) : (
        <>
          {done ? <p role="alert">{done.message}</p> : null}
          <p>¿Quieres dejar de recibir el resumen de cada jornada por email?</p>
          <Form method="post">
            <button type="submit">Dejar de recibir el resumen</button>
          </Form>
        </>
      )}
    </main>
  );
}
