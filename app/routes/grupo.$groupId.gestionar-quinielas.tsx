import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { roundSettingsAction, roundSettingsLoader } from "~/server/round-settings.server";
import { RoundSettings } from "~/components/RoundSettings";

export const meta: MetaFunction = () => [{ title: "Gestionar quinielas · Quiniela de peñas" }];

export const loader = ({ request, params }: LoaderFunctionArgs) => roundSettingsLoader(request, params.groupId);

export const action = ({ request, params }: ActionFunctionArgs) => roundSettingsAction(request, params.groupId);

export default function GestionarQuinielas() {
  return <RoundSettings title="Gestionar quinielas" />;
}
