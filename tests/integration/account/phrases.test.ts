import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PHRASE_AUTHOR_REQUIRED, PHRASE_TEXT_REQUIRED } from "#core/contract/phrase";
import { startBackend, type TestBackend } from "../../support/backend";

let t: TestBackend;
beforeAll(async () => {
  t = await startBackend();
});
afterAll(() => t.close());

describe("a player's quotes", () => {
  it("are listed, added, edited and deleted by their owner", async () => {
    const ana = await t.player();
    expect((await ana.get("/phrases/List")).body).toEqual([]);
    const created = await ana.post("/phrases/Create", { Text: "  Partido a partido. ", Author: "Simeone", usuario: ana.id });
    expect(created).toMatchObject({ status: 201, body: { text: "Partido a partido.", author: "Simeone", usuario: ana.id } });
    const id = created.body.id as number;
    expect((await ana.put(`/phrases/Update/${id}`, { text: "El balón no se cansa.", author: "Luis Aragonés" })).body).toMatchObject({
      id,
      text: "El balón no se cansa.",
    });
    expect((await ana.get(`/phrases/List?usuario=${ana.username}`)).body).toEqual([
      { id, text: "El balón no se cansa.", author: "Luis Aragonés", usuario: ana.id },
    ]);
    expect((await ana.delete(`/phrases/Delete/${id}`)).status).toBe(204);
    expect((await ana.get("/phrases/List")).body).toEqual([]);
    expect((await ana.delete(`/phrases/Delete/${id}`)).status).toBe(404);
  });

  it("refuses an empty text or a missing author with the spec's messages", async () => {
    const ana = await t.player();
    expect(await ana.post("/phrases/Create", { text: "   ", author: "Cruyff" })).toEqual({ status: 400, body: { message: PHRASE_TEXT_REQUIRED } });
    expect(await ana.post("/phrases/Create", { text: "Jugar sencillo es lo más difícil." })).toEqual({
      status: 400,
      body: { message: PHRASE_AUTHOR_REQUIRED },
    });
    expect((await ana.get("/phrases/List")).body).toEqual([]);
  });

  it("cannot be read, changed or deleted by anyone else", async () => {
    const ana = await t.player();
    const bea = await t.player();
    const id = (await ana.post("/phrases/Create", { text: "Mía.", author: "Ana" })).body.id as number;
    expect((await bea.get(`/phrases/List?usuario=${ana.id}`)).status).toBe(403);
    expect((await bea.put(`/phrases/Update/${id}`, { text: "Robada.", author: "Bea" })).status).toBe(403);
    expect((await bea.delete(`/phrases/Delete/${id}`)).status).toBe(403);
    expect((await t.api.get("/phrases/List")).status).toBe(401);
    expect((await ana.get("/phrases/List")).body).toEqual([{ id, text: "Mía.", author: "Ana", usuario: ana.id }]);
    const admin = await t.admin();
    expect((await admin.get(`/phrases/List?usuario=${ana.id}`)).body).toHaveLength(1);
  });
});

describe("the reminder preference", () => {
  it('starts on, and is turned off and on again with JSON booleans; text such as "false" is refused (issue 13)', async () => {
    const ana = await t.player();
    expect((await ana.get("/User/GetAlertPreference")).body).toEqual({ sendAlert: true });
    expect((await ana.post("/User/SetAlertPreference", { sendAlert: "false" })).status).toBe(400);
    expect((await ana.get("/User/GetAlertPreference")).body).toEqual({ sendAlert: true });
    expect((await ana.post("/User/SetAlertPreference", { sendAlert: false })).body).toEqual({ sendAlert: false });
    expect((await ana.get("/User/GetAlertPreference")).body).toEqual({ sendAlert: false });
    expect((await ana.post("/User/SetAlertPreference", { SendAlert: true })).body).toEqual({ sendAlert: true });
    expect((await ana.post("/User/SetAlertPreference", { sendAlert: "quizá" })).status).toBe(400);
    expect((await ana.get("/User/GetAlertPreference")).body).toEqual({ sendAlert: true });
  });
});
