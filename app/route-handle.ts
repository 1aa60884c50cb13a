import type { KeptPageName } from "~/server/shelf/kept-pages.server";

/**
 * What a route may declare in `export const handle` about the document around it (read by root.tsx
 * and entry.server.tsx, see docs/decisions/022-pages-without-scripts.md):
 * - `scripts: false`: the page is plain HTML. No Remix client bundle, no modulepreload links, no
 *   hydration data (`window.__remixContext` and Single Fetch's streamed data). Its links and GET
 *   forms work as they do with JavaScript disabled: a click loads a whole new document.
 * - `enhance`: small static scripts (under /public/enhance/) such a page loads instead, each on its
 *   own and deferred; the page works without them.
 * - `bare: true`: no header and no toast either (the office kiosk, the printed ticket); implies
 *   `scripts: false`.
 * - `kept`: the name of the page's declaration in app/server/shelf/kept-pages.server.ts (KEPT_PAGES): the
 *   browser keeps it under a validator made of the backend's version of what it shows, and a reload is
 *   answered 304, or from the bytes already rendered, before any loader runs (decisions 067, 077, 082).
 * - `etag: true`, for a page that has no version to be kept by (the kiosk, reached by its link's token
 *   alone): a GET answered 200 carries an ETag (a hash of the visitor's cookies, the URL and the whole
 *   HTML) and `Vary: Cookie`, and a matching If-None-Match gets 304 after the render (entry.server.tsx).
 * - `headStyle`: CSS made from the route's loader data, which root.tsx puts in a `<style>` in the
 *   `<head>` (a `<style>` in the body is invalid HTML, docs/decisions/029-html-validate.md).
 */
export type RouteHandle = {
  scripts?: boolean;
  enhance?: string[];
  bare?: boolean;
  kept?: KeptPageName;
  etag?: boolean;
  headStyle?: (data: unknown) => string;
};

type Match = { handle?: unknown };

const handleOf = (m: Match) => (m.handle ?? {}) as RouteHandle;

/** True when any matched route is bare. */
export const isBare = (matches: Match[]) => matches.some((m) => handleOf(m).bare === true);

/** True when any matched route says it needs no Remix script (bare routes included). */
export const shipsNoScripts = (matches: Match[]) => matches.some((m) => handleOf(m).scripts === false || handleOf(m).bare === true);

/** The enhancement scripts the matched routes ask for, once each. */
export const enhancementsOf = (matches: Match[]) => [...new Set(matches.flatMap((m) => handleOf(m).enhance ?? []))];

/** The matched routes' `headStyle` sheets, each with its route's id, for the document's head. */
export const headStylesOf = (matches: (Match & { id: string; data?: unknown })[]) =>
  matches.flatMap((m) => {
    const css = m.data === undefined ? "" : (handleOf(m).headStyle?.(m.data) ?? "");
    return css ? [{ id: m.id, css }] : [];
  });

/** True when any matched route is a page kept by its version (`kept`). */
export const isKeptPage = (matches: Match[]) => matches.some((m) => handleOf(m).kept !== undefined);

/** True when any matched route asks to be validated by its bytes (`etag`). */
export const wantsEtag = (matches: Match[]) => matches.some((m) => handleOf(m).etag === true);

/**
 * A page of forms that posts as plain HTML (decision 038): no Remix client (about 130 KiB a phone
 * would fetch for conform's checks in the browser, which the action repeats anyway), and after a
 * refused post the first field to fix gets the focus.
 */
export const FORM_PAGE = { scripts: false, enhance: ["/enhance/focus-first-error.js"] } satisfies RouteHandle;
