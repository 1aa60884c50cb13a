import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { suggestionSettingsAction } from "~/server/group/suggestion-settings.server";

// Only the 'Sugerencias de colocación' form of the group's settings posts here; a visit goes to those settings.
export const loader = ({ params }: LoaderFunctionArgs) => redirect(`/grupo/${Number(params.groupId) || 0}/ajustes`);

export const action = ({ request, params }: ActionFunctionArgs) => suggestionSettingsAction(request, params.groupId);
