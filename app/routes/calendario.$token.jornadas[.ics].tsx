import type { LoaderFunctionArgs } from "@remix-run/node";
import { calendarFeedResponse } from "~/server/account/calendar.server";

/** The member's private calendar feed (webcal:// or https://), relayed from the backend as it is. */
export async function loader({ params }: LoaderFunctionArgs) {
  return calendarFeedResponse(params.token ?? "");
}
