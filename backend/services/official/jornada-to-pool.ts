import type { OfficialJornadaView } from "#core/contract/jornadas";
import { formatDateTime } from "#core/dates";
import { seasonYear, type OfficialMatch } from "#core/domain/official/official-jornada";
import { changedTeams, closeTeams, resolveTeamNames } from "#core/domain/official/team-names";
import type { Deps } from "../../context";
import type { Db } from "../../db/db";
import { recordStep } from "./step-log";
import { createPool, poolById, updatePool, writeKickOffs } from "../catalogue/quiniela";
import { currentSeason } from "../catalogue/season";
import { learnOperatorIds, listTeams, loadTeamIndex } from "../catalogue/team";

/** A jornada to keep: read from the operator (or pasted), with its official dates. */
export interface JornadaInput {
  key: string;
  source: "lottery" | "paste";
  drawDate: string | null;
  numero: number | null;
  jornada: string | null;
  temporada: string | null;
  opensAt: Date | null;
  closesAt: Date;
  matches: OfficialMatch[];
}

export interface JornadaRow {
  draw_key: string;
  draw_date: string | null;
  jornada: string | null;
  temporada: string | null;
  opens_at: Date | string | null;
  closes_at: Date | string;
  matches: OfficialMatch[] | string;
  status: OfficialJornadaView["status"];
  message: string | null;
  quiniela_id: number | null;
  pending_matches: OfficialMatch[] | string | null;
  source: "lottery" | "paste";
}

/** Every column, the draw's day as text ("YYYY-MM-DD"), not a Date at some midnight. */
export const COLUMNS =
  "draw_key, to_char(draw_date, 'YYYY-MM-DD') as draw_date, numero, jornada, temporada, opens_at, closes_at, matches, status, message, quiniela_id, pending_matches, source";
export const json = <T>(v: T | string): T => (typeof v === "string" ? (JSON.parse(v) as T) : v);
const label = (j: { jornada: string | null; drawDate: string | null; closesAt: Date }) =>
  j.jornada ? `la jornada ${j.jornada}` : `la jornada que cierra el ${formatDateTime(j.closesAt)}`;
const matchLines = (ms: OfficialMatch[]) => ms.map((m) => ({ home: m.home, away: m.away }));

/** Which pool of the season already holds these 15 matches, closing within three days (a paste, or a pool typed by hand). */
async function adoptablePool(tx: Db, seasonId: number, input: JornadaInput): Promise<number | null> {
  const window = 3 * 86_400_000;
  const rows = await tx.query<{ id: number }>(
    `select q.id from quinielas q where q.season_id = $1 and q.owner_group_id is null and q.closing_date between $2 and $3
        and not exists (select 1 from official_jornadas o where o.quiniela_id = q.id and o.draw_key not like 'pegado-%')
      order by q.id`,
    [seasonId, new Date(input.closesAt.getTime() - window), new Date(input.closesAt.getTime() + window)],
  );
  const index = await loadTeamIndex(tx);
  const wanted = resolveTeamNames(input.matches, index).matches;
  for (const { id } of rows) {
    const pool = await poolById(tx, id);
    if (pool.matches.length === 15 && pool.matches.every((m, i) => m.home === wanted[i].home && m.away === wanted[i].away)) {
      // A pasted jornada's row gives way to the operator's, which knows the draw.
      await tx.query("delete from official_jornadas where quiniela_id = $1 and draw_key like 'pegado-%' and draw_key <> $2", [id, input.key]);
      return id;
    }
  }
  return null;
}

type Outcome = {
  message: string;
  outcome: "ok" | "aviso";
  quinielaId: number | null;
  /** "state": the jornada's row of steps; "change": the row of this change (`changeKey`); "none": nothing happened. */
  step: "state" | "change" | "none";
  changeKey?: string;
};

