import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AuditTrail as AuditTrailSchema } from "#core/contract/audit";
import { api, loadOrNull } from "~/server/client.server";
import { AuditTrail } from "~/components/AuditTrail";
import { Alert } from "~/components/Field";
import { requireAdmin } from "~/server/session/session.server";

export const meta: MetaFunction = () => [{ title: "Registro de cambios · Quiniela de peñas" }];

/** Every change by a manager or an admin, of every group and of the catalogue (docs/decisions/015). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return { entries: await loadOrNull(() => api.read(request, "/Audit/All?limit=200", AuditTrailSchema)) };
}

export default function AdminAudit() {
  const { entries } = useLoaderData<typeof loader>();
  return (
    <main className="page">
      <h1>Registro de cambios</h1>
      <p className="muted">
        Los últimos 200 cambios de gestores y administradores, de todos los grupos y del catálogo. <Link to="/inicio">Volver al panel</Link>
      </p>
      {entries ? <AuditTrail entries={entries} showGroup title="Cambios" /> : <Alert>No se pudo cargar el registro de cambios.</Alert>}
    </main>
  );
}
