import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { createGroup } from "~/server/group/groups.server";
import { CreateGroupForm } from "~/components/GroupForms";
import { requireUser } from "~/server/shelf/session.server";

export const meta: MetaFunction = () => [{ title: "Crear grupo · Quiniela de peñas" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  await requireUser(request);
  return createGroup(request);
}

export default function CreateGroup() {
  const actionData = useActionData<typeof action>();
  return (
    <main className="page narrow">
      <h1>Crear grupo</h1>
      <p className="muted">El código de invitación se genera al crear el grupo.</p>
      <CreateGroupForm lastResult={actionData?.lastResult} />
    </main>
  );
}
