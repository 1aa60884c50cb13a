import { LIVE_PICKS_HIDDEN, type LiveRound as Live } from "#core/contract/live";
import { formatPercent, learningLine, sourceShort } from "#core/domain/bet/chances-text";
import { CATEGORIES, CATEGORY_NAMES } from "#core/domain/bet/scrutiny";

/**
 * The jornada in play as the live page and the kiosk's live mode show it: the matches
 * with their score and sign (or 'por jugar'), the round's provisional ranking and the group bet's
 * hits, live columns and chances. Plain markup, the same numbers on both screens.
 */

const SOURCE: Record<string, string> = { oficial: "oficial", grupo: "gestor", admin: "admin", feed: "directo" };

export const liveStatus = (live: Live) => (live.provisional ? "Provisional" : "Resultados oficiales");

export function LiveMatches({ live }: { live: Live }) {
  return (
    <ol className="live-matches">
      {live.matches.map((m) => (
        <li key={m.position} id={`directo-${m.position}`}>
          <span className="live-pos">{m.position === 15 ? "P15" : m.position}</span>
          <span className="live-teams">
            {m.home} – {m.away}
          </span>
          {m.score || m.sign ? (
            <span className="live-score">
              {m.score ? `${m.score.home}-${m.score.away}` : ""}
              {m.sign ? <strong className="live-sign"> {m.sign}</strong> : null}
              {m.source ? <span className="muted"> ({SOURCE[m.source]})</span> : null}
            </span>
          ) : (
            <span className="live-score muted">por jugar</span>
          )}
        </li>
      ))}
    </ol>
  );
}

/** The ranking's first `limit` rows (all without it): a peña of 1,000 is not read whole on a phone or a TV. */
export function LiveRanking({ live, headingId, limit, moreHref }: { live: Live; headingId: string; limit?: number; moreHref?: string }) {
  const shown = limit === undefined ? live.players : live.players.slice(0, limit);
  const rest = live.players.length - shown.length;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>Clasificación {live.provisional ? "provisional " : ""}de la jornada</h2>
      {live.players.length ? (
        <div className="table-wrap">
          <table className="live-ranking">
            <thead>
              <tr>
                <th scope="col" className="num">
                  <abbr title="Posición">Pos.</abbr>
                </th>
                <th scope="col">Jugador</th>
                <th scope="col" className="num">
                  Aciertos
                </th>
                <th scope="col" className="num">
                  <abbr title="Aciertos posibles todavía">Posibles</abbr>
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map((p) => (
                <tr key={p.name}>
                  <td className="num">{p.rank}</td>
                  <th scope="row">{p.name}</th>
                  <td className="num">{p.hits}</td>
                  <td className="num">{p.possible}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {rest > 0 ? (
            <p>
              Y {rest} más
              {moreHref ? (
                <>
                  : <a href={moreHref}>ver toda la clasificación</a>
                </>
              ) : null}
              .
            </p>
          ) : null}
        </div>
      ) : live.roundOpen ? (
        <p>{LIVE_PICKS_HIDDEN}</p>
      ) : (
        <p>Nadie ha hecho su pronóstico en esta jornada.</p>
      )}
    </section>
  );
}

export function LiveBet({ live, headingId }: { live: Live; headingId: string }) {
  const bet = live.bet;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>Quiniela grupal</h2>
      {bet ? (
        <>
          <p className="live-headline">
            <strong>
              {bet.hits} {bet.hits === 1 ? "acierto" : "aciertos"} de {live.played}
            </strong>{" "}
            en la mejor columna ({bet.columns === 1 ? "1 columna" : `${bet.columns} columnas`}
            {bet.confirmed ? "" : ", apuesta sin confirmar"}).
          </p>
          <p>
            Mejor columna ahora: <span className="live-column">{bet.bestColumn.join(" ")}</span>
          </p>
          <p>
            <strong>Probabilidad de 10 o más aciertos: {formatPercent(bet.atLeast["10"])}</strong>
          </p>
          <div className="table-wrap">
            <table className="live-odds">
              <thead>
                <tr>
                  <th scope="col">Categoría</th>
                  <th scope="col" className="num">
                    Columnas vivas
                  </th>
                  <th scope="col" className="num">
                    Cobrar
                  </th>
                  <th scope="col" className="num">
                    Mejor columna
                  </th>
                </tr>
              </thead>
              <tbody>
                {CATEGORIES.map((c) => {
                  const hits = c === "especial" ? 14 : ({ primera: 14, segunda: 13, tercera: 12, cuarta: 11, quinta: 10 } as const)[c];
                  return (
                    <tr key={c}>
                      <th scope="row">{CATEGORY_NAMES[c]}</th>
                      <td className="num">{bet.alive[hits]}</td>
                      <td className="num">{formatPercent(bet.wins[c])}</td>
                      <td className="num">{formatPercent(bet.categories[c])}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          {learningLine(bet) ? <p className="chances-learning">{learningLine(bet)}</p> : null}
          <p className="muted">
            Columnas vivas: las que todavía pueden llegar a esos aciertos. Cobrar: que alguna columna tenga justo esos aciertos (un boleto múltiple puede cobrar
            varias categorías a la vez); mejor columna: que la de más aciertos tenga justo esos. Probabilidades {sourceShort(bet)}, con los partidos jugados
            fijos.
          </p>
        </>
      ) : (
        <p>Esta jornada no tiene quiniela grupal.</p>
      )}
    </section>
  );
}
