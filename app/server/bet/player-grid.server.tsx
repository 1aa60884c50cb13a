import { renderToStaticMarkup } from "react-dom/server";
import type { RoundSummary, SummaryPlayer } from "#core/contract/bet-stats";
import { sortPlayers, type PlayerSort } from "#core/domain/bet/bet-stats";
import { PlayerCard } from "~/components/PlayerCard";
import type { Fragment } from "~/server/fragments.server";
import { HeldViews, type HeldView } from "~/server/held-views.server";

export interface RoundTickets {
  players: SummaryPlayer[];
  averageHits: number | null;
  mvp: RoundSummary["mvp"];
}

/** Group × asked round: at most ~1 MB each (200 tickets and four sorts' cards). */
export const heldTickets = new HeldViews<RoundTickets>(64);

/** The players' cards (the `<li>`s of `.player-grid`) in `sort` order, rendered once per version. */
export function playerGridHtml(held: HeldView<RoundTickets>, sort: PlayerSort, results: RoundSummary["results"]): Fragment {
  return heldTickets.html(held, sort, () =>
    renderToStaticMarkup(
      <>
        {sortPlayers(held.value.players, sort).map((p) => (
          <PlayerCard key={p.userId} player={p} official={results?.matches ?? []} pleno={results?.plain15 ?? null} />
        ))}
      </>,
    ),
  );
}
