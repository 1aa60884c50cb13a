import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDueRounds, runRoundCloses, type RoundCloseStep } from "../../../backend/services/close/close-job";
import { startBackend, type TestBackend } from "../../support/backend";
import * as build from "../../support/builders";

/**
 * A read of the caja wrote its automatic charges (and spent ~415 ids of the shared
 * sequence each time, even writing nothing). Reads now write nothing; the round-close job writes the
 * charges when a round closes (its date, a forced close, complete official results) or its bet is
 * confirmed, once, spending an id only for a row it writes.
 */

let t: TestBackend;
beforeAll(async () => {
  t = await startBackend({ now: new Date("2025-06-01T12:00:00Z") });
}, 120_000);
afterAll(() => t?.close());

const key = () => randomBytes(12).toString("hex");
const ones = Array.from({ length: 14 }, () => "1" as const);
const rules = { quotaCents: 150, quotaBasis: "round", payTicket: true, lastPlaceFineCents: 100, hideBalances: false, bestPrizeCents: 500, pinaPenaltyCents: 0 };

/** What reads must leave alone: the rows of the ledger and the trail, and their sequences. */
async function writes() {
  return t.db.one<{ movements: number; audit: number; closes: number; movementSeq: number; auditSeq: number }>(
    `select (select count(*)::int from caja_movements) as movements, (select count(*)::int from audit_log) as audit,
            (select count(*)::int from round_closes) as closes,
            (select last_value::bigint from caja_movements_id_seq) as "movementSeq", (select last_value::bigint from audit_log_id_seq) as "auditSeq"`,
  );
}

/** A peña whose caja charges quotas, tickets and fines, with `closed` jornadas past their close date and one still open. */
async function peña(closed: number) {
  const manager = await t.player();
  const ana = await t.player();
  const bea = await t.player();
  const groupId = await build.group(t.db, {
    members: [
      { userId: manager.id, role: 2 },
      { userId: ana.id, role: 1 },
      { userId: bea.id, role: 1 },
    ],
  });
  const seasonId = await build.season(t.db, { name: `Temporada ${groupId}`, startDate: "2024-08-01" });
  expect((await manager.put(`/group/${groupId}/caja/rules`, rules)).status).toBe(200);
  const pools: number[] = [];
  for (let number = 1; number <= closed + 1; number++) {
    const start = new Date(Date.UTC(2025, 3, number * 7));
    const quinielaId = await build.pool(t.db, { seasonId, number, startDate: start });
    pools.push(quinielaId);
    const closeDate = number > closed ? new Date("2025-07-01T00:00:00Z") : new Date(start.getTime() + 86_400_000);
    await build.round(t.db, { groupId, quinielaId, openDate: start, closeDate });
    for (const [who, misses] of [
      [ana, 0],
      [bea, 3],
    ] as const)
      await build.prediction(t.db, {
        groupId,
        quinielaId,
        userId: who.id,
        matches: ones.map((s, i) => [i < misses ? "2" : s]) as never,
        pleno: { home: 1, away: 0 },
      });
  }
  return { manager, ana, bea, groupId, seasonId, pools, open: pools[closed] };
}

const kinds = (caja: { movements: { kind: string }[] }) => caja.movements.map((m) => m.kind).sort();

