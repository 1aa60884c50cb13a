import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBackend, type TestBackend } from "../../support/backend";

let t: TestBackend;
beforeAll(async () => {
  t = await startBackend();
});
afterAll(() => t.close());

describe("the privacy notice's facts (decision 085)", () => {
  it("are public, say nothing of a controller not set, and give the default periods", async () => {
    const res = await t.api.get("/privacy");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      controller: { name: null, contactEmail: null, address: null, dpoEmail: null },
      text: null,
      mailRelay: null,
      retention: { outboxDays: 7, clientAddressDays: 30, sessionDays: 30, resetLinkMinutes: 60, draftHours: 24 },
    });
  });

  it("follow the settings the retention job reads", async () => {
    t.deps.config.retentionOutboxDays = 3;
    t.deps.config.privacy = { ...t.deps.config.privacy, controllerName: "Peña El Botijo", text: "# Aviso\n\nNuestro texto." };
    try {
      const res = await t.api.get("/privacy");
      expect(res.body).toMatchObject({ controller: { name: "Peña El Botijo" }, text: "# Aviso\n\nNuestro texto.", retention: { outboxDays: 3 } });
    } finally {
      t.deps.config.retentionOutboxDays = 7;
      t.deps.config.privacy = { ...t.deps.config.privacy, controllerName: null, text: null };
    }
  });
});
