import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { kioskLinkAction } from "~/server/kiosk/kiosk.server";

// Only the kiosk-link forms of the group's settings post here; a visit goes to those settings.
export const loader = ({ params }: LoaderFunctionArgs) => redirect(`/grupo/${Number(params.groupId) || 0}/ajustes`);

export const action = ({ request, params }: ActionFunctionArgs) => kioskLinkAction(request, params.groupId);
