import type { LiveRound } from "#core/contract/live";
import { LiveBet, LiveMatches, LiveRanking, liveStatus } from "~/components/LiveRound";

/**
 * The office screen's live mode (`/kiosk/{token}?modo=directo`): the jornada in play with
 * the same numbers as the live page, refreshed every 30 s without JavaScript.
 */
export function KioskLive({ live, theme, clock }: { live: LiveRound | null; theme: string; clock: string }) {
  if (!live) {
    return (
      <main className={`${theme} kiosk-message`}>
        <h1>En directo</h1>
        <p>No hay ninguna jornada en juego, o no se pudo cargar. Se volverá a intentar en 30 segundos.</p>
        <p className="kiosk-clock">{clock}</p>
      </main>
    );
  }
  return (
    <main className={`${theme} kiosk-live`}>
      <header className="kiosk-head">
        <div>
          <h1>{live.group.name}</h1>
          <p>
            En directo · Jornada {live.numberQuiniela} · <strong className="kiosk-page">{liveStatus(live)}</strong> · {live.played} de 14 partidos con marcador
          </p>
        </div>
        <p className="kiosk-clock">{clock}</p>
      </header>
      <div className="kiosk-body">
        <section aria-labelledby="kiosk-live-matches">
          <h2 id="kiosk-live-matches">Partidos</h2>
          <LiveMatches live={live} />
        </section>
        <LiveBet live={live} headingId="kiosk-live-bet" />
        <LiveRanking live={live} headingId="kiosk-live-ranking" limit={15} />
      </div>
    </main>
  );
}
