import {
  BLOCKED_MESSAGE,
  RESULTS_FINAL_MESSAGE,
  ROUND_CLOSED_MESSAGE,
  ROUND_NOT_OPEN_MESSAGE,
  type MyPrediction,
  type Prediction,
} from "#core/contract/prediction";
import { validatePrediction } from "#core/domain/predictions/prediction-rules";
import { roundStatus } from "#core/domain/rounds/round-status";
import { normalizePick, type Pick } from "#core/domain/signs";
import { avatarPath } from "../../avatar-path";
import type { AuthUser, Deps } from "../../context";
import type { Db } from "../../db/db";
import { badRequest, conflict, forbidden, notFound } from "../../errors";
import { recordAudit } from "../shelf/audit";
import { findRound, hasOfficialResults, holdRound, isBlocked, ROUND_NOT_FOUND } from "../rounds/rounds";
import { refreshTouched } from "../shelf/standings-store";

interface PredictionRow {
  id: number;
  user_id: number;
  username: string;
  avatar_version: number | null;
  matches: unknown;
  pleno_home: number;
  pleno_away: number;
  updated_at: Date | string;
  late: boolean;
  automatic: string | null;
}

const SELECT_PREDICTION = `
  select p.id, p.user_id, member_name(p.group_id, u.id) as username, u.avatar_version, p.matches, p.pleno_home, p.pleno_away, p.updated_at, p.late, p.automatic
    from predictions p join users u on u.id = p.user_id`;

// jsonb arrives parsed from both drivers, but a string is tolerated in case a column was written as text.
const picksOf = (matches: unknown): Pick[] => {
  const raw = typeof matches === "string" ? (JSON.parse(matches) as unknown) : matches;
  return Array.isArray(raw) ? raw.map(normalizePick) : [];
};

function toPrediction(row: PredictionRow, hidden = false): Prediction {
  return {
    predictionId: row.id,
    id: row.id,
    userId: row.user_id,
    username: row.username,
    avatarPath: avatarPath(row.user_id, row.avatar_version),
    matches: hidden ? [] : picksOf(row.matches),
    plain15: hidden ? null : { home: row.pleno_home, away: row.pleno_away },
    hidden,
    updatedAt: new Date(row.updated_at).toISOString(),
    late: row.late,
    automatic: row.automatic !== null,
  };
}

/** Writing a prediction needs real membership: an admin outside the group has no picks to make there. */
async function assertActiveMember(db: Db, groupId: number, userId: number) {
  const row = await db.one("select 1 from group_members where group_id = $1 and user_id = $2 and removed_at is null", [groupId, userId]);
  if (!row) throw forbidden("No perteneces a este grupo.");
}

export async function isManager(db: Db, user: AuthUser, groupId: number): Promise<boolean> {
  if (user.isAdmin) return true;
  return Boolean(await db.one("select 1 from group_members where group_id = $1 and user_id = $2 and role_id = 2 and removed_at is null", [groupId, user.id]));
}

export async function myPrediction(deps: Deps, user: AuthUser, groupId: number, quinielaId: number): Promise<MyPrediction> {
  const round = await findRound(deps, groupId, quinielaId);
  if (!round) throw notFound(ROUND_NOT_FOUND);
  const [blocked, own] = await Promise.all([
    isBlocked(deps.db, groupId, quinielaId, user.id),
    deps.db.one<PredictionRow>(`${SELECT_PREDICTION} where p.group_id = $1 and p.quiniela_id = $2 and p.user_id = $3`, [groupId, quinielaId, user.id]),
  ]);
  return {
    groupQuinielaId: round.id,
    groupId,
    quinielaId,
    numberQuiniela: round.numberQuiniela,
    openDate: round.openDate,
    closeDate: round.closeDate,
    forceClosed: round.forceClosed,
    state: round.state,
    reason: round.reason,
    typeQuinielaId: round.typeQuinielaId,
    typeName: round.typeName,
    numDouble: round.numDouble,
    numTriple: round.numTriple,
    blocked,
    prediction: own ? toPrediction(own) : null,
  };
}

/**
 * Sends (create) or changes (update) the caller's prediction. Every check runs inside one
 * transaction holding the round's row, so a forced close that lands meanwhile wins: the server's
 * clock and the stored state decide, never what the browser shows. The row is held in share mode:
 * a close, a reopening or a new close date (an update of the row) waits for the saves under way and
 * every later save sees it, but saves of the same round do not wait for each other; with `for
 * update` the saves of a 1,000-member peña in its last minute queued one by one on that row, each
 * holding a pooled connection while it waited (npm run bench:rush, docs/scale.md).
 */
