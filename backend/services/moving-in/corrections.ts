/**
 * A corrected movements file (decision 060): a line that replaces what an earlier import
 * wrote for the same date, member, kind and reference is previewed as "corregido", and the confirm
 * reverses the old movement (decision 032's correction) and writes the new one, both audited.
 */
import { createHash } from "node:crypto";
import { classifyMovements, keyForMember, type ImportedBefore } from "#core/domain/moving-in/corrections";
import type { ImportedMovement } from "#core/domain/moving-in/import-rows";
import type { Db } from "../../db/db";
import { recordAudit } from "../shelf/audit";
import { auditMovement, insertMovementOnce, reverseMovementOnce } from "../caja/ledger";

export type ClassifiedMovement = ImportedMovement & ({ state: "created" | "unchanged" } | { state: "corrected"; replaces: ImportedBefore });

/**
 * A line's import key: `import:date|member|amount|kind|` and the reference's SHA-256, never the
 * reference itself, so a key's size never depends on what the file says (decision 062).
 */
const digest = (reference: string) => `sha256:${createHash("sha256").update(reference, "utf8").digest("hex")}`;
const keyOf = (m: ImportedMovement) => `import:${[m.date, m.memberId, m.amountCents, m.kind, digest(m.reference)].join("|")}`;

/**
 * A key as written before decision 062 (the reference as typed) in today's form, so a movement an
 * older import wrote is still the same line: a re-import of that file writes nothing, and a
 * corrected one replaces it. The ledger is append-only, so old keys are read this way, not rewritten.
 */
export function currentKey(key: string): string {
  const parts = /^import:((?:[^|]*\|){4})([\s\S]*)$/.exec(key);
  if (!parts || parts[2]!.startsWith("sha256:")) return key;
  return `import:${parts[1]}${digest(parts[2]!)}`;
}

/** The file's movements against the ledger: new, already there, or correcting an earlier import's line. */
export async function classifyImported(db: Db, groupId: number, read: ImportedMovement[]): Promise<ClassifiedMovement[]> {
  const lines = read.map((m) => ({ ...m, importKey: keyOf(m) }));
  // Today's keys and the keys an import before decision 062 would have written for the same lines.
  const known = await db.query<{ idempotency_key: string }>(
    "select idempotency_key from caja_movements where group_id = $1 and idempotency_key = any($2::text[])",
    [groupId, [...lines.map((m) => m.importKey), ...read.map((m) => m.importKey)]],
  );
  const members = [...new Set(lines.map((m) => m.memberId))];
  // A line a link moved before the copy kept its key (decision 063): the copy is "link:<id of the line>".
  const moved = await db.query<{ idempotency_key: string; user_id: number }>(
    `select o.idempotency_key, c.user_id from caja_movements c join caja_movements o on c.idempotency_key = 'link:' || o.id and o.group_id = c.group_id
      where c.group_id = $1 and c.user_id = any($2::int[]) and o.idempotency_key like 'import:%'`,
    [groupId, members],
  );
  const knownKeys = new Set(known.map((k) => currentKey(k.idempotency_key)));
  for (const m of moved) {
    const key = keyForMember(m.idempotency_key, m.user_id);
    if (key) knownKeys.add(currentKey(key));
  }
  const before = await db.query<{ id: number; idempotency_key: string; amount_cents: number }>(
    `select m.id, m.idempotency_key, m.amount_cents from caja_movements m
      where m.group_id = $1 and m.user_id = any($2::int[]) and m.idempotency_key like 'import:%'
        and not exists (select 1 from caja_movements r where r.reverses_id = m.id) order by m.id`,
    [groupId, members],
  );
  const states = classifyMovements(
    lines,
    before.map((b) => ({ id: Number(b.id), key: currentKey(b.idempotency_key), amountCents: b.amount_cents })),
    knownKeys,
  );
  return lines.map((m, i) => ({ ...m, ...states[i]! }));
}

/**
 * One line of the confirm, under the caja lock: a new movement, or for a correction the old one's
 * reversal and then the new one. Returns whether it wrote anything (the same key again writes nothing).
 */
export async function writeImportedMovement(tx: Db, now: Date, actorId: number, groupId: number, m: ClassifiedMovement): Promise<boolean> {
  if (m.state === "unchanged") return false;
  const recordedAt = new Date(`${m.date}T12:00:00Z`);
  const row = await insertMovementOnce(tx, {
    groupId,
    userId: m.memberId,
    kind: m.kind,
    amountCents: m.amountCents,
    reference: m.reference,
    recordedBy: actorId,
    recordedAt,
    key: m.importKey,
  });
  if (!row) return false;
  if (m.state === "corrected") {
    const old = m.replaces;
    const reversal = await reverseMovementOnce(tx, {
      groupId,
      movementId: old.id,
      reference: `Corregido por importación: línea ${m.line}`,
      recordedBy: actorId,
      recordedAt: now,
      key: `${m.importKey}#corrige:${old.id}`,
    });
    if (reversal) await auditMovement(tx, now, actorId, groupId, reversal, old.id);
    await recordAudit(tx, {
      at: now,
      actorId,
      groupId,
      action: "import.movement.replace",
      entity: "caja",
      entityId: row.id,
      subject: `Movimiento corregido por importación · línea ${m.line}`,
      before: { movement: old.id, amountCents: old.amountCents },
      after: { movement: row.id, amountCents: m.amountCents, reversal: reversal?.id ?? null },
    });
  }
  await auditMovement(tx, now, actorId, groupId, row);
  return true;
}
