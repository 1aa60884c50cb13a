import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { MAIL_KIND_NAMES, type WayOutRead } from "#core/contract/way-out";
import type { RouteHandle } from "~/route-handle";
import { loadWayOut, wayOutAction } from "~/server/mail/way-out.server";

// Reached from an e-mail, often without a session: plain HTML, no script (decision 022).
export const handle: RouteHandle = { scripts: false };

export const meta: MetaFunction = () => [{ title: "Dejar de recibir correos · Quiniela de peñas" }, { name: "robots", content: "noindex, nofollow" }];

// The GET only asks: mail scanners open links, and a visit must not change anything (decision 086).
export async function loader({ request }: LoaderFunctionArgs) {
  return loadWayOut(request);
}

// The page's forms, and the mail client's one-click (RFC 8058, List-Unsubscribe-Post).
export async function action({ request }: ActionFunctionArgs) {
  return wayOutAction(request);
}

export default function WayOut() {
  const { token, read, error } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <main className="page narrow stack">
      <h1>Dejar de recibir correos</h1>
      {answer?.done ? (
        <>
          <p role="status">{answer.done}</p>
          <p>
            <Link to="/privacidad">Cómo tratamos tus datos y tus derechos</Link>
          </p>
        </>
      ) : (
        <>
          {answer?.error ? <p role="alert">{answer.error}</p> : null}
          {read ? <Choices token={token} read={read} /> : <p role="alert">{error}</p>}
        </>
      )}
    </main>
  );
}

function Choice({ token, intent, label, children }: { token: string; intent: string; label: string; children?: React.ReactNode }) {
  return (
    <form method="post" className="card stack">
      {children}
      <input type="hidden" name="token" value={token} />
      <button type="submit" name="intent" value={intent}>
        {label}
      </button>
    </form>
  );
}

function Choices({ token, read }: { token: string; read: WayOutRead }) {
  if (read.kind === "account") {
    const what = MAIL_KIND_NAMES[read.mail];
    return read.off ? (
      <Choice token={token} intent="resume" label="Volver a recibirlos">
        <p>Ya no recibes {what}.</p>
      </Choice>
    ) : (
      <Choice token={token} intent="stop" label="Dejar de recibirlos">
        <p>¿Quieres dejar de recibir {what}? Podrás volver a activarlos en tu perfil.</p>
      </Choice>
    );
  }
  const groups = read.groups.map((g) => `«${g}»`).join(", ");
  return (
    <>
      {read.groups.length > 0 ? (
        <p>
          Esta dirección figura en {read.groups.length === 1 ? "la peña" : "las peñas"} {groups} como la de un miembro que aún no tiene cuenta en Quiniela de
          peñas.
        </p>
      ) : null}
      {read.stopped ? (
        <Choice token={token} intent="resume" label="Volver a recibir correos">
          <p>Esta dirección ya no recibe ningún correo de esta aplicación.</p>
        </Choice>
      ) : (
        <Choice token={token} intent="stop" label="No me escribáis más">
          <p>
            Dejar de recibir todo correo de esta aplicación en esta dirección, aunque una peña vuelva a apuntarla. Solo guardaremos una huella cifrada de ella.
          </p>
        </Choice>
      )}
      {read.groups.length > 0 ? (
        <Choice token={token} intent="not-me" label="No soy miembro de esta peña: borrad mi dirección">
          <p>
            El miembro seguirá en la peña con su nombre y su historial, pero sin esta dirección, y {read.groups.length === 1 ? "su gestor" : "sus gestores"} lo
            sabrán.
          </p>
        </Choice>
      ) : null}
    </>
  );
}
