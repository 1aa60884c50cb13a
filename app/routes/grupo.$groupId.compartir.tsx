import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { shareLinkAction } from "~/server/share/share.server";

// Only the share-link forms of the group's settings post here; a visit goes to those settings.
export const loader = ({ params }: LoaderFunctionArgs) => redirect(`/grupo/${Number(params.groupId) || 0}/ajustes`);

export const action = ({ request, params }: ActionFunctionArgs) => shareLinkAction(request, params.groupId);
