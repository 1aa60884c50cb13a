import { z } from "zod";
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

/** GET /kiosk/{token}/standings: everything the office screen shows, and nothing else of the group. */
export interface KioskStandings extends SeasonStandings {
  group: { name: string };
}
