import type { StepsDone } from "#core/contract/jornadas";
import type { QuinielaPrizes } from "#core/contract/ticket";
import { formatEuros } from "#core/domain/money";
import { readEscrutinio, type EscrutinioReading } from "#core/domain/bet/prizes";
import { CATEGORIES, type Category } from "#core/domain/bet/scrutiny";
import { compactDate } from "#core/domain/official/lottery";
import type { Deps } from "../../context";
import type { Db } from "../../db/db";
import { ApiError, notFound } from "../../errors";
import { lotteryClient } from "./client";
import { recordStep } from "./step-log";
import { recordAudit } from "../shelf/audit";
import { assertRowVersion } from "../shelf/versions";
import { roundChanged } from "../shelf/round-change";

const CATEGORY_LABEL: Record<Category, string> = { especial: "Especial", primera: "1ª", segunda: "2ª", tercera: "3ª", cuarta: "4ª", quinta: "5ª" };

/** The escrutinio of a draw as the operator answered it: every category's prize in cents, nothing yet, or refused (decision 064). */
export const officialPrizes = (payload: unknown): EscrutinioReading =>
  readEscrutinio(payload && typeof payload === "object" ? (payload as { escrutinio?: unknown }).escrutinio : undefined);

const escrutinioRefused = (name: string, reason: string) =>
  `El escrutinio de ${name} que da Loterías no se puede leer (${reason}): no se ha guardado ningún premio. Se volverá a pedir en la próxima consulta (o pulsa Reintentar); si Loterías no lo corrige, teclea los premios en la pantalla de resultados de la jornada.`;

/**
 * The official prizes stored as if typed (source 'lottery'). Prizes an admin typed
 * that differ from the official ones are not overwritten: the step says which differ, and the panel
 * offers to accept the official ones. Categories the admin left empty are filled.
 */
export async function importPrizes(tx: Db, at: Date, quinielaId: number, payload: unknown): Promise<void> {
  const reading = officialPrizes(payload);
  if (reading.status === "none") return;
  const pool = await tx.one<{ number: number }>("select number from quinielas where id = $1", [quinielaId]);
  const name = `Jornada ${pool?.number ?? "?"}`;
  if (reading.status === "refused") {
    // Nothing of it is stored; the pool is asked again on the next run, and by the step's Reintentar (decision 091).
    await recordStep(tx, at, {
      key: `escrutinio:${quinielaId}`,
      kind: "escrutinio",
      outcome: "error",
      message: escrutinioRefused(name, reading.reason),
      quinielaId,
    });
    return;
  }
  const table = reading.prizes;
  // An escrutinio refused earlier and now read whole: its step on the panel says so, and loses its Reintentar.
  await tx.query("update official_steps set outcome = 'ok', message = $2, at = $3 where step_key = $1 and outcome <> 'ok'", [
    `escrutinio:${quinielaId}`,
    `El escrutinio de ${name} ya se ha leído entero.`,
    at,
  ]);
  const current = await prizesOf(tx, quinielaId);
  const differing =
    current.source === "admin" ? CATEGORIES.filter((c) => table[c] !== undefined && current.prizes[c] !== null && current.prizes[c] !== table[c]) : [];
  const merged = { ...current.prizes };
  for (const c of CATEGORIES) if (table[c] !== undefined && !differing.includes(c)) merged[c] = table[c]!;
  if (CATEGORIES.some((c) => merged[c] !== current.prizes[c])) await setPrizes(tx, at, null, quinielaId, merged, differing.length ? "admin" : "lottery");
  if (differing.length) {
    const list = differing.map((c) => `${CATEGORY_LABEL[c]}: tecleado ${formatEuros(current.prizes[c]!)}, oficial ${formatEuros(table[c]!)}`).join("; ");
    await recordStep(tx, at, {
      key: `premios:${quinielaId}`,
      kind: "premios",
      outcome: "aviso",
      message: `Los premios de ${name} que tecleó un administrador no coinciden con los oficiales (${list}). No se han cambiado: acepta los oficiales si son los buenos.`,
      quinielaId,
    });
  } else {
    await recordStep(tx, at, { key: `premios:${quinielaId}`, kind: "premios", outcome: "ok", message: `Premios oficiales de ${name} guardados.`, quinielaId });
  }
}

