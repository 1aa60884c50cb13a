import { z } from "zod";
import { MOVEMENT_KINDS, type MovementKind } from "../domain/caja/caja";
import { version } from "./audit";
import { bodyBoolean, bodyId, id, text, wireId, wireInt } from "./common";

/** La caja de la peña (decision 032): the group's ledger, its balances and its rules. */

export const KIND_LABELS: Record<MovementKind, string> = {
  payment: "Pago",
  quota: "Cuota",
  ticket: "Boleto",
  prize: "Premio",
  fine: "Multa",
  payout: "Reparto",
  correction: "Corrección",
};

/** What a manager records by hand: everything but a correction, which is its own call. */
export const MANUAL_KINDS = ["payment", "quota", "fine", "payout", "prize", "ticket"] as const;

export const MEMBER_REQUIRED = "Elige el miembro.";
export const TICKET_HAS_NO_MEMBER = "El boleto se paga del bote: no lleva miembro.";
export const AMOUNT_POSITIVE = "La cantidad debe ser mayor que cero.";
export const AMOUNT_NOT_A_NUMBER = "La cantidad debe ser un número de céntimos.";
export const AMOUNT_NOT_WHOLE = "La cantidad debe ser un número entero de céntimos.";
export const POT_INVALID = "El bote confirmado debe ser un número entero de céntimos.";
export const ROTA_REPEATED = "El turno para sellar no puede llevar dos veces al mismo miembro.";
export const AMOUNT_TOO_LARGE = "La cantidad es demasiado grande.";
export const KEY_INVALID = "Falta la clave del formulario: recarga la página y vuelve a enviarlo.";
export const ALREADY_REVERSED = "Este movimiento ya está corregido (otra persona lo corrigió antes): recarga la caja.";
export const CORRECTION_NOT_REVERSIBLE = "Una corrección no se corrige: anota un movimiento nuevo.";
export const KEY_REUSED = "Este formulario ya se envió con otros datos: recarga la página para anotar otro movimiento.";
export const ROTA_NOT_MEMBERS = "El turno para sellar solo puede llevar miembros del grupo.";
export const MOVEMENT_NOT_FOUND = "Movimiento no encontrado en la caja de este grupo.";

/** Ten million euros: far above any peña's money, far below a database integer. */
export const MAX_CENTS = 1_000_000_000;

/** An amount in cents as the wire carries it: a positive integer; the kind gives it its sign. */
export const amountCents = z
  .number({ errorMap: () => ({ message: AMOUNT_NOT_A_NUMBER }) })
  .int(AMOUNT_NOT_WHOLE)
  .min(1, AMOUNT_POSITIVE)
  .max(MAX_CENTS, AMOUNT_TOO_LARGE);

/**
 * The one-time key every rendered form carries: the backend stores it with the movement, so the
 * same form sent twice (double click, a reload that posts again, a retry) records one movement.
 */
export const idempotencyKey = z
  .string({ errorMap: () => ({ message: KEY_INVALID }) })
  .regex(/^[A-Za-z0-9_-]{16,80}$/, KEY_INVALID)
  .describe("Clave de un solo uso del formulario (16-80 letras, cifras, - o _)");

export const reference = text(120);

/** POST /group/{id}/caja/movements */
export const movementBody = z
  .object({
    kind: z.enum(MANUAL_KINDS, { errorMap: () => ({ message: "Tipo de movimiento no válido." }) }),
    userId: bodyId.nullable().optional(),
    amountCents,
    reference: reference.optional().default(""),
    idempotencyKey,
  })
  .superRefine((body, ctx) => {
    const needsMember = body.kind !== "ticket" && body.kind !== "prize";
    if (needsMember && !body.userId) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["userId"], message: MEMBER_REQUIRED });
    if (body.kind === "ticket" && body.userId) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["userId"], message: TICKET_HAS_NO_MEMBER });
  });
export type MovementBody = z.infer<typeof movementBody>;

/** POST /group/{id}/caja/movements/{movementId}/reverse */
export const reverseBody = z.object({ reference: reference.optional().default(""), idempotencyKey });

export const cajaParams = z.object({ id });
export const movementParams = z.object({ id, movementId: id });

/** The most movements one page of the caja asks for (decision 042). */
export const CAJA_PAGE_MAX = 200;

