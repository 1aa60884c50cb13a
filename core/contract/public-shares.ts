import { z } from "zod";
import { version } from "./audit";
import { wireInt } from "./common";
import { MATCHES } from "../domain/signs";

/** The public's betting percentages of a pool (decision 044), in basis points (hundredths of a percent). */

export const SHARES_MESSAGE = "Hacen falta los 14 partidos, cada uno con los porcentajes de 1, X y 2 (en centésimas de punto) que sumen unos 100 %.";

const bp = z.number({ invalid_type_error: SHARES_MESSAGE }).int(SHARES_MESSAGE);
const row = z
  .tuple([bp, bp, bp], { invalid_type_error: SHARES_MESSAGE })
  .refine((r) => r.every((x) => x >= 0 && x <= 10_000) && r[0] + r[1] + r[2] >= 9_800 && r[0] + r[1] + r[2] <= 10_200, SHARES_MESSAGE);

/** GET and PUT /Quiniela/{id}/PublicShares. */
export const PublicShares = z.object({
  quinielaId: wireInt,
  /** 0 before any is entered. */
  version: wireInt,
  source: z.enum(["admin", "lottery", "estimate"]).nullable(),
  updatedAt: z.string().nullable(),
  /** Per match 1–14: basis points on 1, X and 2; empty when not known. */
  shares: z.array(z.tuple([wireInt, wireInt, wireInt])),
});
export type PublicShares = z.infer<typeof PublicShares>;

export const setPublicSharesBody = z.object({
  version,
  shares: z.array(row, { invalid_type_error: SHARES_MESSAGE }).length(MATCHES, SHARES_MESSAGE),
});
