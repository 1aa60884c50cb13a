import type { Deps } from "../../context";

/** The rounds a write may have closed: a group's, a pool's in every group, or both. */
export interface CloseScope {
  groupId?: number;
  quinielaId?: number;
}

type Listener = (deps: Deps, scope: CloseScope) => Promise<void>;
let listener: Listener | null = null;

/**
 * The close's door for the rooms below it. A write that may close a round or make a charge due
 * (official results or prizes stored) calls `roundChanged` after its commit; the close room
 * (`../close/close-job.ts`, the top of the house) answers it with `afterRoundChange`, handed over
 * once by `buildBackend` (backend/app.ts). So the official room asks for the close without
 * importing what it calls (the week, the caja). Unanswered (a script with no backend), nothing
 * happens now and the round-close job's next run does it.
 */
export function answerRoundChanges(answer: Listener): void {
  listener = answer;
}

export async function roundChanged(deps: Deps, scope: CloseScope): Promise<void> {
  if (listener) await listener(deps, scope);
}
