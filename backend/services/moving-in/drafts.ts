/**
 * The drafts a preview leaves for its confirm (decision 052), bounded (decisions 062 and 080). A
 * draft holds the rows the confirm can still write, compressed, never the upload as sent: a line the
 * preview refused is not kept (the confirm writes at most what the preview showed), so a 1.9 MB file
 * of refused lines leaves a few bytes. Each manager has a share of their own: one draft per kind of
 * import (a new preview replaces only that manager's last), and a group keeps at most
 * `DRAFTS_PER_GROUP` drafts of its managers, past which a preview is refused instead of dropping a
 * co-manager's. No preview ever drops another manager's draft. A draft expires after a day (dropped
 * by every preview, and no confirm takes it). The space of the rows dropped is handed back to the
 * table at once (VACUUM), so the next draft reuses it instead of growing the data folder.
 */
import { gunzipSync, gzipSync } from "node:zlib";
import type { CsvRow } from "#core/domain/moving-in/import-file";
import type { Db } from "../../db/db";
import { ApiError } from "../../errors";

export const DRAFT_TTL_MS = 86_400_000;
/** A group's drafts at once: one per kind for three managers. */
export const DRAFTS_PER_GROUP = 12;
export const DRAFTS_GROUP_FULL =
  "Este grupo ya tiene demasiadas vistas previas pendientes de otros gestores: que las confirmen, o espera a que caduquen (un día), y vuelve a subir el archivo.";

/** What a draft keeps: the rows the confirm reads again, and how many lines the preview refused and left out. */
export interface DraftRows {
  rows: CsvRow[];
  refused: number;
}

/** The oldest moment a draft may have been made and still be confirmed. */
export const draftCutoff = (now: Date) => new Date(now.getTime() - DRAFT_TTL_MS);

/** A draft's stored form: `z:` and the rows as gzipped JSON in base64. */
const PACKED = "z:";
const pack = (draft: DraftRows) => PACKED + gzipSync(JSON.stringify(draft), { level: 9 }).toString("base64");

/** A stored draft read back: its rows, or the upload's bytes for a draft stored before decision 080. */
export function unpackDraft(content: string): DraftRows | { bytes: Uint8Array } {
  if (!content.startsWith(PACKED)) return { bytes: Buffer.from(content, "base64") };
  return JSON.parse(gunzipSync(Buffer.from(content.slice(PACKED.length), "base64")).toString("utf8")) as DraftRows;
}

export async function saveDraft(
  db: Db,
  now: Date,
  draft: { hash: string; groupId: number; kind: string; seasonId: number | null; rows: DraftRows; userId: number },
): Promise<void> {
  await db.tx(async (tx) => {
    // The group's row orders two managers' previews of one group, so the count below holds.
    await tx.query("select id from groups where id = $1 for update", [draft.groupId]);
    await tx.query("delete from import_drafts where created_at < $1", [draftCutoff(now)]);
    await tx.query("delete from import_drafts where created_by = $1 and kind = $2 and hash <> $3", [draft.userId, draft.kind, draft.hash]);
    const kept = await tx.one<{ n: number }>("select count(*)::int as n from import_drafts where group_id = $1 and hash <> $2", [draft.groupId, draft.hash]);
    if (Number(kept!.n) >= DRAFTS_PER_GROUP) throw new ApiError(429, DRAFTS_GROUP_FULL);
    await tx.query(
      `insert into import_drafts (hash, group_id, kind, season_id, content, created_by, created_at) values ($1, $2, $3, $4, $5, $6, $7)
       on conflict (hash) do update set created_at = excluded.created_at, created_by = excluded.created_by, content = excluded.content`,
      [draft.hash, draft.groupId, draft.kind, draft.seasonId, pack(draft.rows), draft.userId, now],
    );
  });
  // Outside the transaction, as VACUUM must be: the dropped drafts' pages become free for the next.
  await db.exec("vacuum import_drafts");
}
