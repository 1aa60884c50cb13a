import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AUDIT_PAGE, loadAuditPage } from "~/server/group/audit.server";
import { AuditTrail } from "~/components/AuditTrail";
import { Alert } from "~/components/Field";
import { requireAdmin } from "~/server/shelf/session.server";
import type { RouteHandle } from "~/route-handle";

// Links and a list: plain HTML, no Remix client (decision 038).
export const handle: RouteHandle = { scripts: false };

export const meta: MetaFunction = () => [{ title: "Registro de cambios · Quiniela de peñas" }];

/** Every change by a manager or an admin, of every group and of the catalogue (docs/decisions/015). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return { trail: await loadAuditPage(request, "/Audit/All") };
}

export default function AdminAudit() {
  const { trail } = useLoaderData<typeof loader>();
  return (
    <main className="page">
      <h1>Registro de cambios</h1>
      <p className="muted">
        Los cambios de gestores y administradores, de todos los grupos y del catálogo, de {AUDIT_PAGE} en {AUDIT_PAGE}: lo más reciente primero.{" "}
        <Link to="/inicio">Volver al panel</Link>
      </p>
      {trail ? <AuditTrail {...trail} showGroup title="Cambios" /> : <Alert>No se pudo cargar el registro de cambios.</Alert>}
    </main>
  );
}