/** A jornada with its pool already made: the operator's new close moves the pool's; new matches apply, or wait for the admin when players picked. */
async function updateExisting(deps: Deps, tx: Db, row: JornadaRow, input: JornadaInput): Promise<Outcome> {
  const txDeps = { ...deps, db: tx };
  const pool = await poolById(tx, row.quiniela_id!);
  const notes: string[] = [];
  // Compared as teams (the operator's id, then the name or an alias): one club spelled the other way is no change (decision 091).
  const changed = changedTeams(json(row.matches), input.matches, await loadTeamIndex(tx));
  let matches = pool.matches.map(({ home, away }) => ({ home, away }));
  let status: OfficialJornadaView["status"] = "creada";
  let pending: OfficialMatch[] | null = null;
  if (changed.length) {
    const picked = await tx.one("select 1 from predictions where quiniela_id = $1 limit 1", [pool.id]);
    const resolution = resolveTeamNames(input.matches, await loadTeamIndex(tx));
    if (picked || resolution.unknown.length) {
      status = "cambio";
      pending = input.matches;
      notes.push(
        `Loterías ha cambiado ${changed.length === 1 ? "el partido" : "los partidos"} ${changed.join(", ")} de ${pool.name}: ${picked ? "ya hay pronósticos, " : ""}acéptalo en el panel para aplicarlo.`,
      );
    } else {
      matches = matchLines(resolution.matches);
      notes.push(`Partidos ${changed.join(", ")} de ${pool.name} cambiados como los publica Loterías.`);
    }
  }
  const closeMoved = new Date(pool.closingDate).getTime() !== input.closesAt.getTime();
  if (closeMoved) notes.push(`Loterías ha cambiado el cierre de ${pool.name}: ahora es el ${formatDateTime(input.closesAt)}.`);
  if (closeMoved || (changed.length && status === "creada")) {
    const start = new Date(Math.min(new Date(pool.startDate).getTime(), input.closesAt.getTime() - 60_000));
    await updatePool(txDeps, null, pool.id, { startDate: start, closingDate: input.closesAt, matches });
  }
  // Each match's official start as the operator gives it now (decision 093); a change waiting for the admin keeps the pool's.
  if (status === "creada") await writeKickOffs(tx, pool.id, input.matches);
  await tx.query(
    `update official_jornadas set closes_at = $2, opens_at = coalesce($3, opens_at), status = $4, pending_matches = $5,
       matches = case when $4 = 'cambio' then matches else $6 end, message = $7, updated_at = $8 where draw_key = $1`,
    [
      row.draw_key,
      input.closesAt,
      input.opensAt,
      status,
      pending && JSON.stringify(pending),
      JSON.stringify(input.matches),
      notes.join(" ") || null,
      deps.clock(),
    ],
  );
  return {
    message: notes.join(" ") || `${pool.name} ya estaba importada: sin cambios.`,
    outcome: status === "cambio" ? "aviso" : "ok",
    quinielaId: pool.id,
    step: notes.length ? "change" : "none",
    changeKey: `cambio:${row.draw_key}:${input.closesAt.toISOString()}:${changed.join(",")}`,
  };
}

/** A jornada without its pool: created in the current season when every name is a team, else held with the reason. */
async function createFor(deps: Deps, tx: Db, input: JornadaInput): Promise<Outcome & { status: OfficialJornadaView["status"] }> {
  const season = await currentSeason(tx, deps.clock());
  const what = label(input);
  const drawYear = seasonYear(input.temporada);
  const ourYear = season ? seasonYear(season.name) : null;
  if (!season || (drawYear !== null && ourYear !== null && drawYear !== ourYear)) {
    const message = season
      ? `Loterías publica ${what} de la temporada ${input.temporada} y la temporada actual es ${season.name}: crea la temporada nueva (Crear temporada) y pulsa Reintentar.`
      : `Loterías publica ${what}, pero no hay temporada actual: crea una (Crear temporada) y pulsa Reintentar.`;
    return { status: "temporada-nueva", quinielaId: null, message, outcome: "aviso", step: "state" };
  }
  const resolution = resolveTeamNames(input.matches, await loadTeamIndex(tx));
  if (resolution.unknown.length) {
    const message = `La quiniela de ${what} está pendiente: ningún equipo se llama ${resolution.unknown.map((n) => `«${n}»`).join(", ")}. Resuelve los nombres y pulsa Reintentar.`;
    return { status: "pendiente", quinielaId: null, message, outcome: "aviso", step: "state" };
  }
  const adopted = await adoptablePool(tx, season.id, input);
  const now = deps.clock();
  const opensAt = new Date(Math.min((input.opensAt ?? now).getTime(), input.closesAt.getTime() - 60_000));
  if (adopted !== null) {
    const pool = await poolById(tx, adopted);
    await writeKickOffs(tx, adopted, input.matches);
    return {
      status: "creada",
      quinielaId: adopted,
      message: `${pool.name} ya existía con estos partidos: queda unida a ${what}.`,
      outcome: "ok",
      step: "state",
    };
  }
  const pool = await createPool({ ...deps, db: tx }, null, {
    seasonId: season.id,
    startDate: opensAt,
    closingDate: input.closesAt,
    matches: matchLines(resolution.matches),
  });
  await writeKickOffs(tx, pool.id, input.matches);
  return {
    status: "creada",
    quinielaId: pool.id,
    message: `Importada ${what}: ${pool.name} de ${season.name}, 15 partidos, cierre el ${formatDateTime(input.closesAt)}.`,
    outcome: "ok",
    step: "state",
  };
}

/**
 * Keeps one official jornada: its row is claimed (insert … on conflict do nothing) and locked, so two
 * instances, or the same draw seen twice, make one pool. Says what it did as a step of the panel.
 */
