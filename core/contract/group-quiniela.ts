import { z } from "zod";
import type { RoundReason, RoundState } from "../domain/round-status";
import { version } from "./audit";
import { bodyBoolean, bodyId, id, isoDateTime } from "./common";

export const CLOSE_AFTER_OPEN = "La fecha de cierre debe ser posterior a la de apertura.";

/** A JSON boolean only: the BFF's forms turn their checkboxes into one before calling. */
const flag = bodyBoolean("El cierre forzado debe ser verdadero o falso.");

const datesInOrder = (b: { openDate: Date; closeDate: Date }) => b.closeDate.getTime() > b.openDate.getTime();

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

/** A pool as one group plays it, with its state at the backend's clock. */
export interface GroupRound {
  id: number;
  groupId: number;
  quinielaId: number;
  seasonId: number;
  numberQuiniela: number;
  openDate: string;
  closeDate: string;
  forceClosed: boolean;
  typeQuinielaId: number;
  typeName: string;
  numDouble: number;
  numTriple: number;
  description: string;
  state: RoundState;
  reason: RoundReason | null;
  /** Sent back with a change, so a save against a newer version is refused (409). */
  version: number;
  /** The last time the round was opened again after closing; predictions after it are late. */
  reopenedAt: string | null;
}

export interface GroupRoundDetail extends GroupRound {
  blockedUserIds: number[];
}

export interface BlockedUser {
  userId: number;
  username: string;
  blockedAt: string;
}
