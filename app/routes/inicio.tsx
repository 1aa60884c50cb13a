import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { joinGroup, loadMyGroups } from "~/server/group/groups.server";
import { AdminPanel } from "~/components/AdminPanel";
import { MyGroups } from "~/components/GroupForms";
import { requireUser } from "~/server/shelf/session.server";
import { loadPanel } from "~/server/official/jornadas.server";

export const meta: MetaFunction = () => [{ title: "Inicio · Quiniela de peñas" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  if (user.isAdmin) {
    // The official jornadas waiting for an admin (a name, a season, a change to accept): told here too (decision 046).
    const panel = await loadPanel(request);
    const waiting = panel?.jornadas.filter((j) => j.status !== "creada").length ?? 0;
    return { isAdmin: true, groups: [], loadError: null, waiting };
  }
  const { groups, loadError } = await loadMyGroups(request);
  // A single group is selected for the player (docs/architecture.md#screens-and-who-reaches-them).
  if (groups.length === 1) throw redirect(`/grupo/${groups[0].id}/dashboard`);
  return { isAdmin: false, groups, loadError, waiting: 0 };
}

export async function action({ request }: ActionFunctionArgs) {
  await requireUser(request);
  return joinGroup(request);
}

export default function Home() {
  const { isAdmin, groups, loadError, waiting } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <main className="page">
      <h1>{isAdmin ? "Panel de administración" : "Mis grupos"}</h1>
      {isAdmin && waiting > 0 ? (
        <p className="notice" role="status">
          {waiting === 1 ? "Una jornada oficial espera tu decisión" : `${waiting} jornadas oficiales esperan tu decisión`}:{" "}
          <Link to="/call-quiniela">ver el panel de jornadas</Link>.
        </p>
      ) : null}
      {isAdmin ? <AdminPanel /> : <MyGroups groups={groups} loadError={loadError} lastResult={actionData?.lastResult} action="/inicio" />}
    </main>
  );
}
