import { MATCHES, normalizePick, parseScore, pickKind, type Pick, type Score } from "./signs";

export const PREDICTION_ERROR = "Tu pronóstico no cumple con los requisitos del tipo de quiniela.";

export type PredictionValidation =
  | { ok: true; matches: Pick[]; pleno: Score }
  | { ok: false; message: string; problems: string[] };

export function validatePrediction(
  input: { matches: unknown; pleno: unknown },
  type: { numDouble: number; numTriple: number },
): PredictionValidation {
  const problems: string[] = [];
  const raw = Array.isArray(input.matches) ? input.matches : [];
  if (raw.length !== MATCHES) {
    problems.push(`La quiniela tiene ${MATCHES} partidos y has enviado ${raw.length}.`);
  }
  const matches = raw.slice(0, MATCHES).map(normalizePick);
  matches.forEach((p, i) => {
    if (p.length === 0) problems.push(`Falta elegir signo en el partido ${i + 1}.`);
  });
  const count = (kind: ReturnType<typeof pickKind>) => matches.filter((p) => pickKind(p) === kind).length;
  const doubles = count("double");
  const triples = count("triple");
  if (doubles !== type.numDouble) {
    problems.push(`Este tipo pide ${type.numDouble} doble(s) y has marcado ${doubles}.`);
  }
  if (triples !== type.numTriple) {
    problems.push(`Este tipo pide ${type.numTriple} triple(s) y has marcado ${triples}.`);
  }
  const pleno = parseScore(input.pleno, 10);
  if (pleno === null) {
    problems.push("El pleno al quince necesita goles enteros de 0 a 10 para los dos equipos.");
  }
  return problems.length === 0 && pleno !== null
    ? { ok: true, matches, pleno }
    : { ok: false, message: PREDICTION_ERROR, problems };
}