/** 'Aceptar los oficiales': the admin replaces the typed prizes with the operator's. */
export async function acceptOfficialPrizes(deps: Deps, actorId: number, quinielaId: number): Promise<StepsDone> {
  const draw = await deps.db.one<{ payload: unknown }>("select payload from lottery_draws where quiniela_id = $1 order by draw_date desc limit 1", [
    quinielaId,
  ]);
  const payload = typeof draw?.payload === "string" ? (JSON.parse(draw.payload) as unknown) : draw?.payload;
  const reading = officialPrizes(payload);
  if (reading.status === "refused") throw new ApiError(409, escrutinioRefused(`esa quiniela`, reading.reason));
  if (reading.status !== "ok") throw new ApiError(409, "Loterías todavía no ha dado los premios de esa quiniela.");
  await setPrizes(deps.db, deps.clock(), actorId, quinielaId, reading.prizes, "lottery");
  const text = "Premios oficiales aceptados.";
  await recordStep(deps.db, deps.clock(), { key: `premios:${quinielaId}`, kind: "premios", outcome: "ok", message: text, quinielaId });
  return { ok: true, messages: [text] };
}

/**
 * The escrutinio often comes a day after the signs: the draws stored in the last two weeks whose pool
 * has no complete official prizes are looked up again, and their prizes stored when they arrived. An
 * escrutinio refused once (decision 064) is asked again like one not given yet, since the operator
 * corrects its answers (decision 091); a pool whose typed prizes differ is not. `quinielaId`: that
 * pool's draw only (the escrutinio step's Reintentar).
 */
export async function refreshPrizes(deps: Deps, quinielaId: number | null = null): Promise<StepsDone> {
  const since = new Date(deps.clock().getTime() - 14 * 86_400_000);
  const rows = await deps.db.query<{ day: string; quiniela_id: number }>(
    `select to_char(d.draw_date, 'YYYY-MM-DD') as day, d.quiniela_id from lottery_draws d
      where d.quiniela_id is not null and d.draw_date >= $1::date and ($2::int is null or d.quiniela_id = $2)
        and (select count(*) from quiniela_prizes p where p.quiniela_id = d.quiniela_id) < 6
        and not exists (select 1 from official_steps s where s.step_key = 'premios:' || d.quiniela_id and s.outcome = 'aviso')
      order by d.draw_date`,
    [since.toISOString().slice(0, 10), quinielaId],
  );
  const client = lotteryClient(deps.config, deps.fetch);
  const messages: string[] = [];
  for (const row of rows) {
    try {
      const { body } = await client.fetchJornada(compactDate(row.day));
      const draw = Array.isArray(body)
        ? (body as unknown[]).find((d) => String((d as { fecha_sorteo?: unknown })?.fecha_sorteo ?? "").startsWith(row.day))
        : null;
      if (officialPrizes(draw).status === "none") continue;
      await deps.db.tx(async (tx) => {
        await tx.query("update lottery_draws set payload = $2 where draw_date = $1::date", [row.day, JSON.stringify(draw)]);
        await importPrizes(tx, deps.clock(), row.quiniela_id, draw);
      });
      // The prizes now known are credited to the cajas at once, not at the timer's next run.
      if (officialPrizes(draw).status === "ok") await roundChanged(deps, { quinielaId: row.quiniela_id });
      messages.push(
        officialPrizes(draw).status === "ok" ? `Premios del sorteo del ${row.day} guardados.` : `El escrutinio del sorteo del ${row.day} no se puede leer.`,
      );
    } catch (error) {
      const text = `Premios del sorteo del ${row.day}: ${error instanceof ApiError ? error.message : "error desconocido"}`;
      await recordStep(deps.db, deps.clock(), {
        key: `premios:${row.quiniela_id}`,
        kind: "premios",
        outcome: "error",
        message: text,
        quinielaId: row.quiniela_id,
      });
      return { ok: false, messages: [...messages, text] };
    }
  }
  return { ok: true, messages };
}