export async function savePrediction(
  deps: Deps,
  user: AuthUser,
  input: { quinielaId: number; groupId: number; matches?: unknown; plain15?: unknown },
  mode: "create" | "update",
): Promise<Prediction> {
  const id = await deps.db.tx(async (tx) => {
    await assertActiveMember(tx, input.groupId, user.id);
    const round = await holdRound(tx, input.groupId, input.quinielaId, "share");
    if (!round) throw notFound(ROUND_NOT_FOUND);
    // Official results end the round for good, whatever its dates say (docs/decisions/015).
    if (await hasOfficialResults(tx, input.quinielaId)) throw forbidden(RESULTS_FINAL_MESSAGE);
    const { state } = roundStatus({ openDate: round.open_date, closeDate: round.close_date, forceClosed: round.force_closed }, deps.clock());
    if (state === "closed") throw forbidden(ROUND_CLOSED_MESSAGE);
    if (state === "not-open") throw forbidden(ROUND_NOT_OPEN_MESSAGE);
    if (await tx.one("select 1 from group_quiniela_blocks where group_quiniela_id = $1 and user_id = $2", [round.id, user.id])) {
      throw forbidden(BLOCKED_MESSAGE);
    }

    const checked = validatePrediction({ matches: input.matches, pleno: input.plain15 }, { numDouble: round.num_double, numTriple: round.num_triple });
    if (!checked.ok) throw badRequest([checked.message, ...checked.problems].join(" "));
    // Anything written after a reopening is late: whoever reopened may have seen the others' picks.
    const late = round.reopened_at !== null;
    const values = [input.groupId, input.quinielaId, user.id, JSON.stringify(checked.matches), checked.pleno.home, checked.pleno.away, deps.clock(), late];

    let row: { id: number } | undefined;
    if (mode === "create") {
      row = await tx.one<{ id: number }>(
        `insert into predictions (group_id, quiniela_id, user_id, matches, pleno_home, pleno_away, created_at, updated_at, late)
         values ($1, $2, $3, $4, $5, $6, $7, $7, $8)
         on conflict (group_id, quiniela_id, user_id) do nothing returning id`,
        values,
      );
      if (!row) throw conflict("Ya has enviado un pronóstico para esta jornada: cámbialo en lugar de enviarlo otra vez.");
    } else {
      row = await tx.one<{ id: number }>(
        `update predictions set matches = $4, pleno_home = $5, pleno_away = $6, updated_at = $7, late = late or $8, automatic = null
          where group_id = $1 and quiniela_id = $2 and user_id = $3 returning id`,
        values,
      );
      if (!row) throw notFound("Todavía no has enviado un pronóstico para esta jornada.");
    }
    if (late) {
      // The picks stay out of the trail: the round is open, and others' picks are private until it closes.
      await recordAudit(tx, {
        at: deps.clock(),
        actorId: user.id,
        groupId: input.groupId,
        action: "prediction.late",
        entity: "prediction",
        entityId: row.id,
        subject: `Jornada ${round.number} · ${user.username}`,
        before: null,
        after: { username: user.username, late: true, reopenedAt: new Date(round.reopened_at!).toISOString() },
      });
    }
    await refreshTouched(tx, deps.clock());
    return row.id;
  });
  const row = await deps.db.one<PredictionRow>(`${SELECT_PREDICTION} where p.id = $1`, [id]);
  return toPrediction(row!);
}

/**
 * The group's predictions of one round. Until the round closes (docs/architecture.md#predictions) a player gets only
 * their own; a manager also learns who has predicted, with the picks left out.
 */
export async function groupPredictions(deps: Deps, user: AuthUser, groupId: number, quinielaId: number): Promise<Prediction[]> {
  const round = await findRound(deps, groupId, quinielaId);
  const rows = await deps.db.query<PredictionRow>(
    `${SELECT_PREDICTION} where p.group_id = $1 and p.quiniela_id = $2 order by lower(member_name(p.group_id, u.id)), p.user_id`,
    [groupId, quinielaId],
  );
  if (round?.state === "closed") return rows.map((row) => toPrediction(row));
  const manager = await isManager(deps.db, user, groupId);
  return rows.flatMap((row) => (row.user_id === user.id ? [toPrediction(row)] : manager ? [toPrediction(row, true)] : []));
}
