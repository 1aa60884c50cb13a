import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { joinGroup, loadMyGroups } from "~/server/groups.server";
import { AdminPanel } from "~/components/AdminPanel";
import { MyGroups } from "~/components/GroupForms";
import { requireUser } from "~/server/session/session.server";

export const meta: MetaFunction = () => [{ title: "Inicio · Quiniela de peñas" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  if (user.isAdmin) return { isAdmin: true, groups: [], loadError: null };
  const { groups, loadError } = await loadMyGroups(request);
  // A single group is selected for the player (docs/architecture.md#screens-and-who-reaches-them).
  if (groups.length === 1) throw redirect(`/grupo/${groups[0].id}/dashboard`);
  return { isAdmin: false, groups, loadError };
}

export async function action({ request }: ActionFunctionArgs) {
  await requireUser(request);
  return joinGroup(request);
}

export default function Home() {
  const { isAdmin, groups, loadError } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <main className="page">
      <h1>{isAdmin ? "Panel de administración" : "Mis grupos"}</h1>
      {isAdmin ? <AdminPanel /> : <MyGroups groups={groups} loadError={loadError} lastResult={actionData?.lastResult} action="/inicio" />}
    </main>
  );
}
