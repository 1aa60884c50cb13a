/**
 * The public's betting percentages of a pool (decision 044), pasted by an admin, brought by the
 * lottery import or estimated by the demo: one set per pool with its version, every change audited.
 */
import type { PublicShares } from "#core/contract/public-shares";
import type { SharesBp } from "#core/domain/official/public-shares";
import type { Db } from "../../db/db";
import { notFound } from "../../errors";
import { recordAudit } from "../shelf/audit";
import { assertRowVersion } from "../shelf/versions";

export type SharesSource = "admin" | "lottery" | "estimate";
const POOL_NOT_FOUND = "La quiniela no existe.";

/** GET /Quiniela/{id}/PublicShares: the percentages, or an empty list before any is known. */
export async function publicSharesOf(db: Db, quinielaId: number): Promise<PublicShares> {
  const set = await db.one<{ version: number; source: SharesSource; updated_at: Date | string }>(
    "select version, source, updated_at from quiniela_public_share_sets where quiniela_id = $1",
    [quinielaId],
  );
  const rows = set
    ? await db.query<{ share_1: number; share_x: number; share_2: number }>(
        "select share_1, share_x, share_2 from quiniela_public_shares where quiniela_id = $1 order by position",
        [quinielaId],
      )
    : [];
  return {
    quinielaId,
    version: set?.version ?? 0,
    source: set?.source ?? null,
    updatedAt: set ? new Date(set.updated_at).toISOString() : null,
    shares: rows.map((r) => [r.share_1, r.share_x, r.share_2]),
  };
}

/**
 * PUT /Quiniela/{id}/PublicShares (an admin), the lottery import or the demo: replaces the pool's
 * 14 rows. The same rows again write nothing; `version` undefined: no check (the import, the demo).
 */
export async function setPublicShares(
  db: Db,
  at: Date,
  actorId: number | null,
  quinielaId: number,
  shares: readonly SharesBp[],
  source: SharesSource,
  version?: number,
): Promise<PublicShares> {
  await db.tx(async (tx) => {
    const pool = await tx.one<{ number: number }>("select number from quinielas where id = $1 for update", [quinielaId]);
    if (!pool) throw notFound(POOL_NOT_FOUND);
    const current = await publicSharesOf(tx, quinielaId);
    assertRowVersion(current.version, version, "Los porcentajes del público");
    const text = (rows: readonly (readonly number[])[]) => rows.map((r) => r.join("/")).join(" ");
    if (text(current.shares) === text(shares)) return;
    await tx.query(
      `insert into quiniela_public_share_sets (quiniela_id, version, source, updated_at) values ($1, 1, $2, $3)
       on conflict (quiniela_id) do update set version = quiniela_public_share_sets.version + 1, source = $2, updated_at = $3`,
      [quinielaId, source, at],
    );
    await tx.query("delete from quiniela_public_shares where quiniela_id = $1", [quinielaId]);
    for (const [i, s] of shares.entries()) {
      await tx.query("insert into quiniela_public_shares (quiniela_id, position, share_1, share_x, share_2) values ($1, $2, $3, $4, $5)", [
        quinielaId,
        i + 1,
        s[0],
        s[1],
        s[2],
      ]);
    }
    await recordAudit(tx, {
      at,
      actorId,
      groupId: null,
      action: "shares.set",
      entity: "shares",
      entityId: quinielaId,
      subject: `Jornada ${pool.number}`,
      before: current.version ? { porcentajes: text(current.shares) } : null,
      after: { porcentajes: text(shares), origen: source },
    });
  });
  return publicSharesOf(db, quinielaId);
}
