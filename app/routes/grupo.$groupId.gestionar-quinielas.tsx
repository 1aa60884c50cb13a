import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { roundSettingsAction, roundSettingsLoader } from "~/server/round-settings.server";
import { RoundSettings } from "~/components/RoundSettings";

export const meta: MetaFunction = () => [{ title: "Gestionar quinielas · Quiniela de peñas" }];
// A save refused as stale (409) still reloads the page's data (decision 021).
export { revalidateAfterConflict as shouldRevalidate } from "~/components/conflict";

export const loader = ({ request, params }: LoaderFunctionArgs) => roundSettingsLoader(request, params.groupId);

export const action = ({ request, params }: ActionFunctionArgs) => roundSettingsAction(request, params.groupId);

export default function GestionarQuinielas() {
  return <RoundSettings title="Gestionar quinielas" />;
}
