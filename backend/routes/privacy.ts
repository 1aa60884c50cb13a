import { PrivacyNotice } from "#core/contract/privacy";
import { errorReplies } from "../schema";
import { RESET_TTL_MS } from "../services/account/auth";
import { DRAFT_TTL_MS } from "../services/moving-in/drafts";
import { resource } from "./resource";

/** The privacy notice's facts (decision 085), public: a visitor reads it before signing up. */
export default resource("privacy", (app, deps) => {
  app.get(
    "/privacy",
    { schema: { summary: "Quién trata los datos, para qué y cuánto tiempo se guardan", security: [], response: { 200: PrivacyNotice, ...errorReplies } } },
    async () => {
      const { config } = deps;
      return {
        controller: {
          name: config.privacy.controllerName,
          contactEmail: config.privacy.contactEmail,
          address: config.privacy.controllerAddress,
          dpoEmail: config.privacy.dpoEmail,
        },
        text: config.privacy.text,
        mailRelay: config.privacy.mailRelay,
        retention: {
          outboxDays: config.retentionOutboxDays,
          clientAddressDays: config.retentionClientAddressDays,
          sessionDays: config.tokenDays,
          resetLinkMinutes: RESET_TTL_MS / 60_000,
          draftHours: DRAFT_TTL_MS / 3_600_000,
        },
      };
    },
  );
});