export const cajaQuery = z.object({
  member: z
    .union([z.literal(""), id])
    .optional()
    .describe("Solo los movimientos de este miembro"),
  kind: z
    .union([z.literal(""), z.enum(MOVEMENT_KINDS)], { errorMap: () => ({ message: "Tipo de movimiento no válido." }) })
    .optional()
    .describe("Solo los movimientos de este tipo"),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(CAJA_PAGE_MAX)
    .optional()
    .describe(
      `Como mucho tantos movimientos (hasta ${CAJA_PAGE_MAX}); sin él, hasta 1000 como antes. La respuesta da en nextBefore por dónde seguir (decisión 042)`,
    ),
  before: id.optional().describe("Solo los movimientos anteriores a este (el nextBefore de la página anterior)"),
});

export const Movement = z.object({
  id: wireId,
  kind: z.enum(MOVEMENT_KINDS),
  /** The kind of the movement a correction reverses; the movement's own kind otherwise. */
  baseKind: z.enum(MOVEMENT_KINDS),
  userId: wireId.nullable(),
  username: z.string().nullable(),
  /** Signed: as the member's balance sees it, or the pot's for a movement of no member (decision 032). */
  amountCents: wireInt,
  reference: z.string(),
  recordedBy: z.string().nullable(),
  recordedAt: z.string(),
  reversesId: wireId.nullable(),
  reversedById: wireId.nullable(),
  seasonId: wireId.nullable(),
  /** The caja's own ticket or prize of a group bet: that jornada's resguardo (decision 090), `file` null when there is none. */
  receipt: z.object({ quinielaId: wireId, file: z.string().nullable(), beforeStart: z.boolean().nullable() }).optional(),
});
export type Movement = z.infer<typeof Movement>;

export const MemberBalance = z.object({
  userId: wireId,
  username: z.string(),
  /** null when the group hides the others' balances from this caller. */
  balanceCents: wireInt.nullable(),
});
export type MemberBalance = z.infer<typeof MemberBalance>;

export const CajaRules = z.object({
  quotaCents: wireInt,
  quotaBasis: z.enum(["round", "season"]),
  payTicket: z.boolean(),
  lastPlaceFineCents: wireInt,
  hideBalances: z.boolean(),
  bestPrizeCents: wireInt,
  pinaPenaltyCents: wireInt,
  /** Who stamps the ticket, in order (user ids); empty: the members in join order. */
  stampRota: z.array(wireId),
  version: wireInt,
});
export type CajaRules = z.infer<typeof CajaRules>;

export const Caja = z.object({
  groupId: wireId,
  groupName: z.string(),
  /** The caller may record movements (the group's manager or an admin). */
  canWrite: z.boolean(),
  potCents: wireInt,
  fundCents: wireInt,
  me: z.object({ userId: wireId, balanceCents: wireInt }).nullable(),
  members: z.array(MemberBalance),
  /** Newest first; a member who does not manage sees their own and the pot's, not the others'. */
  movements: z.array(Movement),
  /** With `limit`: the last movement answered when older ones remain (ask `before` it next); null otherwise. */
  nextBefore: wireId.nullable(),
  rules: CajaRules,
  /**
   * What switching «Pagar el boleto del bote» on now would charge at once (decision 064): the tickets
   * of the confirmed bets of the open seasons not paid yet. Null when the rule is on or the caller cannot write.
   */
  lateTickets: z.object({ count: wireInt, cents: wireInt }).nullable(),
});
export type Caja = z.infer<typeof Caja>;

const cents = (message: string) =>
  z
    .number({ errorMap: () => ({ message }) })
    .int(message)
    .min(0, message)
    .max(MAX_CENTS, AMOUNT_TOO_LARGE);

/** PUT /group/{id}/caja/rules */
export const cajaRulesBody = z.object({
  quotaCents: cents("La cuota no es válida."),
  quotaBasis: z.enum(["round", "season"], { errorMap: () => ({ message: "Elige cuándo se cobra la cuota." }) }),
  payTicket: bodyBoolean(),
  lastPlaceFineCents: cents("La multa no es válida."),
  hideBalances: bodyBoolean(),
  bestPrizeCents: cents("El premio no es válido."),
  pinaPenaltyCents: cents("La penalización no es válida."),
  /** Who stamps the ticket, first to last; left out, the rota stays as it was. */
  stampRota: z
    .array(bodyId)
    .max(500)
    .refine((rota) => new Set(rota).size === rota.length, ROTA_REPEATED)
    .optional(),
  version,
});
export type CajaRulesBody = z.infer<typeof cajaRulesBody>;