describe("the round-close job", () => {
  it("a hundred reads of the caja, its settlement and a prize's record write nothing and spend no id, with charges due", async () => {
    const { manager, ana, groupId, seasonId } = await peña(2);
    // Charges are due (two jornadas closed since the rules were set) and nothing has run the job.
    const prize = await manager.post(`/group/${groupId}/caja/movements`, { kind: "prize", amountCents: 5000, idempotencyKey: key() });
    expect(prize.status).toBe(201);
    const before = await writes();
    for (let i = 0; i < 100; i++) {
      const who = i % 2 ? manager : ana;
      const reads = await Promise.all([
        who.get(`/group/${groupId}/caja`),
        who.get(`/group/${groupId}/caja/settlement?seasonId=${seasonId}`),
        who.get(`/group/${groupId}/caja/prizes/${prize.body.id}`),
      ]);
      expect(reads.map((r) => r.status)).toEqual([200, 200, 200]);
    }
    expect(await writes()).toEqual(before);
    expect(kinds((await manager.get(`/group/${groupId}/caja`)).body)).toEqual(["prize"]);

    // The job writes them, once; run again, it writes nothing and spends no id.
    await runRoundCloses(t.deps);
    const charged = (await manager.get(`/group/${groupId}/caja`)).body;
    expect(kinds(charged)).toEqual(["prize", "quota", "quota", "quota", "quota"]);
    const once = await writes();
    await runRoundCloses(t.deps);
    await closeDueRounds(t.deps);
    expect(await writes()).toEqual(once);
  });

  it("a forced close charges the jornada in the same request, so the next page shows it", async () => {
    const { manager, groupId, open } = await peña(0);
    const round = (await manager.get(`/GroupQuiniela/GetByGroupAndQuiniela?groupId=${groupId}&quinielaId=${open}`)).body;
    const closed = await manager.post("/GroupQuiniela/UpdateStatus", {
      groupId,
      quinielaId: open,
      openDate: round.openDate,
      closeDate: round.closeDate,
      forceClosed: true,
      version: round.version,
    });
    expect(closed.status).toBe(200);
    expect(kinds((await manager.get(`/group/${groupId}/caja`)).body)).toEqual(["quota", "quota"]);
    const claim = await t.db.one<{ reason: string; summary: string }>(
      "select c.reason, c.summary from round_closes c join group_quinielas gq on gq.id = c.group_quiniela_id where gq.group_id = $1",
      [groupId],
    );
    expect(claim).toEqual({ reason: "forced", summary: "Apuesta de la regla: 0; Cargos de la caja: 2" });
  });

  it("complete official results close the jornada before its date: its quotas and its last placed's fine, at once (issue 34)", async () => {
    const { manager, bea, groupId, open } = await peña(0);
    const admin = await t.admin();
    // The 14 signs without the pleno do not close it.
    const partial = await admin.post("/Quiniela/SetResults", { quinielaId: open, matches: ones });
    expect(partial.status).toBe(200);
    expect(kinds((await manager.get(`/group/${groupId}/caja`)).body)).toEqual([]);
    const complete = await admin.post("/Quiniela/SetResults", { quinielaId: open, matches: ones, plain15: { home: 1, away: 0 } });
    expect(complete.status).toBe(200);
    const caja = (await manager.get(`/group/${groupId}/caja`)).body;
    expect(kinds(caja)).toEqual(["fine", "quota", "quota"]);
    expect(caja.movements.find((m: { kind: string }) => m.kind === "fine").userId).toBe(bea.id);
    const claim = await t.db.one<{ reason: string }>(
      "select reason from round_closes c join group_quinielas gq on gq.id = c.group_quiniela_id where gq.group_id = $1",
      [groupId],
    );
    expect(claim?.reason).toBe("results");
  });

  it("a confirmed bet's ticket is paid from the pot by the confirmation's own request", async () => {
    const { manager, groupId, seasonId, pools } = await peña(1);
    const bet = await t.db.one<{ id: number }>("insert into bets (group_id, quiniela_id, season_id, top_n, matches) values ($1, $2, $3, 2, $4) returning id", [
      groupId,
      pools[0],
      seasonId,
      JSON.stringify(ones.map((s) => [s])),
    ]);
    expect((await manager.put(`/Bet/${bet!.id}/ConfirmBet`)).status).toBe(200);
    const caja = (await manager.get(`/group/${groupId}/caja`)).body;
    expect(kinds(caja).filter((k) => k === "ticket")).toEqual(["ticket"]);
  });

  it("claims each round once, and a step that fails gives its claim back for the next run", async () => {
    const { groupId } = await peña(1);
    let calls = 0;
    const failing: RoundCloseStep = {
      label: "Falla",
      run: async () => {
        calls++;
        throw new Error("a propósito");
      },
    };
    await expect(closeDueRounds(t.deps, { groupId }, [failing])).rejects.toThrow("a propósito");
    expect(await t.db.one("select 1 from round_closes c join group_quinielas gq on gq.id = c.group_quiniela_id where gq.group_id = $1", [groupId])).toBeFalsy();
    const counting: RoundCloseStep = { label: "Cuenta", run: async () => ++calls };
    const [a, b] = await Promise.all([closeDueRounds(t.deps, { groupId }, [counting]), closeDueRounds(t.deps, { groupId }, [counting])]);
    expect(a + b).toBe(1);
    expect(calls).toBe(2);
    expect(await closeDueRounds(t.deps, { groupId }, [counting])).toBe(0);
  });
});
