import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { roundSettingsAction, roundSettingsLoader } from "~/server/rounds/round-settings.server";
import { requireManagerOf } from "~/server/session/guards.server";
import { RoundSettings } from "~/components/RoundSettings";
import { FORM_PAGE, type RouteHandle } from "~/route-handle";

// Plain posts, no Remix client (decision 038): a season's caja or jornadas read on any phone.
export const handle: RouteHandle = FORM_PAGE;

export const meta: MetaFunction = () => [{ title: "Gestionar quinielas · Quiniela de peñas" }];
// A save refused as stale (409) still reloads the page's data (decision 021).
export { revalidateAfterConflict as shouldRevalidate } from "~/components/conflict";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { group } = await requireManagerOf(request, params.groupId);
  return roundSettingsLoader(request, group);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { group } = await requireManagerOf(request, params.groupId);
  return roundSettingsAction(request, group, await request.formData());
}

export default function ManageRounds() {
  return <RoundSettings title="Gestionar quinielas" />;
}
