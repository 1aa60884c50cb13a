import type { Placement, Target } from "./placement";
import { REDUCTIONS } from "./reductions";

/** A probability as Spanish text: "23 %", "4,5 %", "0,3 %", "menos de 0,1 %", "49,9 %" just under an even chance. */
export function formatPercent(p: number): string {
  const pct = Math.max(0, Math.min(1, p)) * 100;
  if (pct > 0 && pct < 0.1) return "menos de 0,1\u00a0%";
  if (pct >= 99.5 && pct < 100) return "más del 99\u00a0%";
  // Rounding never carries a figure across an even chance (decision 066): 49,96 % reads "49,9 %", not "50 %".
  if (pct >= 49.5 && pct < 50) return `${(Math.floor(pct * 10) / 10).toFixed(1).replace(".", ",")}\u00a0%`;
  const text = pct >= 9.95 || pct === 0 ? String(Math.round(pct)) : pct.toFixed(1).replace(".", ",");
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

/** Whose probabilities a page shows (decision 066), as the pages and the kiosk name it. */
export interface ChancesSourceText {
  source: "model" | "prior";
  prior: "pre-match" | "public";
  /** The peña model's share of the probabilities. */
  weight: number;
}

const PRIOR_NAMES: Readonly<Record<ChancesSourceText["prior"], string>> = {
  "pre-match": "la valoración previa de los partidos",
  public: "los porcentajes de apuestas del público",
};

/** A share as a whole percentage that never reads as more than it is: "25 %". */
const share = (w: number) => `${Math.floor(Math.max(0, Math.min(1, w)) * 100 + 1e-9)}\u00a0%`;

/**
 * "según el modelo de la peña (pesa un 25 % mientras aprende; la valoración previa de los partidos,
 * el resto)", "según la valoración previa de los partidos": the same words on every page.
 */
export function sourceShort(s: ChancesSourceText): string {
  if (s.source === "prior") return `según ${PRIOR_NAMES[s.prior]}`;
  if (s.weight >= 1) return "según el modelo de la peña";
  return `según el modelo de la peña (pesa un ${share(s.weight)} mientras aprende; ${PRIOR_NAMES[s.prior]}, el resto)`;
}

/** The bet page's longer note: why this source, with both log losses when they were compared. */
export function sourceLong(s: ChancesSourceText & { fitted: boolean; pastRounds: number; modelLogLoss: number | null; priorLogLoss: number | null }): string {
  const loss = (x: number | null) => (x === null ? "-" : x.toFixed(3).replace(".", ","));
  const prior = PRIOR_NAMES[s.prior];
  const rounds = `${s.pastRounds} ${s.pastRounds === 1 ? "jornada" : "jornadas"} con resultados`;
  if (s.source === "prior") {
    if (s.fitted && s.modelLogLoss !== null && s.priorLogLoss !== null)
      return `Probabilidades ${sourceShort(s)}: en las jornadas ya jugadas ha acertado más que el modelo de la peña (${loss(s.priorLogLoss)} frente a ${loss(s.modelLogLoss)} de pérdida logarítmica; menos es mejor), así que se usa en su lugar.`;
    return `Probabilidades ${sourceShort(s)}: sin jornadas con resultados, el modelo de la peña aún no ha aprendido nada.`;
  }
  const sure =
    s.weight >= 1 ? "" : ` El modelo aprende de ${rounds}: cuantas más, más pesa frente a ${prior} (la mitad con tres jornadas, tres cuartos con nueve).`;
  const compared =
    s.fitted && s.modelLogLoss !== null && s.priorLogLoss !== null
      ? ` En las jornadas ya jugadas ha acertado más que ${prior} (${loss(s.modelLogLoss)} frente a ${loss(s.priorLogLoss)} de pérdida logarítmica; menos es mejor).`
      : ` Con menos de tres jornadas con resultados aún no se compara con ${prior}.`;
  return `Probabilidades ${sourceShort(s)}.${sure}${compared}`;
}

/** Until nine jornadas with results (the model then weighs three quarters, decision 066) the pages say the model still learns. */
export const LEARNING_ROUNDS = 9;

/**
 * How sure the model is while it learns (decision 072), on the bet page and the live page:
 * "El modelo aún aprende: 2 jornadas de la peña; pesa un 25 %.", or null from nine jornadas on.
 */
export function learningLine(s: { source: ChancesSourceText["source"]; weight: number; pastRounds: number }): string | null {
  if (s.pastRounds >= LEARNING_ROUNDS) return null;
  const rounds = `${s.pastRounds} ${s.pastRounds === 1 ? "jornada" : "jornadas"} de la peña`;
  const weighs =
    s.source === "model" && s.weight > 0
      ? `pesa un ${share(s.weight)}`
      : s.pastRounds === 0
        ? "aún no pesa: la valoración previa sola"
        : "ahora no pesa: la valoración previa ha acertado más";
  return `El modelo aún aprende: ${rounds}; ${weighs}.`;
}

/** The log loss of guessing 1, X and 2 at a third each: what a forecast that knows nothing scores. */
const CHANCE_LOG_LOSS = Math.log(3);

/**
 * How much to trust the figures, in one line (decision 097): the log loss the page's source had on
 * the season's played matches against a blind guess, and that the 13 and 14 figures are the least
 * sure (a small error per match is multiplied over fourteen); the Especial's share named.
 */
export function trustLine(s: { source: ChancesSourceText["source"]; modelLogLoss: number | null; priorLogLoss: number | null; especialShare: number }): string {
  const loss = s.source === "prior" ? s.priorLogLoss : s.modelLogLoss;
  const measured =
    loss === null
      ? "sin jornadas jugadas aún no se ha medido cuánto aciertan estas probabilidades"
      : `en los partidos ya jugados estas probabilidades han tenido ${loss.toFixed(3).replace(".", ",")} de pérdida logarítmica por partido, frente a ${CHANCE_LOG_LOSS.toFixed(3).replace(".", ",")} de adivinar al azar`;
  const especial = `${(s.especialShare * 100).toFixed(1).replace(".", ",")}\u00a0%`;
  return `Cuánto fiarse: ${measured}; las cifras de 13 y 14 aciertos son las menos seguras (un error pequeño en cada partido se multiplica por catorce). La Especial cuenta que el ${especial} de los acertantes de 14 aciertan también el pleno: la proporción agrupada de 220 escrutinios reales (la mediana es 0).`;
}
