import { z } from "zod";

/**
 * What /privacidad says (decision 085): who holds the data, as the deployer set it (null: not set),
 * the deployer's own text if any, the mail relay that receives addresses, and how long each thing is
 * kept, read from the settings the storage limitation's job uses.
 */
export const PrivacyNotice = z.object({
  controller: z.object({
    name: z.string().nullable(),
    contactEmail: z.string().nullable(),
    address: z.string().nullable(),
    dpoEmail: z.string().nullable(),
  }),
  text: z.string().nullable(),
  mailRelay: z.string().nullable(),
  retention: z.object({
    outboxDays: z.number().int(),
    clientAddressDays: z.number().int(),
    sessionDays: z.number().int(),
    resetLinkMinutes: z.number().int(),
    draftHours: z.number().int(),
  }),
});
export type PrivacyNotice = z.infer<typeof PrivacyNotice>;
