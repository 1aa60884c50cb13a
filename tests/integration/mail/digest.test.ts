import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UNSUBSCRIBE_INVALID } from "#core/contract/digest";
import type { Pick } from "#core/domain/signs";
import { DIGEST_FIRST_RUN_MS, sendDueDigests } from "../../../backend/services/mail/digest";
import * as build from "../../support/builders";
import { backendOnDisk, PASSWORD, startBackend, type TestBackend } from "../../support/backend";
import { decodeBody, type SunkMail } from "../../support/mail-sink.mjs";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NOW = new Date("2026-04-12T20:00:00Z");
const OFFICIAL = ["1", "1", "1", "1", "1", "X", "X", "X", "X", "X", "2", "2", "2", "2"] as const;
const ticket = (right: number): Pick[] => OFFICIAL.map((s, i) => (i < right ? [s] : [s === "1" ? "2" : "1"]));

let t: TestBackend;
beforeAll(async () => {
  t = await startBackend({ now: NOW });
});
afterAll(() => t.close());

/** One part of a multipart message, decoded (quoted-printable or base64). */
function part(mail: SunkMail, type: string): string {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(mail.raw)?.[1];
  if (!boundary) return "";
  const section = mail.raw.split(`--${boundary}`).find((s) => new RegExp(`content-type:\\s*${type}`, "i").test(s));
  return section ? decodeBody(section.replace(/^\r?\n/, "")).text : "";
}
/** A header of the message, unfolded. */
const header = (mail: SunkMail, name: string) =>
  new RegExp(`^${name}:\\s*(.*)$`, "im").exec(mail.raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, " "))?.[1]?.trim();

/**
 * A group of five whose round 9 closed an hour ago: ana and bea got 12 right, carlos 8 (and has
 * turned the digest off), eva 1, dani did not play; in round 8 bea was ahead. The group bet has 11
 * signs and the pleno right.
 */
async function playedRound(options: { closedAgo?: number } = {}) {
  const [ana, bea, carlos, dani, eva] = [await t.player(), await t.player(), await t.player(), await t.player(), await t.player()];
  const seasonId = await build.season(t.db, { name: `D${Math.random()}` });
  const groupId = await build.group(t.db, { name: "Peña del Bar", members: [ana, bea, carlos, dani, eva].map((p) => ({ userId: p.id })) });
  // Round 8 closed long enough ago that its own digest is not due any more.
  const earlier = await build.pool(t.db, { seasonId, number: 8, startDate: new Date(NOW.getTime() - 30 * DAY) });
  const quinielaId = await build.pool(t.db, { seasonId, number: 9, startDate: new Date(NOW.getTime() - 3 * DAY) });
  await build.round(t.db, { groupId, quinielaId: earlier, openDate: new Date(NOW.getTime() - 30 * DAY), closeDate: new Date(NOW.getTime() - 25 * DAY) });
  const closedAgo = options.closedAgo ?? HOUR;
  const roundId = await build.round(t.db, {
    groupId,
    quinielaId,
    openDate: new Date(NOW.getTime() - closedAgo - 2 * DAY),
    closeDate: new Date(NOW.getTime() - closedAgo),
  });
  await build.results(t.db, earlier, [...OFFICIAL], { home: 1, away: 0 });
  for (const [p, right] of [
    [bea, 14],
    [ana, 10],
    [carlos, 9],
    [eva, 2],
  ] as const)
    await build.prediction(t.db, { groupId, quinielaId: earlier, userId: p.id, matches: ticket(right), pleno: { home: 0, away: 0 } });
  for (const [p, right] of [
    [ana, 12],
    [bea, 12],
    [carlos, 8],
    [eva, 1],
  ] as const)
    await build.prediction(t.db, { groupId, quinielaId, userId: p.id, matches: ticket(right), pleno: { home: 0, away: 0 } });
  await t.db.query(
    `insert into bets (group_id, quiniela_id, season_id, top_n, matches, pleno_home, pleno_away, confirmed)
     values ($1, $2, $3, 3, $4, 2, 1, true)`,
    [groupId, quinielaId, seasonId, JSON.stringify(ticket(11))],
  );
  expect((await carlos.post("/User/SetDigestPreference", { sendDigest: false })).status).toBe(200);
  return { ana, bea, carlos, dani, eva, groupId, quinielaId, roundId };
}

