import { z } from "zod";
import { PicksSchema } from "./picks";
import { SIGNS } from "../domain/signs";
import { ClassificationRows } from "./standings";
import { id, wireId, wireInt, wireNumber } from "./common";
import { KioskReceipt } from "./receipt";

export const KIOSK_INVALID = "Este enlace de pantalla no es válido o ha sido revocado.";

export const kioskGroupParams = z.object({ id });
export const kioskLinkParams = z.object({ id });
/** `<id>.<nonce>.<signature>`, hex and digits only: it travels as a path segment, whose case is not kept. */
export const kioskTokenParams = z.object({ token: z.string().regex(/^\d{1,9}\.[0-9a-f]{32}\.[0-9a-f]{64}$/i, KIOSK_INVALID) });
/** The path of GET /kiosk/{token}/standings as documented: a malformed token is a link that does not work (404), so the route checks it. */
export const kioskTokenPath = z.object({ token: z.string().describe("El token del enlace: <id>.<nonce>.<firma>") });

/** A kiosk link of a group, as its managers see it (GET and POST /group/{id}/kiosk). */
export const KioskLink = z.object({ id: wireId, token: z.string(), createdAt: z.string(), createdBy: z.string().nullable() });
export type KioskLink = z.infer<typeof KioskLink>;
export const KioskLinkList = z.array(KioskLink);

/** POST /kiosk/{id}/revoke. */
export const RevokedKioskLink = z.object({ id: wireId, revokedAt: z.string() });

const count = wireInt.pipe(z.number().min(0));
const sign = z.enum(SIGNS);
const score = z.object({ home: count, away: count });

/** The group bet of a round as the office screen shows it; `hits` once the round has results (spec count, of 15). */
export const KioskBet = z.object({
  quinielaId: wireId,
  numberQuiniela: count,
  matches: PicksSchema,
  pleno: score.nullable(),
  confirmed: z.boolean(),
  hits: count.nullable(),
  /** The played ticket's prize in cents once every prize it wins is known (decision 034); null before, or when not played. */
  prizeCents: count.nullable().optional(),
  /** The photo of the stamped ticket (decision 090), as a thumbnail the screen shows without a session. */
  receipt: KioskReceipt.nullable().optional(),
});
export type KioskBet = z.infer<typeof KioskBet>;

/**
 * GET /kiosk/{token}/standings: everything the office screen shows, and nothing else of the group
 * (the BFF checks the answer against it).
 */
export const KioskScreen = z.object({
  /** officeIcons: 'Iconos y premios de oficina'; without it the rows carry no icons. */
  group: z.object({ name: z.string(), officeIcons: z.boolean() }),
  season: z.object({ id: wireId, name: z.string() }).nullable(),
  /** The same rows as the standings page (GetClassification). */
  rows: ClassificationRows,
  lastRound: z
    .object({
      quinielaId: wireId,
      numberQuiniela: count,
      closeDate: z.string(),
      results: z.object({ matches: z.array(sign.nullable()), plain15: score.nullable() }),
      players: count,
      averageHits: wireNumber,
      bestHits: count,
      best: z.array(z.string()),
      worstHits: count,
      worst: z.array(z.string()),
    })
    .nullable(),
  /** The group bet of its latest round that has one, if any. */
  bet: KioskBet.nullable(),
});
export type KioskScreen = z.infer<typeof KioskScreen>;
export type KioskStandings = KioskScreen;
