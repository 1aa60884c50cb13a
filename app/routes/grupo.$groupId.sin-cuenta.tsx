import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { formatDateTime } from "#core/dates";
import { Alert } from "~/components/Field";
import { StackedTable } from "~/components/StackedTable";
import { loadPlaceholdersPage, placeholdersAction } from "~/server/moving-in/placeholders.server";
import { FORM_PAGE, type RouteHandle } from "~/route-handle";

// Plain posts, no Remix client (decision 038): the invitation works without JavaScript.
export const handle: RouteHandle = FORM_PAGE;

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Miembros sin cuenta · ${data?.groupName ?? "Grupo"} · Quiniela de peñas` }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadPlaceholdersPage(request, params.groupId);
}

export async function action({ request, params }: ActionFunctionArgs) {
  return placeholdersAction(request, params.groupId);
}

export default function PlaceholdersPage() {
  const { groupId, groupName, placeholders, members, error } = useLoaderData<typeof loader>();
  return (
    <main className="page stack">
      <h1>Miembros sin cuenta</h1>
      <p className="muted">
        <Link to={`/grupo/${groupId}`}>Volver a {groupName}</Link>
      </p>
      <p>
        Son los miembros importados que aún no tienen cuenta. Sus pronósticos y pagos ya cuentan; cuando abran el enlace que les llega a su e-mail, todo pasará
        a su cuenta. La invitación lleva el código del grupo y ese enlace, y se envía una sola vez.
      </p>
      <p>
        Si ya tiene cuenta con otro e-mail y es miembro del grupo, únelo a ella: sus pronósticos y sus movimientos de la caja pasan a ese miembro. Si los dos
        tienen pronóstico en la misma jornada, no se une nada hasta que quites uno.
      </p>
      {error ? <Alert>No se pudo cargar la lista: {error}</Alert> : null}
      {placeholders.length === 0 && !error ? (
        <p>No hay miembros sin cuenta en este grupo.</p>
      ) : (
        <StackedTable columns={["Nombre", "E-mail", "Invitación", "Unir a una cuenta"]}>
          {placeholders.map((p) => (
            <tr key={p.userId}>
              <th scope="row">{p.name}</th>
              <td data-label="E-mail">{p.email}</td>
              <td data-label="Invitación">
                {p.mailStopped ? (
                  // Its holder asked for no mail, or had the address removed (decision 086): nothing to send.
                  <span>
                    {p.email ? "No se envía: esta dirección ha pedido no recibir correos de esta aplicación" : "Sin e-mail: quien lo recibía pidió borrarlo"}
                  </span>
                ) : (
                  <div className="row">
                    <span>{p.invitedAt ? `Enviada el ${formatDateTime(p.invitedAt)}` : "Sin enviar"}</span>
                    {/* Pressed again (a second tab, two managers) it sends nothing and says when it went. */}
                    <form method="post">
                      <input type="hidden" name="userId" value={p.userId} />
                      <input type="hidden" name="name" value={p.name} />
                      <button type="submit" className={p.invitedAt ? "secondary" : undefined} aria-label={`Enviar invitación a ${p.name}`}>
                        Enviar invitación
                      </button>
                    </form>
                  </div>
                )}
              </td>
              <td data-label="Unir a una cuenta">
                <form method="post" className="row">
                  <input type="hidden" name="userId" value={p.userId} />
                  <input type="hidden" name="name" value={p.name} />
                  <label htmlFor={`link-${p.userId}`}>Unir a {p.name} con</label>
                  <select id={`link-${p.userId}`} name="memberId" required defaultValue="">
                    <option value="" disabled>
                      Elige un miembro
                    </option>
                    {members.map((m) => (
                      <option key={m.userId} value={m.userId}>
                        {m.username}
                      </option>
                    ))}
                  </select>
                  <button type="submit" name="intent" value="link" className="secondary">
                    Unir
                  </button>
                </form>
              </td>
            </tr>
          ))}
        </StackedTable>
      )}
    </main>
  );
}
