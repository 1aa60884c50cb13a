/**
 * A corrected movements file (decision 060): a line whose date, member, kind and
 * reference match a movement an earlier import wrote, with another amount, replaces it. The
 * ledger stays append-only: the confirm reverses the old movement and writes the new one.
 */
import type { ImportedMovement } from "./import-rows";

/** A movement an earlier import wrote and nobody has reversed: its id and its import key. */
export interface ImportedBefore {
  id: number;
  key: string;
  amountCents: number;
}

export type MovementState = { state: "created" } | { state: "unchanged" } | { state: "corrected"; replaces: ImportedBefore };

/** `import:date|member|amount|kind|reference` without its amount: what a corrected line keeps. */
export function lineOf(importKey: string): string | null {
  const parts = importKey.replace(/^import:/, "").split("|");
  if (!importKey.startsWith("import:") || parts.length < 5) return null;
  return [parts[0], parts[1], ...parts.slice(3)].join("|");
}

/**
 * The same import key for another member: when a member without an account is linked to one who has
 * it (decision 058), the movement the link copies keeps its line's identity under the member, so the
 * sheet renamed as the app asks reads as already there (decision 063). Null for a key no import wrote.
 */
export function keyForMember(importKey: string, memberId: number): string | null {
  const parts = importKey.replace(/^import:/, "").split("|");
  if (!importKey.startsWith("import:") || parts.length < 5) return null;
  return `import:${[parts[0], String(memberId), ...parts.slice(2)].join("|")}`;
}

/**
 * Each line of the file against what earlier imports wrote: a key the ledger has (reversed or not)
 * is unchanged, so the same line again writes nothing; otherwise
 * the first movement left of the same date|member|kind|reference (oldest first) is the one it
 * corrects; else it is new. A movement the file no longer has is left alone (a file never deletes).
 */
export function classifyMovements(lines: readonly ImportedMovement[], before: readonly ImportedBefore[], known: ReadonlySet<string>): MovementState[] {
  const left = new Map<string, ImportedBefore[]>();
  for (const b of [...before].sort((x, y) => x.id - y.id)) {
    if (lines.some((l) => l.importKey === b.key)) continue;
    const line = lineOf(b.key);
    if (line === null) continue;
    left.set(line, [...(left.get(line) ?? []), b]);
  }
  return lines.map((l): MovementState => {
    if (known.has(l.importKey)) return { state: "unchanged" };
    const queue = left.get(lineOf(l.importKey) ?? "");
    const replaces = queue?.shift();
    return replaces ? { state: "corrected", replaces } : { state: "created" };
  });
}
