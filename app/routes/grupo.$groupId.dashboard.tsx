import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Pending } from "~/components/Pending";
import { requireUser } from "~/session/session.server";

export const meta: MetaFunction = () => [{ title: "Panel del grupo · Quiniela de peñas" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export default function Screen() {
  return <Pending title="Panel del grupo" />;
}
