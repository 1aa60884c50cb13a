import { formatEuros } from "#core/domain/money";

/** A member's balance in words and in colour: 'Debe 12,50 €', 'A favor 3,00 €' or 'Al día'. */
export function balanceText(cents: number): string {
  if (cents < 0) return `Debe ${formatEuros(-cents)}`;
  if (cents > 0) return `A favor ${formatEuros(cents)}`;
  return "Al día";
}

export function Balance({ cents }: { cents: number | null }) {
  if (cents === null) return <span className="muted">Oculto</span>;
  return <span className={`balance ${cents < 0 ? "owes" : cents > 0 ? "credit" : "even"}`}>{balanceText(cents)}</span>;
}
