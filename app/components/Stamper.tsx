import type { Stamper } from "#core/contract/caja";

/**
 * 'Esta semana sella: …' (decision 032): who takes the jornada's ticket to the lottery shop. A
 * jornada already over tells who stamped it, fixed when its bet was confirmed (decision 065).
 */
export function StamperNote({ stamper }: { stamper: Stamper | null }) {
  if (!stamper?.current) return null;
  if (stamper.closed)
    return (
      <p className="card stamper" role="note">
        Selló el boleto de la jornada {stamper.numberQuiniela}: <strong>{stamper.current.username}</strong>
      </p>
    );
  return (
    <p className="card stamper" role="note">
      Esta semana sella: <strong>{stamper.current.username}</strong>
      {stamper.next && stamper.next.userId !== stamper.current.userId ? <span className="muted"> · la próxima, {stamper.next.username}</span> : null}
    </p>
  );
}
