import { MATCHES, normalizePick, SIGNS, type Pick, type Sign } from "../signs";

/**
 * What a suggestion of the bet page may change and what it says it changes (decision 097).
 *
 * The majority's sign of a match is the bet's own sign where it plays a single (the sign the
 * members' votes gave it, or the one a manager set); where it plays a double or a triple, the most
 * voted of its signs (ties in 1, X, 2 order); a match without a pick keeps the most voted sign, and
 * one nobody voted keeps nothing. Unless the peña's managers let suggestions change signs, every
 * pick a suggestion makes holds its match's majority sign: multiples only go where they pay.
 */
export function majoritySigns(matches: readonly Pick[], votes: readonly Partial<Record<Sign, number>>[]): (Sign | null)[] {
  return Array.from({ length: MATCHES }, (_, i) => {
    const pick = normalizePick(matches[i] ?? []);
    if (pick.length === 1) return pick[0];
    const among = pick.length ? pick : SIGNS;
    const v = votes[i] ?? {};
    let best: Sign | null = null;
    for (const s of among) if ((v[s] ?? 0) > 0 && (best === null || (v[s] ?? 0) > (v[best] ?? 0))) best = s;
    return best ?? (pick.length ? pick[0] : null);
  });
}

const text = (p: Pick) => (p.length ? normalizePick(p).join("") : "sin signo");

/** One line per match whose pick a suggestion changes: «El 13: de 2 a 1», «El 4: de 1 a 1X». */
export function signChanges(before: readonly Pick[], after: readonly Pick[]): string[] {
  const lines: string[] = [];
  for (let i = 0; i < MATCHES; i++) {
    const was = text(before[i] ?? []);
    const now = text(after[i] ?? []);
    if (was !== now) lines.push(`El ${i + 1}: de ${was} a ${now}`);
  }
  return lines;
}

/** The matches where a suggestion drops the majority's sign: none while the setting is off. */
export function flippedMatches(keep: readonly (Sign | null)[], after: readonly Pick[]): number[] {
  return keep.flatMap((s, i) => (s !== null && !(after[i] ?? []).includes(s) ? [i] : []));
}
