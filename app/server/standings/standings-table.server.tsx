import { renderToStaticMarkup } from "react-dom/server";
import type { ClassificationRow } from "#core/contract/standings";
import { StandingsTable, type StandingsTableProps } from "~/components/StandingsTable";
import type { Fragment } from "~/server/shelf/fragments.server";
import { CACHES } from "~/server/shelf/caches.server";
import { HeldViews, type HeldView } from "~/server/shelf/held-views.server";

/** Group × season × scope: at most ~0.5 MB each (the rows and five sorts' tables). */
export const heldStandings = new HeldViews<ClassificationRow[]>(CACHES.heldStandings);

/** The `<table>` of these rows, sorted and captioned as asked, rendered once per version. */
export function standingsTableHtml(held: HeldView<ClassificationRow[]>, props: Omit<StandingsTableProps, "rows">, sorted: () => ClassificationRow[]): Fragment {
  const variant = JSON.stringify([props.sort, props.caption, props.perRound, props.showIcons, props.sortHref?.("points"), props.playerHref?.(0)]);
  return heldStandings.html(held, variant, () => renderToStaticMarkup(<StandingsTable {...props} rows={sorted()} />));
}
