import type { ShouldRevalidateFunction } from "@remix-run/react";

/**
 * With Single Fetch an action that answers 4xx/5xx no longer reloads the page's loaders. A save
 * refused as stale (409: someone else saved first) must still show what is stored now, and hand the
 * form the new version so that saving again applies: those routes opt back in (decision 021).
 */
export const revalidateAfterConflict: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) => actionStatus === 409 || defaultShouldRevalidate;
