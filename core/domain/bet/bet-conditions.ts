/**
 * Who must have predicted a round before its group bet may be made early (docs/architecture.md#the-group-bet):
 * the group's active members with a prediction history, that is who predicted a round of the group
 * opened before this one, and who are not blocked in it; and how many of them have predicted it.
 */
export interface ConditionRound {
  /** The group round's id (blocks name it). */
  id: number;
  quinielaId: number;
  openedAt: number;
}

export interface ConditionCounts {
  required: number;
  submitted: number;
  predictions: number;
}

/**
 * Per round, in one pass over the picks: a member is required once their first predicted round
 * opened before this one (the same as "predicted some earlier-opened round").
 */
export function conditionCountsOf(input: {
  rounds: ConditionRound[];
  /** Every prediction of the group: its pool and its member. */
  picks: { quinielaId: number; userId: number }[];
  /** The group's active members. */
  members: number[];
  /** Members blocked in a round: `${roundId}:${userId}`. */
  blocked: Set<string>;
}): Map<number, ConditionCounts> {
  const openedAt = new Map(input.rounds.map((r) => [r.quinielaId, r.openedAt]));
  const firstOpened = new Map<number, number>();
  const picked = new Set<string>();
  const predictions = new Map<number, number>();
  for (const p of input.picks) {
    predictions.set(p.quinielaId, (predictions.get(p.quinielaId) ?? 0) + 1);
    picked.add(`${p.quinielaId}:${p.userId}`);
    const opened = openedAt.get(p.quinielaId);
    if (opened !== undefined && opened < (firstOpened.get(p.userId) ?? Infinity)) firstOpened.set(p.userId, opened);
  }
  const counts = new Map<number, ConditionCounts>();
  for (const round of input.rounds) {
    let required = 0;
    let submitted = 0;
    for (const userId of input.members) {
      if ((firstOpened.get(userId) ?? Infinity) >= round.openedAt || input.blocked.has(`${round.id}:${userId}`)) continue;
      required++;
      if (picked.has(`${round.quinielaId}:${userId}`)) submitted++;
    }
    counts.set(round.quinielaId, { required, submitted, predictions: predictions.get(round.quinielaId) ?? 0 });
  }
  return counts;
}