const setResults = async (
  quinielaId: number,
  matches: (string | null)[] = [...OFFICIAL],
  plain15: { home: number; away: number } | null = { home: 2, away: 1 },
) => {
  const admin = await t.admin();
  expect((await admin.post("/Quiniela/SetResults", { quinielaId, matches, plain15 })).status).toBeLessThan(300);
};
const mailsTo = (username: string) => t.mail.to(`${username}@test.local`).filter((m) => m.subject.includes("resumen de la jornada"));

describe("the round's digest", () => {
  it("goes once to each member who wants it when the official results are set, with the hits, the group bet, the MVP and the top 5", async () => {
    const g = await playedRound();
    expect(await sendDueDigests(t.deps)).toBe(0);
    await setResults(g.quinielaId);
    expect(await sendDueDigests(t.deps)).toBe(4);
    for (const p of [g.ana, g.bea, g.dani, g.eva]) expect(mailsTo(p.username)).toHaveLength(1);
    expect(mailsTo(g.carlos.username)).toHaveLength(0);

    const [mail] = mailsTo(g.ana.username);
    expect(mail.subject).toBe("Quiniela de peñas: resumen de la jornada 9 de Peña del Bar");
    const text = part(mail, "text/plain");
    expect(text).toContain(`Hola, ${g.ana.username}:`);
    expect(text).toContain("Tus aciertos: 12 de 15.");
    expect(text).toContain("Quiniela grupal: 11 aciertos de 14 y el pleno: 4ª categoría, premio aún sin publicar.");
    expect(text).toMatch(new RegExp(`MVP: (${g.ana.username} y ${g.bea.username}|${g.bea.username} y ${g.ana.username}), con 12 aciertos\\.`));
    // Season: bea 14 + 12 first, ana 10 + 12 second, as before the round; carlos, eva, dani.
    expect(text).toMatch(new RegExp(`^1\\. ${g.bea.username}: .* pts \\(=\\)$`, "m"));
    expect(text).toMatch(new RegExp(`^2\\. ${g.ana.username}: .* pts \\(=\\)$`, "m"));
    expect(text).toContain(`http://app.test/grupo/${g.groupId}/resultados-y-apuestas?quiniela=${g.quinielaId}`);
    expect(part(mail, "text/html")).toContain("<h1");
    expect(part(mailsTo(g.dani.username)[0], "text/plain")).toContain("No enviaste pronóstico en esta jornada.");

    const unsubscribe = header(mail, "List-Unsubscribe")!;
    expect(unsubscribe).toMatch(/^<http:\/\/app\.test\/baja\/resumen\/\d+\.[0-9a-f]{32}\.[0-9a-f]{64}>$/);
    expect(header(mail, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");

    await sendDueDigests(t.deps);
    await setResults(g.quinielaId, [...OFFICIAL], { home: 0, away: 0 });
    await sendDueDigests(t.deps);
    expect(mailsTo(g.ana.username)).toHaveLength(1);
  });

  it("turns itself off from the signed link in the mail, and a forged link does nothing", async () => {
    const g = await playedRound();
    await setResults(g.quinielaId);
    await sendDueDigests(t.deps);
    const link = /baja\/resumen\/([^>]+)>/.exec(header(mailsTo(g.ana.username)[0], "List-Unsubscribe")!)![1];
    const [id, nonce, signature] = link.split(".");
    const forged = await t.api.post(`/digest/unsubscribe/${g.bea.id}.${nonce}.${signature}`);
    expect(forged).toEqual({ status: 404, body: { message: UNSUBSCRIBE_INVALID } });
    expect((await t.api.post(`/digest/unsubscribe/${id}.${nonce}.${signature}`)).body).toEqual({ sendDigest: false });
    expect((await g.ana.get("/User/GetDigestPreference")).body).toEqual({ sendDigest: false });
    expect((await g.bea.get("/User/GetDigestPreference")).body).toEqual({ sendDigest: true });
  });

  it("waits for complete results, and mails nobody for a round closed long ago", async () => {
    // Thirteen signs are not results (decision 006): refused, so nothing is there to mail about.
    const partial = await playedRound();
    const admin = await t.admin();
    expect((await admin.post("/Quiniela/SetResults", { quinielaId: partial.quinielaId, matches: [...OFFICIAL.slice(0, 13), null] })).status).toBe(400);
    const noPleno = await playedRound();
    await setResults(noPleno.quinielaId, [...OFFICIAL], null);
    const old = await playedRound({ closedAgo: 20 * DAY });
    await setResults(old.quinielaId);
    await sendDueDigests(t.deps);
    for (const g of [partial, noPleno, old]) expect(mailsTo(g.ana.username)).toHaveLength(0);
  });

  it("goes as soon as the official results are complete, on a round whose close date is a week away (issue 34)", async () => {
    const g = await playedRound({ closedAgo: -7 * DAY });
    expect(await sendDueDigests(t.deps)).toBe(0);
    await setResults(g.quinielaId);
    expect(await sendDueDigests(t.deps)).toBe(4);
    expect(part(mailsTo(g.ana.username)[0], "text/plain")).toContain("Tus aciertos: 12 de 15.");
  });

  it("goes once when several instances run at the same moment", async () => {
    const g = await playedRound();
    await setResults(g.quinielaId);
    const sent = await Promise.all([sendDueDigests(t.deps), sendDueDigests(t.deps), sendDueDigests(t.deps)]);
    expect(sent.reduce((a, b) => a + b, 0)).toBe(4);
    for (const p of [g.ana, g.bea, g.dani, g.eva]) expect(mailsTo(p.username)).toHaveLength(1);
  });

  it("gives the claim back when the mail cannot be sent, so the next run tries again", async () => {
    const g = await playedRound();
    await setResults(g.quinielaId);
    const failing = { ...t.deps, mailer: { target: "roto", send: () => Promise.reject(new Error("SMTP caído")) } };
    expect(await sendDueDigests(failing)).toBe(0);
    expect(await sendDueDigests(t.deps)).toBe(4);
  });
});

describe("the round's digest names the prize and its own jornada's standings (decision 091)", () => {
  it("says the group bet's hits of 14 and the pleno apart, the category it won and its prize", async () => {
    const g = await playedRound();
    // The bet played: 13 of 14 and the pleno (2-1), a single column; the 2ª pays 1.234.567,89 €.
    await t.db.query("update bets set matches = $3 where group_id = $1 and quiniela_id = $2", [g.groupId, g.quinielaId, JSON.stringify(ticket(13))]);
    const admin = await t.admin();
    const prizes = { especial: null, primera: 500_000_000, segunda: 123_456_789, tercera: 1_000_000, cuarta: 10_000, quinta: 1_000 };
    const put = await admin.put(`/Quiniela/${g.quinielaId}/Prizes`, { prizes });
    expect(put.body).toMatchObject({ prizes: { segunda: 123_456_789 } });
    await setResults(g.quinielaId);
    await sendDueDigests(t.deps);
    const [mail] = mailsTo(g.ana.username);
    expect(part(mail, "text/plain")).toContain("Quiniela grupal: 13 aciertos de 14 y el pleno: 2ª categoría, 1.234.567,89\u00a0€.");
    expect(part(mail, "text/html")).toContain("13 aciertos de 14 y el pleno: 2ª categoría, 1.234.567,89\u00a0€");
  });

  it("of two jornadas scored together, each shows the standings as of its own jornada", async () => {
    const [ana, bea] = [await t.player(), await t.player()];
    const seasonId = await build.season(t.db, { name: `J${Math.random()}` });
    const groupId = await build.group(t.db, { name: "Peña de dos", members: [ana, bea].map((p) => ({ userId: p.id })) });
    const first = await build.pool(t.db, { seasonId, number: 5, startDate: new Date(NOW.getTime() - 9 * DAY) });
    const second = await build.pool(t.db, { seasonId, number: 6, startDate: new Date(NOW.getTime() - 4 * DAY) });
    await build.round(t.db, { groupId, quinielaId: first, openDate: new Date(NOW.getTime() - 9 * DAY), closeDate: new Date(NOW.getTime() - 6 * DAY) });
    await build.round(t.db, { groupId, quinielaId: second, openDate: new Date(NOW.getTime() - 4 * DAY), closeDate: new Date(NOW.getTime() - HOUR) });
    // Jornada 5: ana 14, bea 2: ana leads. Jornada 6: bea 14, ana 0: bea leads after both.
    for (const [p, q, right] of [
      [ana, first, 14],
      [bea, first, 2],
      [ana, second, 0],
      [bea, second, 14],
    ] as const)
      await build.prediction(t.db, { groupId, quinielaId: q, userId: p.id, matches: ticket(right), pleno: { home: 0, away: 0 } });
    // Both jornadas' results arrive in one run (the operator's answers of two weeks, stored together).
    await setResults(first);
    await setResults(second);
    await sendDueDigests(t.deps);
    const digests = mailsTo(ana.username).filter((m) => m.subject.includes("Peña de dos"));
    const of = (n: number) =>
      part(
        digests.find((m) => m.subject.includes(`jornada ${n} `))!,
        "text/plain",
      );
    expect(digests).toHaveLength(2);
    expect(of(5)).toMatch(new RegExp(`^1\\. ${ana.username}: 14 pts \\(=\\)$`, "m"));
    // Level at nothing before jornada 5, both were first; bea drops to second with it.
    expect(of(5)).toMatch(new RegExp(`^2\\. ${bea.username}: 2 pts \\(baja 1\\)$`, "m"));
    expect(of(6)).toMatch(new RegExp(`^1\\. ${bea.username}: 16 pts \\(sube 1\\)$`, "m"));
    expect(of(6)).toMatch(new RegExp(`^2\\. ${ana.username}: 14 pts \\(baja 1\\)$`, "m"));
  });
});

describe("the digest job of a running backend", () => {
  it("sends after the results are set, and after a restart sends nothing again", { timeout: 120_000 }, async () => {
    const running = await backendOnDisk("quiniela-digests-");
    const { mail, boot } = running;
    const digests = (address: string) => mail.to(address).filter((m) => m.subject.includes("resumen de la jornada"));
    try {
      const first = await boot();
      const register = (username: string) => first.api.post("/auth/register", { email: `${username}@test.local`, username, password: PASSWORD });
      expect((await register("atenta")).status).toBe(201);
      expect((await register("desganada")).status).toBe(201);
      const users = await first.deps.db.query<{ id: number; username: string }>("select id, username from users where username in ('atenta', 'desganada')");
      const seasonId = await build.season(first.deps.db);
      const quinielaId = await build.pool(first.deps.db, { seasonId, number: 4, startDate: new Date(Date.now() - DAY) });
      const groupId = await build.group(first.deps.db, { members: users.map((u) => ({ userId: u.id })) });
      await build.round(first.deps.db, { groupId, quinielaId, openDate: new Date(Date.now() - DAY), closeDate: new Date(Date.now() - HOUR) });
      await first.deps.db.query("update users set send_digest = false where username = 'desganada'");
      const token = (await first.api.post("/auth/login", { username: "admin", password: await running.adminPassword() })).body.token as string;
      expect((await first.api.as(token).post("/Quiniela/SetResults", { quinielaId, matches: [...OFFICIAL], plain15: { home: 1, away: 1 } })).status).toBe(200);
      await expect.poll(() => digests("atenta@test.local").length, { timeout: 30_000 }).toBe(1);
      await first.app.close();

      const second = await boot();
      await new Promise((resolve) => setTimeout(resolve, DIGEST_FIRST_RUN_MS + 2000));
      await second.app.close();
      expect(digests("atenta@test.local")).toHaveLength(1);
      expect(digests("desganada@test.local")).toHaveLength(0);
    } finally {
      await running.close();
    }
  });
});
