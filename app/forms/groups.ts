import { z } from "zod";
import { madridLocalToUtc } from "#core/dates";
import { GROUP_NAME_REQUIRED, ROLE_GESTOR, ROLE_USUARIO } from "#core/contract/group";
import { CLOSE_AFTER_OPEN } from "#core/contract/group-quiniela";

const positiveIdBase = z.coerce.number().int().positive();

export const groupSchema = z.object({
  name: z.string({ required_error: GROUP_NAME_REQUIRED }).trim().min(1, GROUP_NAME_REQUIRED).max(80, "Máximo 80 caracteres."),
  description: z.string().trim().max(500, "Máximo 500 caracteres.").optional(),
  version: positiveIdBase.optional(),
});

const JOIN_CODE_REQUIRED = "Introduce el código de invitación.";
export const joinSchema = z.object({
  code: z.string({ required_error: JOIN_CODE_REQUIRED }).trim().min(1, JOIN_CODE_REQUIRED).max(40, "Máximo 40 caracteres."),
});

const positiveId = z.coerce.number().int().positive();

export const roleSchema = z.object({
  groupId: positiveId,
  userId: positiveId,
  roleId: z.coerce.number().refine((r) => r === ROLE_USUARIO || r === ROLE_GESTOR, "Rol no válido."),
});

export const removeMemberSchema = z.object({ userId: positiveId });

/** A datetime-local value, read as Madrid wall-clock time. */
const madridDateTime = (required: string) =>
  z
    .string({ required_error: required })
    .trim()
    .min(1, required)
    .refine((v) => madridLocalToUtc(v) !== null, "Fecha no válida.");

const closeAfterOpen = (v: { openDate: string; closeDate: string }, ctx: z.RefinementCtx) => {
  const open = madridLocalToUtc(v.openDate);
  const close = madridLocalToUtc(v.closeDate);
  if (open && close && close <= open) ctx.addIssue({ code: "custom", path: ["closeDate"], message: CLOSE_AFTER_OPEN });
};

/** The version a form was loaded from (a hidden input): a save against a newer one is refused. */
const loadedVersion = positiveId.optional();

const roundDates = {
  openDate: madridDateTime("Indica la fecha de apertura."),
  closeDate: madridDateTime("Indica la fecha de cierre."),
};

/** Configuring a pool for the group: dates, type and forced close. */
export const configureRoundSchema = z
  .object({ quinielaId: positiveId, typeQuinielaId: positiveId, ...roundDates, forceClosed: z.boolean().optional() })
  .superRefine(closeAfterOpen);

/**
 * Changing the dates of a configured round. The forced close is not part of it (its own button):
 * a dates form loaded before another manager's forced close must not lift it when saved.
 */
export const roundStatusSchema = z.object({ quinielaId: positiveId, ...roundDates, version: loadedVersion }).superRefine(closeAfterOpen);

export const blockSchema = z.object({ groupQuinielaId: positiveId, userId: positiveId });
