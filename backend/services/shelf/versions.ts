import { staleMessage } from "#core/contract/audit";
import { conflict } from "../../errors";

/**
 * The optimistic check of every edit form: the caller read the row `for update`
 * in the transaction that changes it, and the save bumps `version`. Without a version sent, the
 * contract's old callers are not checked.
 */
export function assertRowVersion(current: number, sent: number | undefined, what: string): void {
  if (sent !== undefined && sent !== current) throw conflict(staleMessage(what));
}
