import type { AuditAction, AuditEntry } from "#core/contract/audit";
import type { Db } from "../../db/db";

interface AuditInput {
  /** When it happened: the backend's clock (deps.clock()). */
  at: Date;
  /** Who did it; their username is copied, so the trail outlives a renamed or deleted account. Null: the scheduled lottery import. */
  actorId: number | null;
  /** The name to show when there is no actor: the scheduled lottery import unless told. */
  actorName?: string;
  /** The group it concerns, or null for the shared catalogue (pools, results, teams). */
  groupId: number | null;
  action: AuditAction;
  entity: "round" | "group" | "member" | "pool" | "results" | "team" | "prediction" | "bet" | "caja" | "prizes" | "shares" | "provisional_result" | "receipt";
  entityId?: number | null;
  /** What a person reads first: "Jornada 5", a group's name, a username. */
  subject?: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/**
 * Records one change in the audit trail. Call it with the transaction that makes the change, so
 * the change and its record are written together or not at all.
 */
export async function recordAudit(tx: Db, entry: AuditInput): Promise<void> {
  await tx.query(
    `insert into audit_log (at, actor_id, actor_name, group_id, action, entity, entity_id, subject, before, after)
     values ($1, $2, coalesce((select username from users where id = $2), $10, 'Importación de Loterías'), $3, $4, $5, $6, $7, $8, $9)`,
    [
      entry.at,
      entry.actorId,
      entry.groupId,
      entry.action,
      entry.entity,
      entry.entityId ?? null,
      entry.subject ?? "",
      entry.before ? JSON.stringify(entry.before) : null,
      entry.after ? JSON.stringify(entry.after) : null,
      entry.actorName ?? null,
    ],
  );
}

interface AuditRow {
  id: number;
  at: Date | string;
  actor_id: number | null;
  actor_name: string;
  group_id: number | null;
  group_name: string | null;
  action: string;
  entity: string;
  entity_id: number | null;
  subject: string;
  before: unknown;
  after: unknown;
}

const json = (value: unknown) => {
  const parsed = typeof value === "string" ? (JSON.parse(value) as unknown) : value;
  return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
};

/** The newest entries first: one group's (a manager's view) or all of them (an admin's). */
export async function auditTrail(db: Db, filter: { groupId?: number; limit?: number; before?: number }): Promise<AuditEntry[]> {
  const params: unknown[] = [filter.limit ?? 200];
  const conditions: string[] = [];
  if (filter.groupId !== undefined) conditions.push(`a.group_id = $${params.push(filter.groupId)}`);
  // Older than the entry named, in the trail's own order (newest first).
  if (filter.before !== undefined) conditions.push(`(a.at, a.id) < (select b.at, b.id from audit_log b where b.id = $${params.push(filter.before)})`);
  const where = conditions.length ? `where ${conditions.join(" and ")}` : "";
  const rows = await db.query<AuditRow>(
    `select a.id, a.at, a.actor_id, a.actor_name, a.group_id, g.name as group_name, a.action, a.entity, a.entity_id,
            a.subject, a.before, a.after
       from audit_log a left join groups g on g.id = a.group_id
       ${where}
      order by a.at desc, a.id desc
      limit $1`,
    params,
  );
  return rows.map((r) => ({
    id: r.id,
    at: new Date(r.at).toISOString(),
    actorId: r.actor_id,
    actorName: r.actor_name,
    groupId: r.group_id,
    groupName: r.group_name,
    action: r.action,
    entity: r.entity,
    entityId: r.entity_id,
    subject: r.subject,
    before: json(r.before),
    after: json(r.after),
    late: r.action === "prediction.late",
  }));
}
