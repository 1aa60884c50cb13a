import { redirect } from "@remix-run/node";

/**
 * A round's id travels in the query string as ?quiniela=<id> on every screen (decision 019); the
 * spec's ?jornada=<number> on the results-and-bets screen is a round's number, not its id.
 */
export const ROUND_QUERY = "quiniela";

/**
 * Earlier versions named the round id ?jornada=, ?quinielaId= or ?id= on some screens. A bookmark
 * that still uses one is sent, for good, to the same URL with ?quiniela=, the rest of its query kept.
 */
export function redirectOldRoundName(request: Request, oldNames: readonly string[]) {
  const url = new URL(request.url);
  const old = oldNames.find((name) => url.searchParams.has(name));
  if (!old) return;
  const value = url.searchParams.get(old) ?? "";
  for (const name of oldNames) url.searchParams.delete(name);
  if (value && !url.searchParams.has(ROUND_QUERY)) url.searchParams.set(ROUND_QUERY, value);
  throw redirect(`${url.pathname}${url.search}`, 301);
}

/** The round id asked for in ?quiniela=, or null when absent or not a positive whole number. */
export function askedRound(request: Request): number | null {
  const id = Number(new URL(request.url).searchParams.get(ROUND_QUERY));
  return Number.isInteger(id) && id > 0 ? id : null;
}
