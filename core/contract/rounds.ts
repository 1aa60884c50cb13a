import { z } from "zod";
import { version } from "./audit";
import { formatDateTime } from "../dates";
import { bodyBoolean, bodyId, id, isoDateTime, wireId, wireInt } from "./common";
import { RoundReasonSchema, RoundStateSchema } from "./picks";

export const CLOSE_AFTER_OPEN = "La fecha de cierre debe ser posterior a la de apertura.";

/**
 * No group round may close after its pool's official close: the matches start then, so a pick
 * made later could be made knowing a score (decision 065). Every path that sets a close checks it.
 */
export const closeAfterOfficial = (officialClose: Date | string) =>
  `La jornada no puede cerrar después del cierre oficial de la quiniela (${formatDateTime(officialClose)}): los partidos ya habrán empezado.`;

/** The round's close is within its pool's official close (an open round, that is; a forced close ends it now). */
export const closesInTime = (closeDate: Date, officialClose: Date | string) => closeDate.getTime() <= new Date(officialClose).getTime();

/** A JSON boolean only: the BFF's forms turn their checkboxes into one before calling. */
const flag = bodyBoolean("El cierre forzado debe ser verdadero o falso.");

/** A round closes after it opens; the settings forms check the same on their close date. */
export const datesInOrder = (b: { openDate: Date; closeDate: Date }) => b.closeDate.getTime() > b.openDate.getTime();

export const configureBody = z
  .object({
    groupId: bodyId,
    quinielaId: bodyId,
    openDate: isoDateTime,
    closeDate: isoDateTime,
    forceClosed: flag.optional().default(false),
    typeQuinielaId: bodyId.optional().default(1),
    version,
  })
  .refine(datesInOrder, CLOSE_AFTER_OPEN);

export const updateStatusBody = z
  .object({ groupId: bodyId, quinielaId: bodyId, openDate: isoDateTime, closeDate: isoDateTime, forceClosed: flag.optional(), version })
  .refine(datesInOrder, CLOSE_AFTER_OPEN);

export const blockBody = z.object({ groupQuinielaId: bodyId, userId: bodyId });

export const groupAndQuinielaQuery = z.object({ groupId: id, quinielaId: id });

export const groupParams = z.object({ groupId: id });
export const roundParams = z.object({ id });

/** A pool as one group plays it, with its state at the backend's clock. */
export const GroupRound = z.object({
  id: wireId,
  groupId: wireId,
  quinielaId: wireId,
  seasonId: wireId,
  numberQuiniela: wireInt,
  openDate: z.string(),
  closeDate: z.string(),
  forceClosed: z.boolean(),
  typeQuinielaId: wireId,
  typeName: z.string(),
  numDouble: wireInt,
  numTriple: wireInt,
  description: z.string(),
  state: RoundStateSchema,
  reason: RoundReasonSchema.nullable(),
  /** Sent back with a change, so a save against a newer version is refused (409). */
  version: wireInt,
  /** The last time the round was opened again after closing; predictions after it are late. */
  reopenedAt: z.string().nullable(),
});
export type GroupRound = z.infer<typeof GroupRound>;
/** GET /GroupQuiniela/ByGroup/{groupId}. */
export const GroupRoundList = z.array(GroupRound);

/** GET /GroupQuiniela/GetByGroupAndQuiniela; ConfigureGroupQuiniela and UpdateStatus answer it too. */
export const GroupRoundDetail = GroupRound.extend({ blockedUserIds: z.array(wireId) });
export type GroupRoundDetail = z.infer<typeof GroupRoundDetail>;

/** GET /GroupQuiniela/{id}/BlockedUsers items. */
export const BlockedUser = z.object({ userId: wireId, username: z.string(), blockedAt: z.string() });
export type BlockedUser = z.infer<typeof BlockedUser>;
export const BlockedUserList = z.array(BlockedUser);

/** POST /GroupQuiniela/BlockUser and /UnblockUser: the member's state for the round afterwards. */
export const BlockResult = z.object({ groupQuinielaId: wireId, userId: wireId, blocked: z.boolean() });
