import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { roundSettingsAction, roundSettingsLoader } from "~/api/round-settings.server";
import { KioskLinks } from "~/components/KioskLinks";
import { RoundSettings } from "~/components/RoundSettings";
import { loadKioskLinks } from "~/kiosk.server";

export const meta: MetaFunction = () => [{ title: "Ajustes del grupo · Quiniela de peñas" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const settings = await (await roundSettingsLoader(request, params.groupId)).json();
  return json({ ...settings, kioskLinks: await loadKioskLinks(request, settings.group.id) });
}

export const action = ({ request, params }: ActionFunctionArgs) => roundSettingsAction(request, params.groupId);

export default function Ajustes() {
  const { group, kioskLinks } = useLoaderData<typeof loader>();
  return (
    <RoundSettings title="Ajustes del grupo">
      <KioskLinks groupId={group.id} links={kioskLinks} />
    </RoundSettings>
  );
}
