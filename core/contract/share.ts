import { z } from "zod";
import { PicksSchema } from "./picks";
import { bodyId, id, wireId, wireInt, wireNumber } from "./common";

export const SHARE_INVALID = "Este enlace no existe o ha sido revocado.";
export const SHARE_KIND_REQUIRED = "Elige qué compartir: la clasificación o la quiniela grupal de una jornada.";

export const shareGroupParams = z.object({ id });
export const shareLinkParams = z.object({ id });
/** POST /group/{id}/share: the standings, or the group bet of one jornada (quinielaId). */
export const createShareBody = z
  .object({ kind: z.enum(["bet", "standings"], { errorMap: () => ({ message: SHARE_KIND_REQUIRED }) }), quinielaId: bodyId.optional() })
  .refine((b) => (b.kind === "bet") === (b.quinielaId !== undefined), SHARE_KIND_REQUIRED);

/** A public share link as the group's managers see it. */
export const ShareLink = z.object({
  id: wireId,
  kind: z.enum(["bet", "standings"]),
  quinielaId: wireId.nullable(),
  numberQuiniela: wireInt.nullable(),
  token: z.string(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
});
export type ShareLink = z.infer<typeof ShareLink>;
export const ShareLinkList = z.array(ShareLink);
export const RevokedShareLink = z.object({ id: wireId, revokedAt: z.string() });

/** The paths of the public reads: a malformed token is a link that does not exist (404). */
export const shareTokenPath = z.object({ token: z.string().describe("El token del enlace: <id>.<nonce>.<firma>") });
export const shareImagePath = z.object({
  token: z.string().describe("El token del enlace"),
  version: z.string().describe("La versión de la vista (cambia con su contenido)"),
});

const count = wireInt.pipe(z.number().min(0));

/**
 * GET /share/{token}: what a public link shows, and nothing else of the group (no other group, no
 * member's e-mail). `version` changes whenever what is shown changes: the image's address carries it.
 */
export const SharedView = z.object({
  kind: z.enum(["bet", "standings"]),
  groupName: z.string(),
  version: z.string(),
  title: z.string(),
  description: z.string(),
  bet: z
    .object({
      numberQuiniela: count,
      matches: z.array(z.object({ position: count, home: z.string(), away: z.string() })),
      /** Null when the group bet of the jornada is not made yet. */
      ticket: z
        .object({
          picks: PicksSchema,
          pleno: z.object({ home: count, away: count }).nullable(),
          bets: count,
          costCents: count,
          confirmed: z.boolean(),
          hits: count.nullable(),
        })
        .nullable(),
    })
    .nullable(),
  standings: z
    .object({
      seasonName: z.string().nullable(),
      rows: z.array(z.object({ position: count, userName: z.string(), totalPoints: wireNumber })),
    })
    .nullable(),
});
export type SharedView = z.infer<typeof SharedView>;

export const ShareImage = z.unknown().describe("La imagen PNG de la vista, 1200 × 630");
