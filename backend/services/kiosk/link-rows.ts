import type { Deps } from "../../context";
import type { Db } from "../../db/db";
import { notFound } from "../../errors";

/** The tables of links that show a group's data without an account: the kiosk screens' and the public share links. */
export type LinkTable = "kiosk_links" | "share_links";

/** The group a link belongs to; 404 with `missing` for an unknown link. */
export async function linkOwner(db: Db, table: LinkTable, linkId: number, missing: string): Promise<number> {
  const row = await db.one<{ group_id: number }>(`select group_id from ${table} where id = $1`, [linkId]);
  if (!row) throw notFound(missing);
  return row.group_id;
}

/** Revokes a link; revoking it again keeps the first time. 404 with `missing` for an unknown link. */
export async function revokeLinkRow({ db, clock }: Deps, table: LinkTable, linkId: number, missing: string): Promise<{ id: number; revokedAt: string }> {
  const row = await db.one<{ revoked_at: Date }>(`update ${table} set revoked_at = coalesce(revoked_at, $2) where id = $1 returning revoked_at`, [
    linkId,
    clock(),
  ]);
  if (!row) throw notFound(missing);
  return { id: linkId, revokedAt: new Date(row.revoked_at).toISOString() };
}
