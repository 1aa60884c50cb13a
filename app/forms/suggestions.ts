import { z } from "zod";

/** The group's 'Las sugerencias pueden cambiar los signos de la mayoría' checkbox: unticked sends nothing, which means off. */
export const suggestionSettingsSchema = z.object({ changeSigns: z.boolean().optional().default(false) });
