import type { RoundReason, RoundState as State } from "#core/domain/rounds/round-status";
import { roundReasonText, roundStateLabel } from "#core/domain/rounds/round-status";

/** "Abierta", or "Cerrada (Cerrada por el gestor)": the state as the backend's clock sees it. */
export function RoundState({ state, reason }: { state: State; reason: RoundReason | null }) {
  const why = roundReasonText(reason);
  return (
    <span className={`round-state round-${state}`}>
      {roundStateLabel(state)}
      {why && why !== roundStateLabel(state) ? <span className="muted"> ({why})</span> : null}
    </span>
  );
}
