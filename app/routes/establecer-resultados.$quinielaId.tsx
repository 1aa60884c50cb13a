import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Pending } from "~/components/Pending";
import { requireAdmin } from "~/session/session.server";

export const meta: MetaFunction = () => [{ title: "Establecer resultados · Quiniela de peñas" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return null;
}

export default function Screen() {
  return <Pending title="Establecer resultados" />;
}
