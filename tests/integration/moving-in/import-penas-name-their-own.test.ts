import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD, startBackend, type TestBackend } from "../../support/backend";
import * as build from "../../support/builders";

/**
 * Decision 080: each peña names its members without an account itself. Two peñas import the same
 * address under different names; nothing either manager reads names the other peña's member, and the
 * members preview answers the same for an address with an account, one another peña added, or none.
 */
const NOW = new Date("2026-03-01T12:00:00Z");
const DAY = 86_400_000;
let t: TestBackend;
beforeAll(async () => {
  t = await startBackend({ now: NOW });
});
afterAll(() => t.close());

type Player = Awaited<ReturnType<TestBackend["player"]>>;
const csv = (rows: string[][]) => Buffer.from(rows.map((r) => r.join(";")).join("\r\n"), "utf8");

async function preview(manager: Player, groupId: number, kind: string, bytes: Buffer) {
  const form = new FormData();
  form.set("kind", kind);
  form.set("archivo", new Blob([new Uint8Array(bytes)]), "datos.csv");
  const p = await manager.post(`/group/${groupId}/import/preview`, form);
  expect(p.status, JSON.stringify(p.body)).toBe(200);
  return p.body;
}
async function importFile(manager: Player, groupId: number, kind: string, bytes: Buffer) {
  const p = await preview(manager, groupId, kind, bytes);
  const c = await manager.post(`/group/${groupId}/import/confirm`, { draft: p.draft });
  expect(c.status, JSON.stringify(c.body)).toBe(200);
  return { preview: p, result: c.body };
}

/** Every answer a peña's manager reads about its members, as one text. */
async function everything(manager: Player, groupId: number, seasonId: number, quinielaId: number) {
  const paths = [
    `/Group/${groupId}/GetGroupMembers`,
    `/group/${groupId}/placeholders`,
    `/group/${groupId}/season/${seasonId}/GetClassification`,
    `/group/${groupId}/season/${seasonId}/StandingsPage`,
    `/group/${groupId}/caja`,
    `/group/${groupId}/caja/settlement?seasonId=${seasonId}`,
    `/group/${groupId}/caja/stamper`,
    `/Bet/Stats?groupId=${groupId}&seasonId=${seasonId}`,
    `/group/${groupId}/export`,
    `/group/${groupId}/import/template?kind=members`,
    `/group/${groupId}/import/template?kind=movements`,
    `/group/${groupId}/import/template?kind=picks`,
    `/Quiniela/${quinielaId}/GetPredictions?groupId=${groupId}`,
    `/Group/${groupId}/Live?quinielaId=${quinielaId}`,
    `/Audit/ByGroup/${groupId}`,
  ];
  const texts: string[] = [];
  for (const path of paths) {
    const res = await manager.get(path);
    expect(res.status, `${path}: ${JSON.stringify(res.body).slice(0, 300)}`).toBe(200);
    texts.push(`${path} ${JSON.stringify(res.body)}`);
  }
  return texts.join("\n");
}

