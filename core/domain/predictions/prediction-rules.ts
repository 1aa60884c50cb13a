import { MATCHES, normalizePick, parseScore, pickKind, type Pick, type Score } from "../signs";

export const PREDICTION_ERROR = "Tu pronóstico no cumple con los requisitos del tipo de quiniela.";

/** A broken rule and where it is: a match (1–14), the sides of the pleno, or the ticket as a whole. */
interface PredictionIssue {
  message: string;
  match?: number;
  pleno?: ("home" | "away")[];
}

type PredictionValidation = { ok: true; matches: Pick[]; pleno: Score } | { ok: false; message: string; problems: string[]; issues: PredictionIssue[] };

export function validatePrediction(input: { matches: unknown; pleno: unknown }, type: { numDouble: number; numTriple: number }): PredictionValidation {
  const issues: PredictionIssue[] = [];
  const raw = Array.isArray(input.matches) ? input.matches : [];
  if (raw.length !== MATCHES) {
    issues.push({ message: `La quiniela tiene ${MATCHES} partidos y has enviado ${raw.length}.` });
  }
  const matches = raw.slice(0, MATCHES).map(normalizePick);
  matches.forEach((p, i) => {
    if (p.length === 0) issues.push({ message: `Falta elegir signo en el partido ${i + 1}.`, match: i + 1 });
  });
  const count = (kind: ReturnType<typeof pickKind>) => matches.filter((p) => pickKind(p) === kind).length;
  const doubles = count("double");
  const triples = count("triple");
  if (doubles !== type.numDouble) {
    issues.push({ message: `Este tipo pide ${type.numDouble} doble(s) y has marcado ${doubles}.` });
  }
  if (triples !== type.numTriple) {
    issues.push({ message: `Este tipo pide ${type.numTriple} triple(s) y has marcado ${triples}.` });
  }
  const pleno = parseScore(input.pleno, 10);
  if (pleno === null) {
    const raw = (typeof input.pleno === "object" && input.pleno !== null ? input.pleno : {}) as Record<string, unknown>;
    const sides = (["home", "away"] as const).filter((side) => {
      const goals = raw[side] ?? raw[side === "home" ? "Home" : "Away"];
      return parseScore({ home: goals, away: 0 }, 10) === null;
    });
    issues.push({ message: "El pleno al quince necesita goles enteros de 0 a 10 para los dos equipos.", pleno: sides });
  }
  return issues.length === 0 && pleno !== null
    ? { ok: true, matches, pleno }
    : { ok: false, message: PREDICTION_ERROR, problems: issues.map((i) => i.message), issues };
}
