/**
 * The peña's customs (decision 032): the fine for the jornada's last placed and the rota of who
 * stamps the ticket at the lottery shop. Pure rules; the backend charges and shows them.
 */

export interface RoundRow {
  userId: number;
  /** Position in the jornada's own standings (points, then Wilson, then name: core/domain/standings/standings). */
  position: number;
  /** All hits in the jornada (max 15); null when the member did not predict it. */
  hits: number | null;
}

/**
 * The jornada's last placed, who pays the fine: the fewest hits among those who predicted it; of
 * several tied, the worse position in that jornada's standings, and of those sharing it the one
 * listed last (the rinoceronte's rule, applied to the jornada alone, so the answer never moves as later jornadas are played). One member, or null
 * when nobody predicted.
 */
export function lastPlaced(rows: readonly RoundRow[]): number | null {
  let worst: RoundRow | null = null;
  for (const r of rows) {
    if (r.hits === null) continue;
    if (worst === null || r.hits < worst.hits! || (r.hits === worst.hits && r.position >= worst.position)) worst = r;
  }
  return worst?.userId ?? null;
}

/**
 * The rota's order: the manager's list (members no longer in the group dropped, each once), then
 * every member the list leaves out, in join order. With no list, the members in join order.
 */
export function stampOrder(custom: readonly number[], membersByJoin: readonly number[]): number[] {
  const present = new Set(membersByJoin);
  const order: number[] = [];
  for (const id of custom) if (present.has(id) && !order.includes(id)) order.push(id);
  for (const id of membersByJoin) if (!order.includes(id)) order.push(id);
  return order;
}

/**
 * Who stamps the ticket of a jornada: the rota advances one place per earlier jornada of the group
 * that had a confirmed group bet (a week without a ticket leaves the turn where it is), and starts
 * over at the end of the list. `betsBefore` counts those jornadas; null for an empty rota.
 */
export function stamperAt(order: readonly number[], betsBefore: number): { current: number; next: number } | null {
  if (order.length === 0) return null;
  const i = ((betsBefore % order.length) + order.length) % order.length;
  return { current: order[i], next: order[(i + 1) % order.length] };
}

/**
 * Who stamps the ticket of a jornada not yet fixed (decision 065): the member after the stamper
 * fixed for the latest earlier jornada with a confirmed bet, so a member who joins later only
 * lengthens the rota at its end and never moves a turn already taken. With no earlier stamper
 * (or one no longer in the rota), the rota counted from its start (`stamperAt`).
 */
export function stamperAfter(order: readonly number[], previous: number | null, betsBefore: number): { current: number; next: number } | null {
  const i = previous === null ? -1 : order.indexOf(previous);
  if (i < 0) return stamperAt(order, betsBefore);
  return { current: order[(i + 1) % order.length], next: order[(i + 2) % order.length] };
}
