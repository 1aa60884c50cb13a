import { z } from "zod";

/** The group's 'Iconos y premios de oficina' checkbox: unticked sends nothing, which means off. */
export const officeSettingsSchema = z.object({ officeIcons: z.boolean().optional().default(false) });