export async function keepJornada(deps: Deps, input: JornadaInput): Promise<{ message: string; view: OfficialJornadaView }> {
  const outcome = await deps.db.tx(async (tx) => {
    const fresh = await tx.query(
      `insert into official_jornadas (draw_key, draw_date, numero, jornada, temporada, opens_at, closes_at, matches, status, source, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, 'pendiente', $9, $10) on conflict (draw_key) do nothing returning draw_key`,
      [
        input.key,
        input.drawDate,
        input.numero,
        input.jornada,
        input.temporada,
        input.opensAt,
        input.closesAt,
        JSON.stringify(input.matches),
        input.source,
        deps.clock(),
      ],
    );
    const row = (await tx.one<JornadaRow>(`select ${COLUMNS} from official_jornadas where draw_key = $1 for update`, [input.key]))!;
    if (row.quiniela_id !== null) {
      const updated = await updateExisting(deps, tx, row, input);
      return { ...updated, tell: updated.outcome === "aviso" && row.status !== "cambio" };
    }
    const made = await createFor(deps, tx, input);
    await tx.query(
      `update official_jornadas set status = $2, quiniela_id = $3, message = $4, matches = $5, closes_at = $6, opens_at = $7,
         temporada = coalesce($8, temporada), jornada = coalesce($9, jornada), updated_at = $10 where draw_key = $1`,
      [
        input.key,
        made.status,
        made.quinielaId,
        made.status === "creada" ? null : made.message,
        JSON.stringify(input.matches),
        input.closesAt,
        input.opensAt,
        input.temporada,
        input.jornada,
        deps.clock(),
      ],
    );
    return { ...made, tell: made.status !== "creada" && (fresh.length === 1 || row.status !== made.status) };
  });
  // The clubs this answer named beside their own names keep the operator's ids (decision 091).
  await learnOperatorIds(deps.db, resolveTeamNames(input.matches, await loadTeamIndex(deps.db)).learnt);
  // The admin is told once when a jornada starts waiting for them (a name, a season, a change to accept).
  if (outcome.tell) await tellAdmins(deps, outcome.message);
  if (outcome.step !== "none") {
    await recordStep(deps.db, deps.clock(), {
      // The jornada's own state (created, held) is one row; each later change is a row of its own.
      key: outcome.step === "state" ? `importada:${input.key}` : (outcome.changeKey ?? null),
      kind: "importada",
      outcome: outcome.outcome,
      message: outcome.message,
      quinielaId: outcome.quinielaId,
      drawKey: input.key,
    });
  }
  const view = (await listJornadas(deps.db, deps.clock(), input.key))[0];
  return { message: outcome.message, view };
}

/** One e-mail to each admin, with the panel's address; a mail failure never undoes the step. */
async function tellAdmins(deps: Deps, text: string): Promise<void> {
  const admins = await deps.db.query<{ email: string }>("select email from users where is_admin order by id");
  const link = `${deps.config.publicUrl.replace(/\/+$/, "")}/call-quiniela`;
  for (const { email } of admins) {
    await deps.mailer
      .send({ to: email, subject: "Una jornada oficial espera tu decisión", text: `${text}\n\nPanel de jornadas: ${link}\n` })
      .catch(() => undefined);
  }
}

/** The jornadas still to come (closing from a day ago on), or one by key: what the admin panel lists. */
export async function listJornadas(db: Db, now: Date, key?: string): Promise<OfficialJornadaView[]> {
  const rows = await db.query<JornadaRow>(
    key
      ? `select ${COLUMNS} from official_jornadas where draw_key = $1`
      : `select ${COLUMNS} from official_jornadas where closes_at > $1 or status <> 'creada' order by closes_at limit 20`,
    [key ?? new Date(now.getTime() - 2 * 86_400_000)],
  );
  const index = await loadTeamIndex(db);
  const teams = await listTeams(db);
  const out: OfficialJornadaView[] = [];
  for (const r of rows) {
    const matches = json(r.matches);
    const resolution = resolveTeamNames(matches, index);
    // A change waiting for the admin is asked about the names of its new matches.
    const asked = r.status === "cambio" && r.pending_matches ? resolveTeamNames(json(r.pending_matches), index).unknown : resolution.unknown;
    const pool = r.quiniela_id === null ? null : await poolById(db, r.quiniela_id).catch(() => null);
    out.push({
      drawKey: r.draw_key,
      drawDate: r.draw_date,
      jornada: r.jornada,
      temporada: r.temporada,
      opensAt: r.opens_at ? new Date(r.opens_at).toISOString() : null,
      closesAt: new Date(r.closes_at).toISOString(),
      status: r.status,
      message: r.message,
      quinielaId: r.quiniela_id,
      poolName: pool?.name ?? null,
      matches: matches.map((m, i) => ({
        home: m.home,
        away: m.away,
        homeTeam: resolution.matches[i].homeTeamId === null ? null : resolution.matches[i].home,
        awayTeam: resolution.matches[i].awayTeamId === null ? null : resolution.matches[i].away,
      })),
      pendingMatches: r.pending_matches ? json(r.pending_matches).map(({ home, away }) => ({ home, away })) : null,
      unknown: asked,
      // The known clubs close to each unknown name, the closest first: the card's default choice (decision 091).
      choices: asked.map((spelling) => ({ spelling, close: closeTeams(spelling, teams).slice(0, 5) })),
      source: r.source,
    });
  }
  return out;
}
