import type { OfficialStep } from "#core/contract/jornadas";
import type { Db } from "../../db/db";

/**
 * The machine's log for the admin panel (decision 046): each automatic step, with its pool and peña
 * when it has them. Any feature may record steps of its own kind; a step with a key is kept once and
 * its retry replaces the outcome, so a fixed failure does not stay on the panel.
 */
export interface StepInput {
  /** Same key, same row: the latest outcome replaces the earlier one. Null: a new row every time. */
  key: string | null;
  kind: string;
  outcome: "ok" | "aviso" | "error";
  message: string;
  quinielaId?: number | null;
  groupId?: number | null;
  drawKey?: string | null;
}

export async function recordStep(db: Db, at: Date, step: StepInput): Promise<void> {
  await db.query(
    `insert into official_steps (step_key, kind, quiniela_id, group_id, draw_key, outcome, message, at)
     values ($1, $2, $3, $4, $5, $6, $7, $8)
     on conflict (step_key) do update set kind = excluded.kind, quiniela_id = coalesce(excluded.quiniela_id, official_steps.quiniela_id),
       group_id = excluded.group_id, draw_key = excluded.draw_key, outcome = excluded.outcome, message = excluded.message, at = excluded.at`,
    [step.key, step.kind, step.quinielaId ?? null, step.groupId ?? null, step.drawKey ?? null, step.outcome, step.message, at],
  );
}

export interface StepRow {
  id: number;
  kind: string;
  quiniela_id: number | null;
  group_id: number | null;
  draw_key: string | null;
  outcome: OfficialStep["outcome"];
  message: string;
  at: Date | string;
}

/**
 * One run of an automatic job per slot (e.g. "proximas:2026-11-26T09"), across instances: the first
 * to insert the slot's row runs it; true when this call claimed it.
 */
export async function claimRun(db: Db, key: string, at: Date): Promise<boolean> {
  const rows = await db.query("insert into official_runs (run_key, started_at) values ($1, $2) on conflict (run_key) do nothing returning run_key", [key, at]);
  return rows.length === 1;
}