export const OWING = (names: string) => `No se puede liquidar todavía: ${names}. Anota sus pagos y vuelve a liquidar.`;
export const SETTLEMENT_STALE = "La caja ha cambiado desde que abriste la liquidación (hay movimientos nuevos). Revisa el reparto y vuelve a confirmarlo.";

export const settlementQuery = z.object({
  seasonId: z
    .union([z.literal(""), id])
    .optional()
    .describe("La temporada; por defecto, la que se juega"),
});

export const SettlementLine = z.object({
  userId: wireId,
  username: z.string(),
  balanceCents: wireInt,
  shareCents: wireInt,
  prizeCents: wireInt,
  penaltyCents: wireInt,
  creditCents: wireInt,
  payoutCents: wireInt,
  position: wireInt.nullable(),
  tookPart: z.boolean(),
});

/** GET /group/{id}/caja/settlement: the preview (or, once confirmed, what was paid). */
export const Settlement = z.object({
  seasonId: wireId,
  seasonName: z.string(),
  settledAt: z.string().nullable(),
  settledBy: z.string().nullable(),
  potCents: wireInt,
  fundCents: wireInt,
  bestPrizeCents: wireInt,
  pinaPenaltyCents: wireInt,
  bestUsername: z.string().nullable(),
  pinaUsername: z.string().nullable(),
  lines: z.array(SettlementLine),
  owing: z.array(z.string()),
  /** The group hides the others' balances from this caller: `lines` and `owing` are their own only. */
  othersHidden: z.boolean(),
});
export type Settlement = z.infer<typeof Settlement>;

/** POST /group/{id}/caja/settlement: confirms the preview the manager saw (its pot); the season's settlement row makes it once. */
export const settleBody = z.object({
  seasonId: bodyId,
  potCents: z.number({ errorMap: () => ({ message: POT_INVALID }) }).int(POT_INVALID),
});

export const stamperQuery = z.object({
  quinielaId: z
    .union([z.literal(""), id])
    .optional()
    .describe("La jornada; por defecto, la última abierta del grupo"),
});

const Person = z.object({ userId: wireId, username: z.string() });

/** GET /group/{id}/caja/stamper: 'Esta semana sella: …', the rota of who stamps the ticket. */
export const Stamper = z.object({
  quinielaId: wireId.nullable(),
  numberQuiniela: wireInt.nullable(),
  /** The jornada is over: its stamper is told in the past, not as «Esta semana». */
  closed: z.boolean(),
  current: Person.nullable(),
  next: Person.nullable(),
  order: z.array(Person),
});
export type Stamper = z.infer<typeof Stamper>;

export const NOT_A_PRIZE = "Ese movimiento no es un premio del bote: el reparto de premios es de los premios que gana la peña.";

export const PrizeShareLine = z.object({
  userId: wireId,
  username: z.string(),
  contributionCents: wireInt,
  /** Hundredths of a percent: 3333 is 33,33 %; they add up to 10000. */
  percentHundredths: wireInt,
  shareCents: wireInt,
  exemptCents: wireInt,
  taxableCents: wireInt,
  levyCents: wireInt,
  netCents: wireInt,
});

/** GET /group/{id}/caja/prizes/{movementId}: who owns what of a prize the peña won (decision 035). */
export const PrizeSharing = z.object({
  groupId: wireId,
  groupName: z.string(),
  movementId: wireId,
  reference: z.string(),
  recordedAt: z.string(),
  /** The prize was corrected afterwards: the record is kept, but the money is not in the caja. */
  reversed: z.boolean(),
  seasonName: z.string().nullable(),
  /** 'quotas': weighted by the quotas charged in the season up to the prize; 'equal': nobody was charged quotas, so equal shares among the season's players. */
  basis: z.enum(["quotas", "equal"]),
  prizeCents: wireInt,
  thresholdCents: wireInt,
  levyPercent: wireInt,
  taxed: z.boolean(),
  levyCents: wireInt,
  netCents: wireInt,
  lines: z.array(PrizeShareLine),
});
export type PrizeSharing = z.infer<typeof PrizeSharing>;
