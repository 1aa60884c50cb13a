import type { Placement, Target } from "./placement";
import { REDUCTIONS } from "./reductions";

/** A probability as Spanish text: "23 %", "4,5 %", "0,3 %", "menos de 0,1 %". */
export function formatPercent(p: number): string {
  const pct = Math.max(0, Math.min(1, p)) * 100;
  if (pct > 0 && pct < 0.1) return "menos de 0,1\u00a0%";
  if (pct >= 99.5 && pct < 100) return "más del 99\u00a0%";
  const text = pct >= 10 || pct === 0 ? String(Math.round(pct)) : pct.toFixed(1).replace(".", ",");
  return `${text}\u00a0%`;
}

/** "3, 7, 9 y 12" from 0-based matches. */
export function matchList(matches: readonly number[]): string {
  const n = matches.map((i) => String(i + 1));
  return n.length <= 1 ? (n[0] ?? "") : `${n.slice(0, -1).join(", ")} y ${n[n.length - 1]}`;
}

export const TARGET_NAMES: Readonly<Record<Target, string>> = {
  p10: "10 o más aciertos",
  p12: "12 o más aciertos",
  prize: "premio esperado",
};

/** Where a placement puts its multiples: "los dobles en los partidos 3, 7, 9 y 12 y el triple en el 5". */
export function placementWhere(p: Pick<Placement, "doubles" | "triples" | "reduction">): string {
  const part = (what: [string, string], list: number[]) =>
    list.length === 0 ? null : list.length === 1 ? `el ${what[0]} en el partido ${list[0] + 1}` : `los ${what[1]} en los partidos ${matchList(list)}`;
  const parts = [part(["doble", "dobles"], p.doubles), part(["triple", "triples"], p.triples)].filter((x): x is string => x !== null);
  const where = parts.length ? parts.join(" y ") : "todo sencillos";
  return p.reduction ? `la ${REDUCTIONS[p.reduction].name}, ${where}` : where;
}

/**
 * The suggestion in one sentence: 'Con los dobles en los partidos 3, 7, 9 y 12: 31 % de 10 o más
 * (ahora 23 %)'. For the prize target, `money` formats the cents.
 */
export function suggestionSentence(
  p: Pick<Placement, "doubles" | "triples" | "reduction">,
  target: Target,
  value: number,
  current: number,
  money: (cents: number) => string,
): string {
  const where = placementWhere(p);
  const show = (v: number) => (target === "prize" ? money(Math.round(v)) : formatPercent(v));
  const what = target === "p10" ? " de 10 o más" : target === "p12" ? " de 12 o más" : " de premio esperado";
  return `Con ${where}: ${show(value)}${what} (ahora ${show(current)}).`;
}
