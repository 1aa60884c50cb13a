import { z } from "zod";
import { version } from "#core/contract/audit";
import { id } from "#core/contract/common";
import { groupBody, inviteCode, roleId } from "#core/contract/group";
import { CLOSE_AFTER_OPEN, datesInOrder } from "#core/contract/rounds";
import { asSent, formOf, madridMoment, typedNumber } from "./fields";

/** The version a form was loaded from (a hidden input): a save against a newer one is refused. */
const loadedRowVersion = typedNumber(version);

/** 'Crear grupo' and the group's edit form: the contract's name and description. */
export const groupSchema = formOf(groupBody).extend({ version: loadedRowVersion });

/** 'Unirse a un grupo': the contract's invite code. */
export const joinSchema = z.object({ code: asSent(inviteCode) });

export const roleSchema = z.object({ groupId: id, userId: id, roleId: typedNumber(roleId) });

/** The admin's «Eliminar su cuenta» (decision 083): whom, and the box that says that person asked for it. */
export const eraseSchema = z.object({
  groupId: id,
  userId: id,
  confirm: z.literal("on", { errorMap: () => ({ message: "Marca la casilla para confirmar que esa persona lo ha pedido." }) }),
});

export const removeMemberSchema = z.object({ userId: id });

/** The close date after the open date, said on the close date. */
const closeAfterOpen = (v: { openDate: Date; closeDate: Date }, ctx: z.RefinementCtx) => {
  // A date the field refused already is not compared.
  if (v.openDate instanceof Date && v.closeDate instanceof Date && !datesInOrder(v))
    ctx.addIssue({ code: "custom", path: ["closeDate"], message: CLOSE_AFTER_OPEN });
};

const roundDates = {
  openDate: madridMoment("Indica la fecha de apertura."),
  closeDate: madridMoment("Indica la fecha de cierre."),
};

/** Configuring a pool for the group: dates, type and forced close. */
export const configureRoundSchema = z
  .object({ quinielaId: id, typeQuinielaId: id, ...roundDates, forceClosed: z.boolean().optional() })
  .superRefine(closeAfterOpen);

/**
 * Changing the dates of a configured round. The forced close is not part of it (its own button):
 * a dates form loaded before another manager's forced close must not lift it when saved.
 */
export const roundStatusSchema = z.object({ quinielaId: id, ...roundDates, version: loadedRowVersion }).superRefine(closeAfterOpen);

/** 'Cerrar jornada' / 'Quitar cierre forzado': one button, with the version its page was loaded from. */
export const forceCloseSchema = z.object({ quinielaId: id, forceClosed: z.enum(["true", "false"]).transform((v) => v === "true"), version: loadedRowVersion });

/** The round's type, changed on its own. */
export const roundTypeSchema = z.object({ quinielaId: id, typeQuinielaId: id, version: loadedRowVersion });

export const blockSchema = z.object({ quinielaId: id, groupQuinielaId: id, userId: id });
