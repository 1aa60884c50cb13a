/**
 * The drafts a preview leaves for its confirm (decision 052), bounded (decision 062): a manager
 * keeps one draft per kind of import (a new preview replaces the last), a draft expires after a day
 * (dropped by every preview, and no confirm takes it), and all drafts together keep under
 * `DRAFTS_MAX_BYTES`, the oldest dropped first. The space of the rows dropped is handed back to the
 * table at once (VACUUM), so the next draft reuses it instead of growing the data folder.
 */
import type { Db } from "../../db/db";

export const DRAFT_TTL_MS = 86_400_000;
/** Base64 text of every draft together: about ten 2 MB uploads. */
export const DRAFTS_MAX_BYTES = 30 * 1024 * 1024;

/** The oldest moment a draft may have been made and still be confirmed. */
export const draftCutoff = (now: Date) => new Date(now.getTime() - DRAFT_TTL_MS);

export async function saveDraft(
  db: Db,
  now: Date,
  draft: { hash: string; groupId: number; kind: string; seasonId: number | null; bytes: Uint8Array; userId: number },
): Promise<void> {
  await db.tx(async (tx) => {
    await tx.query("delete from import_drafts where created_at < $1", [draftCutoff(now)]);
    await tx.query("delete from import_drafts where created_by = $1 and kind = $2 and hash <> $3", [draft.userId, draft.kind, draft.hash]);
    await tx.query(
      `insert into import_drafts (hash, group_id, kind, season_id, content, created_by, created_at) values ($1, $2, $3, $4, $5, $6, $7)
       on conflict (hash) do update set created_at = excluded.created_at, created_by = excluded.created_by`,
      [draft.hash, draft.groupId, draft.kind, draft.seasonId, Buffer.from(draft.bytes).toString("base64"), draft.userId, now],
    );
    await tx.query(
      `delete from import_drafts where hash in (
         select hash from (select hash, sum(octet_length(content)) over (order by created_at desc, hash) as total from import_drafts) d where total > $1)`,
      [DRAFTS_MAX_BYTES],
    );
  });
  // Outside the transaction, as VACUUM must be: the dropped drafts' pages become free for the next.
  await db.exec("vacuum import_drafts");
}
