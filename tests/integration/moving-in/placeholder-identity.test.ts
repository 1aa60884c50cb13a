import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD, startBackend, type TestBackend } from "../../support/backend";
import * as build from "../../support/builders";

/**
 * Who a line of a peña's sheet is (decision 063): a movement keeps its identity when its member
 * without an account is linked to an account, the peña's old name keeps naming the member, and a
 * name alone never makes two people one.
 */
const NOW = new Date("2026-03-01T12:00:00Z");
let t: TestBackend;
beforeAll(async () => {
  t = await startBackend({ now: NOW });
});
afterAll(() => t.close());

type Player = Awaited<ReturnType<TestBackend["player"]>>;
const tag = () => randomBytes(3).toString("hex");
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
const balances = async (manager: Player, g: number) =>
  new Map<number, number>(
    (await manager.get(`/group/${g}/caja`)).body.members.map((m: { userId: number; balanceCents: number }) => [m.userId, m.balanceCents]),
  );
const ledger = (groupId: number) =>
  t.db.query<{ id: number; user_id: number; amount_cents: number; reverses_id: number | null }>(
    "select id, user_id, amount_cents, reverses_id from caja_movements where group_id = $1 order by id",
    [groupId],
  );

describe("a link by hand, then the season's sheet renamed as the app asks", () => {
  it("moves no balance and replaces nothing: the renamed lines are already there, and the peña's old name still names the member", async () => {
    const manager = await t.player();
    const manuel = await t.player(`Manuel${tag()}`);
    const groupId = await build.group(t.db, { members: [{ userId: manager.id, role: 2 }, { userId: manuel.id }] });
    const chema = `Chema${tag()}`;
    await importFile(
      manager,
      groupId,
      "members",
      csv([
        ["Nombre", "E-mail"],
        [chema, `${chema.toLowerCase()}@correo.es`],
      ]),
    );
    const placeholder = (await t.db.one<{ id: number }>("select id from users where username = $1", [chema]))!.id;
    const season = (chemaName: string) =>
      csv([
        ["Fecha", "Miembro", "Importe", "Tipo", "Referencia"],
        ["01/10/2025", manuel.username, "20,00", "Pago", "Bizum"],
        ["02/10/2025", chemaName, "20,00", "Pago", "Bizum"],
        ["09/10/2025", chemaName, "-2,50", "Cuota", "J1"],
        ["08/10/2025", manuel.username, "-2,50", "Cuota", "J1"],
        // The same day's prize, without a reference, for both: Chema's must never replace Manuel's.
        ["15/10/2025", manuel.username, "102,88", "Premio", ""],
        ["15/10/2025", chemaName, "7,94", "Premio", ""],
      ]);
    expect((await importFile(manager, groupId, "movements", season(chema))).result).toMatchObject({ movementsCreated: 6, refused: 0 });
    const before = await balances(manager, groupId);
    expect(before.get(manuel.id)).toBe(2000 - 250 + 10288);
    expect(before.get(placeholder)).toBe(2000 - 250 + 794);

    const link = await manager.post(`/group/${groupId}/placeholders/${placeholder}/link`, { memberId: manuel.id });
    expect(link.status, JSON.stringify(link.body)).toBe(200);
    expect(link.body).toMatchObject({ movements: 3 });
    const linked = await balances(manager, groupId);
    const manuelAfterLink = 2 * (2000 - 250) + 10288 + 794;
    expect(linked.get(manuel.id)).toBe(manuelAfterLink);
    const rowsAfterLink = (await ledger(groupId)).length;

    // The sheet renamed as the app asks (Chema's lines now say Manuel): they are already there.
    const renamed = await preview(manager, groupId, "movements", season(manuel.username));
    expect(renamed.errors).toEqual([]);
    expect(renamed.movements).toMatchObject({ created: 0, unchanged: 6, corrected: [] });
    for (const b of renamed.balances) expect(b.member).not.toMatch(/^#/);
    expect(renamed.balances.find((b: { member: string }) => b.member === manuel.username)).toMatchObject({
      beforeCents: manuelAfterLink,
      afterCents: manuelAfterLink,
    });
    const r = await manager.post(`/group/${groupId}/import/confirm`, { draft: renamed.draft });
    expect(r.body).toMatchObject({ movementsCreated: 0, movementsCorrected: 0, unchanged: 6 });

    // The season's sheet as the peña keeps it, with Chema's name: Chema is Manuel now, nothing new.
    const original = await preview(manager, groupId, "movements", season(chema));
    expect(original.errors).toEqual([]);
    expect(original.movements).toMatchObject({ created: 0, unchanged: 6, corrected: [] });
    expect((await manager.post(`/group/${groupId}/import/confirm`, { draft: original.draft })).body).toMatchObject({
      movementsCreated: 0,
      movementsCorrected: 0,
      unchanged: 6,
    });

    expect((await balances(manager, groupId)).get(manuel.id)).toBe(manuelAfterLink);
    const rows = await ledger(groupId);
    expect(rows).toHaveLength(rowsAfterLink);
    // Independent sum of every row of the ledger: Manuel's own prize stands, never reversed.
    expect(rows.filter((m) => m.user_id === manuel.id).reduce((s, m) => s + m.amount_cents, 0)).toBe(manuelAfterLink);
    expect(rows.some((m) => m.reverses_id !== null && rows.find((o) => o.id === m.reverses_id)!.user_id === manuel.id)).toBe(false);

    // A line of the old name the peña adds later is the member's, and comes again as already there.
    const later = csv([
      ["Fecha", "Miembro", "Importe", "Tipo", "Referencia"],
      ["01/11/2025", chema, "5,00", "Pago", "Bizum"],
    ]);
    expect((await importFile(manager, groupId, "movements", later)).result).toMatchObject({ movementsCreated: 1 });
    expect((await importFile(manager, groupId, "movements", later)).result).toMatchObject({ movementsCreated: 0, unchanged: 1 });
    expect((await balances(manager, groupId)).get(manuel.id)).toBe(manuelAfterLink + 500);
  });
});

describe("a namesake", () => {
  it("with another e-mail previews as a new person, and the sheets then tell the two apart", async () => {
    const manager = await t.player();
    const id = tag();
    const lucia = await t.player(`lucia${id}`);
    const groupId = await build.group(t.db, { members: [{ userId: manager.id, role: 2 }, { userId: lucia.id }] });
    const file = csv([
      ["Nombre", "E-mail"],
      [`Lucía${id}`, `lucia.martin.${id}@example.test`],
      [`Lucía${id}`.toUpperCase().replace("Í", "I"), `lucia.ortiz.${id}@example.test`],
      ["Lu", `${lucia.username}@test.local`],
    ]);
    const p = await preview(manager, groupId, "members", file);
    expect(p.members).toEqual({ created: [`Lucía${id}`], matched: ["Lu"] });
    expect(p.errors).toEqual([{ line: 3, message: expect.stringMatching(/Línea repetida/) }]);
    const c = await manager.post(`/group/${groupId}/import/confirm`, { draft: p.draft });
    expect(c.body).toMatchObject({ membersCreated: 1 });
    const newcomer = (await t.db.one<{ id: number }>("select id from users where username = $1 and placeholder", [`Lucía${id}`]))!.id;
    expect(newcomer).not.toBe(lucia.id);

    // The same name as the account, written exactly, with another e-mail: asked about, never merged.
    const same = await preview(manager, groupId, "members", csv([[lucia.username, `otra.${id}@example.test`]]));
    expect(same.members).toEqual({ created: [], matched: [] });
    expect(same.errors).toEqual([
      { line: 1, message: expect.stringMatching(new RegExp(`^En la peña ya hay un miembro llamado «${lucia.username}» con otro e-mail`)) },
    ]);

    // A movements sheet names each as written; a name that could be either is refused, naming both.
    const moves = await preview(
      manager,
      groupId,
      "movements",
      csv([
        ["01/10/2025", `Lucía${id}`, "5,00", "Pago", ""],
        ["01/10/2025", lucia.username, "7,00", "Pago", ""],
        ["01/10/2025", `Lucìa${id}`, "9,00", "Pago", ""],
      ]),
    );
    expect(moves.movements).toMatchObject({ created: 2 });
    expect(new Map(moves.balances.map((b: { member: string; afterCents: number }) => [b.member, b.afterCents]))).toEqual(
      new Map([
        [`Lucía${id}`, 500],
        [lucia.username, 700],
      ]),
    );
    expect(moves.errors).toEqual([
      { line: 3, message: `«Lucìa${id}» puede ser «${lucia.username}» o «Lucía${id}»: escribe el nombre tal cual está en la peña.` },
    ]);
  });
});

describe("after a claim", () => {
  it("the peña's old sheet name still names the member, the invitation says the peña's name once, and the old lines are already there", async () => {
    const manager = await t.player();
    const id = tag();
    const groupId = await build.group(t.db, { name: `Peña Los del Bar ${id}`, members: [{ userId: manager.id, role: 2 }] });
    const paco = `Paco Jiménez ${id}`;
    await importFile(manager, groupId, "members", csv([[paco, `pj${id}@test.local`]]));
    const sheet = csv([["03/10/2025", paco, "20,00", "Pago", "Bizum"]]);
    expect((await importFile(manager, groupId, "movements", sheet)).result).toMatchObject({ movementsCreated: 1 });
    const placeholder = (await t.db.one<{ id: number }>("select id from users where username = $1", [paco]))!.id;

    expect((await manager.post(`/group/${groupId}/placeholders/${placeholder}/invite`)).body).toMatchObject({ sent: true });
    const [mail] = t.mail.to(`pj${id}@test.local`);
    expect(mail!.text).toContain(`Peña Los del Bar ${id} ya lleva tus pronósticos`);
    expect(mail!.text).not.toMatch(/La peña Peña/i);

    // Paco claims through the invitation's link (decision 061), choosing a username of his own.
    const token = /\/unirse\?token=([0-9a-f.]+)/i.exec(mail!.text)![1];
    const claimed = await t.api.post("/auth/claim", { token, username: `pj${id}`, password: PASSWORD });
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(201);
    expect(claimed.body.id).toBe(placeholder);
    const again = await preview(manager, groupId, "movements", sheet);
    expect(again.errors).toEqual([]);
    expect(again.movements).toMatchObject({ created: 0, unchanged: 1 });
    expect(again.balances).toEqual([{ member: `pj${id}`, beforeCents: 2000, afterCents: 2000 }]);
  });
});

describe("a member without an account is named by their peña", () => {
  it("two peñas each have their own Chema, an account elsewhere named so is no obstacle and is never mentioned, and the name is still free to sign up with", async () => {
    const id = tag();
    const chema = `Chema${id}`;
    const managers = [await t.player(), await t.player()];
    const groups = [];
    for (const [i, manager] of managers.entries()) {
      const groupId = await build.group(t.db, { members: [{ userId: manager.id, role: 2 }] });
      const p = await preview(manager, groupId, "members", csv([[chema, `chema${i}.${id}@correo.es`]]));
      expect(p.errors).toEqual([]);
      expect(p.members.created).toEqual([chema]);
      expect(JSON.stringify(p)).not.toMatch(/usuario llamado|ya existe|otra peña/);
      expect((await manager.post(`/group/${groupId}/import/confirm`, { draft: p.draft })).body).toMatchObject({ membersCreated: 1 });
      groups.push(groupId);
    }
    const rows = await t.db.query<{ id: number; group_id: number }>(
      "select u.id, m.group_id from users u join group_members m on m.user_id = u.id where u.username = $1 and u.placeholder order by m.group_id",
      [chema],
    );
    expect(rows.map((r) => r.group_id)).toEqual(groups);
    expect(rows[0]!.id).not.toBe(rows[1]!.id);

    // Someone signs up choosing that name: it is theirs, they sign in with it, and a third peña still adds its own Chema.
    const account = await t.player(chema);
    expect((await account.get("/auth/me")).body.username).toBe(chema);
    const third = await t.player();
    const groupId = await build.group(t.db, { members: [{ userId: third.id, role: 2 }] });
    const p = await preview(third, groupId, "members", csv([[chema, `chema2.${id}@correo.es`]]));
    expect(p.errors).toEqual([]);
    expect(p.members.created).toEqual([chema]);
    // Within one peña a name still means one person.
    const again = await preview(managers[0]!, groups[0]!, "members", csv([[chema, `otro.${id}@correo.es`]]));
    expect(again.errors).toEqual([{ line: 1, message: expect.stringMatching(/^En la peña ya hay un miembro llamado/) }]);
  });
});
