import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { joinGroup, loadMyGroups } from "~/server/group/groups.server";
import { MyGroups } from "~/components/GroupForms";
import { requireUser } from "~/server/shelf/session.server";

export const meta: MetaFunction = () => [{ title: "Mis grupos · Quiniela de peñas" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return loadMyGroups(request);
}

export async function action({ request }: ActionFunctionArgs) {
  await requireUser(request);
  return joinGroup(request);
}

export default function MyGroupsPage() {
  const { groups, loadError } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <main className="page">
      <h1>Mis grupos</h1>
      <MyGroups groups={groups} loadError={loadError} lastResult={actionData?.lastResult} action="/grupos" />
    </main>
  );
}
