export type RoundState = "not-open" | "open" | "closed";
export type RoundReason = "before-open" | "forced" | "date-passed" | "results";

interface RoundDates {
  openDate: Date | string | null;
  closeDate: Date | string | null;
  forceClosed: boolean;
  /** The pool's official results are complete (`resultsComplete`): the round is over whatever its dates (decision 015). */
  resultsComplete?: boolean;
}

function toTime(d: Date | string | null): number | null {
  if (d === null) return null;
  const t = (d instanceof Date ? d : new Date(d)).getTime();
  return Number.isNaN(t) ? null : t;
}

/**
 * Closing wins over "not yet open": a manager may force-close a round before it opens, and the
 * player should be told it is closed for good rather than that it opens later.
 */
export function roundStatus(r: RoundDates, now: Date): { state: RoundState; reason: RoundReason | null } {
  const t = now.getTime();
  const open = toTime(r.openDate);
  const close = toTime(r.closeDate);
  // A close date passed says so, forced or not: generating the bet at the close forces the round
  // closed too, and every past jornada read «Cerrada por el gestor» though no manager closed it (decision 065).
  if (close !== null && t >= close) return { state: "closed", reason: "date-passed" };
  if (r.forceClosed) return { state: "closed", reason: "forced" };
  // The same order as the round-close job's reason (backend/services/rounds/closed-sql.ts closeReasonSql).
  if (r.resultsComplete) return { state: "closed", reason: "results" };
  if (open !== null && t < open) return { state: "not-open", reason: "before-open" };
  return { state: "open", reason: null };
}

/**
 * A pool's official results are complete: its 14 signs and the pleno's score. Such a round is over
 * for every group, whatever its close date (backend/services/rounds/closed-sql.ts is the same
 * rule in SQL).
 */
export function resultsComplete(matches: unknown, plenoHome: number | null, plenoAway: number | null): boolean {
  const signs = typeof matches === "string" ? (JSON.parse(matches) as unknown) : matches;
  return Array.isArray(signs) && signs.length === 14 && signs.every((s) => s !== null && s !== undefined) && plenoHome !== null && plenoAway !== null;
}

const STATE_LABELS: Record<RoundState, string> = {
  "not-open": "Todavía no abierta",
  open: "Abierta",
  closed: "Cerrada",
};

const REASON_TEXTS: Record<RoundReason, string> = {
  "before-open": "Se abre más adelante",
  forced: "Cerrada por el gestor",
  "date-passed": "Fecha de cierre pasada",
  results: "Resultados oficiales completos",
};

export function roundStateLabel(state: RoundState): string {
  return STATE_LABELS[state];
}

export function roundReasonText(reason: RoundReason | null): string {
  return reason === null ? "" : REASON_TEXTS[reason];
}
