import { OWING, type Settlement, SETTLEMENT_STALE } from "#core/contract/caja";
import { formatEuros } from "#core/domain/money";
import { settle } from "#core/domain/caja/settlement";
import type { AuthUser, Deps } from "../../context";
import { conflict, notFound } from "../../errors";
import { recordAudit } from "../shelf/audit";
import { syncCaja } from "./automatic-charges";
import { auditMovement, balancesShown, cajaRules, type Inserted, ledgerTotals, lockCajaAlone } from "./ledger";
import { classification, currentSeasonOf } from "../standings/standings";

async function seasonOf(deps: Deps, groupId: number, seasonId?: number) {
  const season = seasonId
    ? await deps.db.one<{ id: number; name: string }>("select id, name from seasons where id = $1", [seasonId])
    : await currentSeasonOf(deps, groupId);
  if (!season) throw notFound("Temporada no encontrada.");
  return season;
}

/**
 * The settlement as it stands now: a preview, or, once confirmed, when and by whom (its payouts are
 * movements). With `viewer`, as they may see it: a member who does not manage a group that hides
 * the others' balances gets their own line only (and their own debt), as the caja shows them.
 */
export async function settlementPreview(deps: Deps, groupId: number, seasonId?: number, viewer?: AuthUser): Promise<Settlement> {
  const { db } = deps;
  const season = await seasonOf(deps, groupId, seasonId);
  const done = await db.one<{ settled_at: Date | string; username: string | null }>(
    `select s.settled_at, member_name(s.group_id, u.id) as username from caja_settlements s left join users u on u.id = s.settled_by where s.group_id = $1 and s.season_id = $2`,
    [groupId, season.id],
  );
  const rules = await cajaRules(db, groupId);
  const totals = await ledgerTotals(db, groupId);
  const people = await db.query<{ user_id: number; username: string; took_part: boolean }>(
    `select u.id as user_id, member_name($1, u.id) as username,
            exists (select 1 from predictions p join quinielas q on q.id = p.quiniela_id
                     where p.group_id = $1 and p.user_id = u.id and q.season_id = $2) as took_part
       from users u
      where u.id in (select user_id from group_members where group_id = $1 and removed_at is null)
         or u.id in (select user_id from caja_movements where group_id = $1 and user_id is not null)`,
    [groupId, season.id],
  );
  const { rows } = await classification(deps, groupId, season.id);
  const position = new Map(rows.map((r) => [r.userId, r.position]));
  const leader = rows.find((r) => r.position === 1 && r.totalPoints > 0) ?? null;
  const pina = rows.find((r) => r.icons.includes("pina")) ?? null;
  const result = settle({
    potCents: totals.pot,
    members: people.map((p) => ({
      userId: p.user_id,
      username: p.username,
      balanceCents: totals.balances.get(p.user_id) ?? 0,
      position: position.get(p.user_id) ?? null,
      tookPart: p.took_part,
    })),
    bestPrizeCents: rules.bestPrizeCents,
    pinaPenaltyCents: rules.pinaPenaltyCents,
    bestUserId: leader?.userId ?? null,
    pinaUserId: pina?.userId ?? null,
  });
  const tookPart = new Map(people.map((p) => [p.user_id, p.took_part]));
  const shown = await balancesShown(db, viewer, groupId, rules.hideBalances);
  return {
    seasonId: season.id,
    seasonName: season.name,
    settledAt: done ? new Date(done.settled_at).toISOString() : null,
    settledBy: done?.username ?? null,
    potCents: result.potCents,
    fundCents: result.fundCents,
    bestPrizeCents: rules.bestPrizeCents,
    pinaPenaltyCents: rules.pinaPenaltyCents,
    bestUsername: leader?.userName ?? null,
    pinaUsername: pina?.userName ?? null,
    lines: result.lines
      .filter((l) => shown(l.userId))
      .map((l) => ({ ...l, position: position.get(l.userId) ?? null, tookPart: tookPart.get(l.userId) ?? false })),
    owing: result.owing.filter((l) => shown(l.userId)).map((l) => `${l.username} debe ${formatEuros(-l.payoutCents)}`),
    othersHidden: result.lines.some((l) => !shown(l.userId)),
  };
}

/**
 * Confirms the season's settlement (manager or admin): each member's share credited (or charged)
 * and their payout paid from the pot, once. The settlement row is the lock: a second confirmation,
 * at once or later, writes nothing and answers what was paid. The manager confirms the pot they
 * saw; a pot that changed since is a 409.
 */
export async function confirmSettlement(
  deps: Deps,
  caller: AuthUser,
  groupId: number,
  body: { seasonId: number; potCents: number },
): Promise<{ settlement: Settlement; created: boolean }> {
  const now = deps.clock();
  // Whatever charge is due goes in before the books close (a write may write; the preview may not).
  await syncCaja(deps, groupId);
  const preview = await settlementPreview(deps, groupId, body.seasonId);
  if (preview.settledAt) return { settlement: preview, created: false };
  if (preview.potCents !== body.potCents) throw conflict(SETTLEMENT_STALE);
  if (preview.owing.length) throw conflict(OWING(preview.owing.join(", ")));
  const created = await deps.db.tx(async (tx) => {
    // Alone on the group's caja: no movement is written between the pot checked below and the commit.
    await lockCajaAlone(tx, groupId);
    const claimed = await tx.one(
      `insert into caja_settlements (group_id, season_id, settled_at, settled_by, pot_cents) values ($1, $2, $3, $4, $5)
       on conflict (group_id, season_id) do nothing returning season_id`,
      [groupId, preview.seasonId, now, caller.id, preview.potCents],
    );
    if (!claimed) return false;
    // Checked again inside the claim: a movement written between the preview and here changes the pot.
    if ((await ledgerTotals(tx, groupId)).pot !== preview.potCents) throw conflict(SETTLEMENT_STALE);
    const label = `Liquidación ${preview.seasonName}`;
    for (const line of preview.lines) {
      const writes: [string, number, string][] = [];
      if (line.creditCents > 0) writes.push(["prize", line.creditCents, `${label}: su parte`]);
      if (line.creditCents < 0) writes.push(["fine", line.creditCents, `${label}: su parte`]);
      if (line.payoutCents > 0) writes.push(["payout", -line.payoutCents, `${label}: pago`]);
      for (const [kind, amount, reference] of writes) {
        const key = `settle:${preview.seasonId}:${kind === "payout" ? "payout" : "share"}:${line.userId}`;
        const row = await tx.one<Inserted>(
          `insert into caja_movements (group_id, user_id, kind, amount_cents, reference, recorded_by, recorded_at, idempotency_key, season_id)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id, user_id, amount_cents, reference, kind`,
          [groupId, line.userId, kind, amount, reference, caller.id, now, key, preview.seasonId],
        );
        await auditMovement(tx, now, caller.id, groupId, row!);
      }
    }
    await recordAudit(tx, {
      at: now,
      actorId: caller.id,
      groupId,
      action: "caja.settle",
      entity: "caja",
      entityId: preview.seasonId,
      subject: label,
      after: Object.fromEntries(preview.lines.map((l) => [l.username, formatEuros(l.payoutCents)])),
    });
    return true;
  });
  return { settlement: await settlementPreview(deps, groupId, preview.seasonId), created };
}
