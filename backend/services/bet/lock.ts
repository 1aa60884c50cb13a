import { BET_NOT_FOUND } from "#core/contract/bet";
import type { Db } from "../../db/db";
import { conflict, notFound } from "../../errors";
import { assertRowVersion } from "../shelf/versions";

/** What an edit of a bet reads of it: its picks, pleno, ticket form, notes and version. */
export interface EditableBetRow {
  group_id: number;
  number: number;
  matches: unknown;
  pleno_home: number | null;
  pleno_away: number | null;
  explanations: unknown;
  confirmed: boolean;
  version: number;
  reduction: number | null;
  pleno_marks: unknown;
}

/**
 * The bet an edit changes, held until the edit's transaction ends: a 404 when it does not exist, a
 * 409 with `confirmedMessage` once it is confirmed (a played bet never changes), and a 409 when the
 * form was loaded from an older `version`.
 */
export async function lockEditableBet(tx: Db, betId: number, version: number | undefined, confirmedMessage: string): Promise<EditableBetRow> {
  const row = await tx.one<EditableBetRow>(
    `select b.group_id, q.number, b.matches, b.pleno_home, b.pleno_away, b.explanations, b.confirmed, b.version, b.reduction, b.pleno_marks
       from bets b join quinielas q on q.id = b.quiniela_id where b.id = $1 for update of b`,
    [betId],
  );
  if (!row) throw notFound(BET_NOT_FOUND);
  if (row.confirmed) throw conflict(confirmedMessage);
  assertRowVersion(row.version, version, "La quiniela grupal");
  return row;
}
