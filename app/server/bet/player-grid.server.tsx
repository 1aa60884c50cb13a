import { renderToStaticMarkup } from "react-dom/server";
import type { RoundSummary, SummaryPlayer } from "#core/contract/bet-stats";
import { sortPlayers, type PlayerSort } from "#core/domain/bet/bet-stats";
import { PlayerCard } from "~/components/PlayerCard";
import type { Fragment } from "~/server/shelf/fragments.server";
import { CACHES } from "~/server/shelf/caches.server";
import { HeldViews, type HeldView } from "~/server/shelf/held-views.server";

export interface RoundTickets {
  players: SummaryPlayer[];
  averageHits: number | null;
  mvp: RoundSummary["mvp"];
}

/** Group × asked round: at most ~1 MB each (200 tickets and four sorts' cards). */
export const heldTickets = new HeldViews<RoundTickets>(CACHES.heldTickets);

/**
 * The cards in view before the fold: four lines of two on a phone, which with the round's figures
 * and its fifteen matches keep the page under 3,000 px at 390 px (decisions 069, 075).
 */
export const CARDS_IN_VIEW = 8;

/**
 * The players' cards in `sort` order, rendered once per version: the first `CARDS_IN_VIEW` in a
 * `.player-grid`, the rest in another under a closed «Los demás jugadores (N)» fold. A `<details>`
 * needs no script, Chromium opens it for find-in-page and a text browser shows it open.
 */
export function playerGridHtml(held: HeldView<RoundTickets>, sort: PlayerSort, results: RoundSummary["results"]): Fragment {
  return heldTickets.html(held, sort, () => {
    const sorted = sortPlayers(held.value.players, sort);
    const cards = (players: SummaryPlayer[]) =>
      players.map((p) => <PlayerCard key={p.userId} player={p} official={results?.matches ?? []} pleno={results?.plain15 ?? null} />);
    const rest = sorted.slice(CARDS_IN_VIEW);
    return renderToStaticMarkup(
      <>
        <ul className="player-grid">{cards(sorted.slice(0, CARDS_IN_VIEW))}</ul>
        {rest.length ? (
          <details className="fold more-players">
            <summary>Los demás jugadores ({rest.length})</summary>
            <ul className="player-grid">{cards(rest)}</ul>
          </details>
        ) : null}
      </>,
    );
  });
}
