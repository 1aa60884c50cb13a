import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { officeSettingsAction } from "~/server/group/office-settings.server";

// Only the 'Iconos y premios de oficina' form of the group's settings posts here; a visit goes to those settings.
export const loader = ({ params }: LoaderFunctionArgs) => redirect(`/grupo/${Number(params.groupId) || 0}/ajustes`);

export const action = ({ request, params }: ActionFunctionArgs) => officeSettingsAction(request, params.groupId);
