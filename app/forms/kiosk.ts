import { z } from "zod";
import { id } from "#core/contract/common";

/** 'Revocar' of one kiosk link: the link's id, a hidden input. */
export const revokeKioskSchema = z.object({ linkId: id });
