import { z } from "zod";
import { SIGNS } from "../domain/signs";
import type { SeasonStandings } from "./classification";
import { id } from "./common";

export const KIOSK_INVALID = "Este enlace de pantalla no es válido o ha sido revocado.";

export const kioskGroupParams = z.object({ id });
export const kioskLinkParams = z.object({ id });
/** `<id>.<nonce>.<signature>`, hex and digits only: it travels as a path segment, whose case is not kept. */
export const kioskTokenParams = z.object({ token: z.string().regex(/^\d{1,9}\.[0-9a-f]{32}\.[0-9a-f]{64}$/i, KIOSK_INVALID) });

/** A kiosk link of a group, as its managers see it. */
export interface KioskLink {
  id: number;
  token: string;
  createdAt: string;
  createdBy: string | null;
}

/** The group bet of a round as the office screen shows it; `hits` once the round has results (spec count, of 15). */
export interface KioskBet {
  quinielaId: number;
  numberQuiniela: number;
  matches: (typeof SIGNS)[number][][];
  pleno: { home: number; away: number } | null;
  confirmed: boolean;
  hits: number | null;
}

/** GET /kiosk/{token}/standings: everything the office screen shows, and nothing else of the group. */
export interface KioskStandings extends SeasonStandings {
  /** officeIcons: 'Iconos y premios de oficina'; without it the rows carry no icons. */
  group: { name: string; officeIcons: boolean };
  /** The group bet of its latest round that has one, if any. */
  bet: KioskBet | null;
}

const count = z.number().int().min(0);
const sign = z.enum(SIGNS);
const score = z.object({ home: count, away: count });

/** The fields of GET /kiosk/{token}/standings the office screen reads (the BFF checks the answer against it). */
export const KioskScreen = z.object({
  group: z.object({ name: z.string(), officeIcons: z.boolean() }),
  season: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  rows: z.array(
    z.object({
      position: count,
      userId: z.number().int(),
      userName: z.string(),
      totalPoints: z.number(),
      isSubGroup: z.boolean(),
      icons: z.array(z.enum(["burro", "pina", "bola", "rinoceronte"])),
      lastRoundHits: count.nullable(),
    }),
  ),
  lastRound: z
    .object({
      numberQuiniela: count,
      results: z.object({ matches: z.array(sign.nullable()), plain15: score.nullable() }),
      players: count,
      averageHits: z.number(),
      bestHits: count,
      best: z.array(z.string()),
      worstHits: count,
      worst: z.array(z.string()),
    })
    .nullable(),
  bet: z
    .object({
      numberQuiniela: count,
      matches: z.array(z.array(sign)),
      pleno: score.nullable(),
      confirmed: z.boolean(),
      hits: count.nullable(),
    })
    .nullable(),
});
export type KioskScreen = z.infer<typeof KioskScreen>;
