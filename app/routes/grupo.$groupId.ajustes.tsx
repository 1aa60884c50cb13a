import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { roundSettingsAction, roundSettingsLoader } from "~/api/round-settings.server";
import { KioskLinks } from "~/components/KioskLinks";
import { OfficeSettings } from "~/components/OfficeSettings";
import { RoundSettings } from "~/components/RoundSettings";
import { loadKioskLinks } from "~/kiosk.server";
import { loadOfficeSettings } from "~/office-settings.server";

export const meta: MetaFunction = () => [{ title: "Ajustes del grupo · Quiniela de peñas" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const settings = await (await roundSettingsLoader(request, params.groupId)).json();
  const [kioskLinks, office] = await Promise.all([loadKioskLinks(request, settings.group.id), loadOfficeSettings(request, settings.group.id)]);
  return json({ ...settings, kioskLinks, officeIcons: office?.officeIcons ?? null });
}

export const action = ({ request, params }: ActionFunctionArgs) => roundSettingsAction(request, params.groupId);

export default function Ajustes() {
  const { group, kioskLinks, officeIcons } = useLoaderData<typeof loader>();
  return (
    <RoundSettings title="Ajustes del grupo">
      <OfficeSettings groupId={group.id} officeIcons={officeIcons} />
      <KioskLinks groupId={group.id} links={kioskLinks} />
    </RoundSettings>
  );
}