describe("two peñas import the same address under their own names", () => {
  it("each peña's every answer names the person as that peña does, never as the other", async () => {
    const tag = randomBytes(3).toString("hex");
    const ramon = await t.player();
    const marta = await t.player();
    const ramonGroup = await build.group(t.db, { members: [{ userId: ramon.id, role: 2 }] });
    const martaGroup = await build.group(t.db, { members: [{ userId: marta.id, role: 2 }] });
    const seasonId = await build.season(t.db, { name: `Temporada ${tag}` });
    const close = new Date(NOW.getTime() - 10 * DAY);
    const quinielaId = await build.pool(t.db, { seasonId, number: 1, startDate: new Date(close.getTime() - 3 * DAY), closingDate: close });
    await build.results(t.db, quinielaId, Array<"1">(14).fill("1"), { home: 2, away: 1 });
    for (const groupId of [ramonGroup, martaGroup])
      await build.round(t.db, { groupId, quinielaId, openDate: new Date(close.getTime() - 3 * DAY), closeDate: close, typeId: 1 });

    const email = `x${tag}@correo.es`;
    const secret = `Secreto de Ramon ${tag}`;
    const hers = `Nombre de Marta ${tag}`;
    const peña = async (manager: Player, groupId: number, name: string, cents: string) => {
      const members = await importFile(
        manager,
        groupId,
        "members",
        csv([
          ["Nombre", "E-mail"],
          [name, email],
        ]),
      );
      expect(members.preview.members.created).toEqual([name]);
      expect(members.preview.errors).toEqual([]);
      expect(members.result).toMatchObject({ membersCreated: 1 });
      await importFile(manager, groupId, "picks", csv([["1", name, ...Array<string>(14).fill("1"), "2-1"]]));
      const movements = await importFile(
        manager,
        groupId,
        "movements",
        csv([
          ["Fecha", "Miembro", "Importe", "Tipo", "Referencia"],
          ["01/02/2026", name, cents, "Pago", "Bizum"],
        ]),
      );
      expect(movements.result).toMatchObject({ movementsCreated: 1 });
      return movements.preview;
    };
    await peña(ramon, ramonGroup, secret, "20,00");
    const martaMoves = await peña(marta, martaGroup, hers, "15,00");
    expect(JSON.stringify(martaMoves)).toContain(hers);
    expect(JSON.stringify(martaMoves)).not.toContain(secret);

    // One person, in both peñas.
    const rows = await t.db.query<{ id: number }>("select id from users where lower(email) = $1", [email]);
    expect(rows).toHaveLength(1);

    const seenByMarta = await everything(marta, martaGroup, seasonId, quinielaId);
    const seenByRamon = await everything(ramon, ramonGroup, seasonId, quinielaId);
    expect(seenByMarta).toContain(hers);
    expect(seenByMarta).not.toContain(secret);
    expect(seenByMarta).not.toContain("Secreto de Ramon");
    expect(seenByRamon).toContain(secret);
    expect(seenByRamon).not.toContain(hers);
    expect(seenByRamon).not.toContain("Nombre de Marta");
    // The members list, the standings and the caja each name her as Marta's peña does.
    const list = (await marta.get(`/Group/${martaGroup}/GetGroupMembers`)).body as { userId: number; username: string }[];
    expect(list.find((m) => m.userId === rows[0].id)?.username).toBe(hers);
    const caja = (await marta.get(`/group/${martaGroup}/caja`)).body as { members: { userId: number; username: string }[] };
    expect(caja.members.find((m) => m.userId === rows[0].id)?.username).toBe(hers);

    // The person signs up through the link sent to the address: the username chosen is the name in
    // both peñas, and each peña's old name still names them in its own sheets.
    expect((await t.api.post("/auth/register", { email, username: `dueno${tag}`, password: PASSWORD })).status).toBe(201);
    const token = /\/unirse\?token=([0-9a-f.]+)/i.exec(t.mail.to(email).at(-1)!.text)![1];
    expect((await t.api.post("/auth/claim", { token, username: `dueno${tag}`, password: PASSWORD })).status).toBe(201);
    for (const [manager, groupId, name] of [
      [marta, martaGroup, hers],
      [ramon, ramonGroup, secret],
    ] as const) {
      const members = (await manager.get(`/Group/${groupId}/GetGroupMembers`)).body as { userId: number; username: string }[];
      expect(members.find((m) => m.userId === rows[0].id)?.username).toBe(`dueno${tag}`);
      const old = await preview(
        manager,
        groupId,
        "movements",
        csv([
          ["Fecha", "Miembro", "Importe", "Tipo", "Referencia"],
          ["02/02/2026", name, "1,00", "Pago", "Bizum"],
        ]),
      );
      expect(old.errors).toEqual([]);
    }
    expect(JSON.stringify((await marta.get(`/Group/${martaGroup}/GetGroupMembers`)).body)).not.toContain(secret);
  });

  it("the members preview answers the same for an address with an account, one another peña added, and a new one", async () => {
    const tag = randomBytes(3).toString("hex");
    const other = await t.player();
    const otherGroup = await build.group(t.db, { members: [{ userId: other.id, role: 2 }] });
    await importFile(
      other,
      otherGroup,
      "members",
      csv([
        ["Nombre", "E-mail"],
        [`Ajeno ${tag}`, `ajeno${tag}@correo.es`],
      ]),
    );
    const account = await t.player(`cuenta${tag}`);
    const manager = await t.player();
    const groupId = await build.group(t.db, { members: [{ userId: manager.id, role: 2 }] });
    const answers = [];
    for (const email of [`${account.username}@test.local`, `ajeno${tag}@correo.es`, `nadie${tag}@correo.es`]) {
      const p = await preview(
        manager,
        groupId,
        "members",
        csv([
          ["Nombre", "E-mail"],
          ["Pepa", email],
        ]),
      );
      answers.push({ ...p, draft: null });
    }
    expect(answers[0]).toEqual(answers[2]);
    expect(answers[1]).toEqual(answers[2]);
    expect(answers[2]).toMatchObject({ errors: [], members: { created: ["Pepa"], matched: [] } });
  });
});
