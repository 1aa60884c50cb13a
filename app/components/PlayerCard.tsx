import type { SummaryPlayer } from "#core/contract/bet-stats";
import { MAX_HITS } from "#core/domain/bet/bet-stats";
import type { Pick, Score, Sign } from "#core/domain/signs";
import { Avatar } from "~/components/Avatar";

export const signs = (pick: Pick | undefined) => (pick && pick.length ? pick.join("") : "-");
export const score = (s: Score | null) => (s ? `${s.home}-${s.away}` : "-");

/**
 * One player's ticket in a closed round, against the official signs: the cards of results and
 * bets. No context: the server renders a round's cards once and keeps them (decision 027).
 */
export function PlayerCard({ player, official, pleno }: { player: SummaryPlayer; official: (Sign | null)[]; pleno: Score | null }) {
  const plenoHit = pleno && player.plain15 ? player.plain15.home === pleno.home && player.plain15.away === pleno.away : null;
  return (
    <li className="player-card">
      <div className="player-head">
        <Avatar path={player.avatarPath} size={32} />
        <h3>{player.username}</h3>{" "}
        {player.automatic ? (
          <span className="badge warn" title="Jugado por la regla del grupo: no pronosticó a tiempo">
            automático
          </span>
        ) : null}{" "}
        {player.included ? (
          <span className="badge" title="Incluido en la quiniela grupal">
            In.
          </span>
        ) : null}{" "}
        {player.rank !== null ? (
          <span className="badge rank" title="Puesto con el que entró en la quiniela grupal">
            Top {player.rank}
          </span>
        ) : null}
        <p className="player-hits">
          <strong>{player.hits}</strong>
          {`/${MAX_HITS} aciertos`}
        </p>
      </div>
      <ol className="pick-grid">
        {player.matches.map((pick, i) => {
          const o = official[i] ?? null;
          const hit = o === null ? null : pick.includes(o);
          return (
            <li key={i} className={hit === null ? "" : hit ? "hit" : "miss"}>
              {/* The match's number is the list's counter (app.css): 200 cards × 14 picks weigh less. */}
              {signs(pick)}
              <span className="sr-only">{hit === null ? " (sin resultado)" : hit ? " (acierto)" : " (fallo)"}</span>
            </li>
          );
        })}
        <li className={`pleno ${plenoHit === null ? "" : plenoHit ? "hit" : "miss"}`}>
          <span className="n">P15</span> {score(player.plain15)}
          <span className="sr-only">{plenoHit === null ? "" : plenoHit ? " (acierto)" : " (fallo)"}</span>
        </li>
      </ol>
    </li>
  );
}