const EMPTY = Object.fromEntries(CATEGORIES.map((c) => [c, null])) as Record<Category, number | null>;

/** GET /Quiniela/{id}/Prizes: the official prize per winning bet of each category, in cents. */
export async function prizesOf(db: Db, quinielaId: number): Promise<QuinielaPrizes> {
  const set = await db.one<{ version: number; source: "admin" | "lottery" | "estimate"; updated_at: Date | string }>(
    "select version, source, updated_at from quiniela_prize_sets where quiniela_id = $1",
    [quinielaId],
  );
  const rows = await db.query<{ category: Category; prize_cents: number | string }>(
    "select category, prize_cents from quiniela_prizes where quiniela_id = $1",
    [quinielaId],
  );
  const prizes = { ...EMPTY };
  for (const r of rows) prizes[r.category] = Number(r.prize_cents);
  return {
    quinielaId,
    version: set?.version ?? 0,
    source: set?.source ?? null,
    updatedAt: set ? new Date(set.updated_at).toISOString() : null,
    prizes,
  };
}

const PRIZES_NOT_FOUND = "La quiniela no existe.";
const centsText = (c: number | null) => (c === null ? null : formatEuros(c));

/**
 * PUT /Quiniela/{id}/Prizes (an admin) or the lottery import: replaces the pool's prize table.
 * Every change is audited; the set's version moves, so a stale form is refused and the held views
 * that show prizes are rebuilt. `version` undefined: no check (the import).
 */
export async function setPrizes(
  db: Db,
  at: Date,
  actorId: number | null,
  quinielaId: number,
  prizes: Partial<Record<Category, number | null>>,
  source: "admin" | "lottery" | "estimate",
  version?: number,
): Promise<QuinielaPrizes> {
  await db.tx(async (tx) => {
    const pool = await tx.one<{ number: number }>("select number from quinielas where id = $1 for update", [quinielaId]);
    if (!pool) throw notFound(PRIZES_NOT_FOUND);
    const current = await prizesOf(tx, quinielaId);
    assertRowVersion(current.version, version, "Los premios del escrutinio");
    const next = { ...EMPTY };
    for (const c of CATEGORIES) next[c] = prizes[c] ?? null;
    if (CATEGORIES.every((c) => next[c] === current.prizes[c])) return;
    await tx.query(
      `insert into quiniela_prize_sets (quiniela_id, version, source, updated_at) values ($1, 1, $2, $3)
       on conflict (quiniela_id) do update set version = quiniela_prize_sets.version + 1, source = $2, updated_at = $3`,
      [quinielaId, source, at],
    );
    await tx.query("delete from quiniela_prizes where quiniela_id = $1", [quinielaId]);
    for (const c of CATEGORIES) {
      if (next[c] !== null) await tx.query("insert into quiniela_prizes (quiniela_id, category, prize_cents) values ($1, $2, $3)", [quinielaId, c, next[c]]);
    }
    const snapshot = (p: Record<Category, number | null>) => Object.fromEntries(CATEGORIES.map((c) => [c, centsText(p[c])]));
    await recordAudit(tx, {
      at,
      actorId,
      groupId: null,
      action: "prizes.set",
      entity: "prizes",
      entityId: quinielaId,
      subject: `Jornada ${pool.number}`,
      before: current.version ? snapshot(current.prizes) : null,
      after: snapshot(next),
    });
  });
  return prizesOf(db, quinielaId);
}
