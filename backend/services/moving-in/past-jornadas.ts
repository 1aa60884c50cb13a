/**
 * Past jornadas a peña played that the catalogue lacks (decision 059), from its
 * jornadas file: previewed (nothing written but the draft), then confirmed in one transaction. The
 * manager may do it for his own import: only jornadas already closed are created, their teams must
 * all be known to the catalogue (an unknown name is named, never guessed), and each pool created or
 * added to the group is in the audit trail with who did it. A pool created here belongs to the group
 * (owner_group_id, decision 062): never the catalogue's, so no other peña or the admin sees it and it
 * takes no number from the admin. A catalogue jornada with the file's own 15 matches is only added to
 * the group; one with other matches leaves the group its own pool; one the group already plays is
 * left alone. The preview shows the matches the confirm writes.
 */
import { createHash } from "node:crypto";
import type { JornadasPreview, JornadasResult } from "#core/contract/import-jornadas";
import { madridLocalToUtc } from "#core/dates";
import { checkJornadas, type FileJornada } from "#core/domain/moving-in/jornadas-file";
import { nameKey } from "#core/domain/moving-in/import-rows";
import { resolveTeamNames } from "#core/domain/official/team-names";
import { readSpreadsheet } from "#core/domain/moving-in/xlsx-file";
import type { AuthUser, Deps } from "../../context";
import type { Db } from "../../db/db";
import { badRequest } from "../../errors";
import { recordAudit } from "../shelf/audit";
import { seasonOf } from "./picks-and-movements";
import { draftCutoff, saveDraft, unpackDraft, type DraftRows } from "./drafts";
import type { ReadResult } from "#core/domain/moving-in/import-file";
import { poolById, writeMatches } from "../catalogue/quiniela";
import { currentSeason } from "../catalogue/season";
import { loadTeamIndex } from "../catalogue/team";
import { LOCK_KEYS } from "../../db/advisory";

const DAY = 86_400_000;
type State = JornadasPreview["jornadas"][number]["state"];

/** The day a jornada closed, as its close: that day's start in Madrid. */
const closeOf = (j: FileJornada) => madridLocalToUtc(j.date)!;

/**
 * The season the jornadas go into: the one the file names (the export writes it, decision 073), which
 * the catalogue must hold; else the group's, or the current one for a group with no rounds yet.
 */
async function seasonFor(db: Db, now: Date, groupId: number, named: string | null) {
  if (named === null) return { season: (await seasonOf(db, groupId, null)) ?? (await currentSeason(db, now)), seasonError: null };
  const season = await db.one<{ id: number; name: string }>("select id, name from seasons where lower(name) = lower($1) order by id limit 1", [named]);
  return {
    season,
    seasonError: season ? null : `La temporada «${named}» del archivo no está en el catálogo: escribe una de las que hay o deja la columna vacía.`,
  };
}

/** The file read against the catalogue and the group; `lock` holds the season's row for the confirm. */
async function analyse(db: Db, now: Date, groupId: number, source: DraftRows | { bytes: Uint8Array }, lock = false) {
  const read: ReadResult = "bytes" in source ? await readSpreadsheet(source.bytes, "jornadas") : { ok: true, encoding: "utf-8", rows: source.rows };
  const checked = read.ok ? checkJornadas(read.rows) : null;
  const { season, seasonError } = await seasonFor(db, now, groupId, checked?.season ?? null);
  // The season's row keeps two peñas from making one number twice.
  if (lock && season) await db.query("select id from seasons where id = $1 for update", [season.id]);
  if (!read.ok || !checked || !season) return { read, season, seasonError, errors: [], jornadas: [] };
  const errors = [...checked.errors];
  const index = await loadTeamIndex(db);
  // The catalogue's pools and the group's own; a number the group already plays wins, then its own pool.
  const known = await db.query<{ id: number; number: number; own: boolean; plays: boolean }>(
    `select q.id, q.number, q.owner_group_id is not null as own,
            exists (select 1 from group_quinielas gq where gq.quiniela_id = q.id and gq.group_id = $2) as plays
       from quinielas q where q.season_id = $1 and (q.owner_group_id is null or q.owner_group_id = $2)
      order by q.number, plays desc, own desc, q.id`,
    [season.id, groupId],
  );
  const byNumber = new Map<number, (typeof known)[number]>();
  for (const k of known) if (!byNumber.has(k.number)) byNumber.set(k.number, k);
  // A round's type by its name (decision 063); without one, the group's latest round's type, as before.
  const types = await db.query<{ id: number; name: string }>("select id, name from pool_types order by id");
  const typeByName = new Map(types.map((t) => [nameKey(t.name), t]));
  const latest = await db.one<{ id: number; name: string }>(
    `select pt.id, pt.name from group_quinielas gq join pool_types pt on pt.id = gq.type_quiniela_id
      where gq.group_id = $1 order by gq.close_date desc limit 1`,
    [groupId],
  );
  const fallback = latest ?? types[0];
  const jornadas: (FileJornada & {
    state: State;
    quinielaId: number | null;
    poolType: { id: number; name: string };
    resolved: ReturnType<typeof resolveTeamNames<{ home: string; away: string }>>["matches"];
    shown: string[];
  })[] = [];
  for (const j of checked.jornadas) {
    const resolution = resolveTeamNames(j.matches, index);
    let there = byNumber.get(j.number);
    // A catalogue jornada is added only when it is the file's: with other matches the group keeps its own.
    if (there && !there.plays && !there.own && !(await sameMatches(db, there.id, resolution.matches))) there = undefined;
    const poolType = j.type === null ? fallback : typeByName.get(nameKey(j.type));
    if (!poolType) {
      errors.push({
        line: j.line,
        message: `El tipo «${j.type}» de la jornada ${j.number} no existe: escribe uno de estos: ${types.map((t) => t.name).join(", ")}.`,
      });
    } else if (closeOf(j).getTime() > now.getTime()) {
      errors.push({ line: j.line, message: `La jornada ${j.number} (${j.date}) no ha pasado todavía: solo se crean jornadas ya jugadas.` });
    } else if (!there && resolution.unknown.length > 0) {
      errors.push({
        line: j.line,
        message: `La jornada ${j.number} tiene equipos que el catálogo no conoce: ${resolution.unknown.map((u) => `«${u}»`).join(", ")}. Escríbelos como en el catálogo.`,
      });
    } else {
      const state: State = !there ? "created" : there.plays ? "unchanged" : "attached";
      // What the group plays after the confirm: the file's matches for a new pool, else the pool's own.
      const shown = there ? (await poolById(db, there.id)).matches.map((m) => `${m.home} - ${m.away}`) : resolution.matches.map((m) => `${m.home} - ${m.away}`);
      jornadas.push({ ...j, state, quinielaId: there?.id ?? null, resolved: resolution.matches, shown, poolType });
    }
  }
  errors.sort((a, b) => a.line - b.line);
  return { read, season, seasonError, errors, jornadas };
}

/** The pool holds exactly these 15 matches, in order. */
async function sameMatches(db: Db, quinielaId: number, wanted: { home: string; away: string }[]) {
  const pool = await poolById(db, quinielaId);
  return pool.matches.length === wanted.length && pool.matches.every((m, i) => m.home === wanted[i].home && m.away === wanted[i].away);
}

const draftHash = (groupId: number, bytes: Uint8Array) => createHash("sha256").update(`${groupId}:jornadas:`).update(bytes).digest("hex");

/** What the file would create, add or leave, and every refused line. Writes only the draft. */
export async function previewJornadas(deps: Deps, caller: AuthUser, groupId: number, bytes: Uint8Array): Promise<JornadasPreview> {
  const a = await analyse(deps.db, deps.clock(), groupId, { bytes });
  const fileError = !a.read.ok
    ? a.read.message
    : (a.seasonError ?? (!a.season ? "No hay ninguna temporada en el catálogo: el administrador debe crearla primero." : null));
  let draft: string | null = null;
  if (!fileError && a.jornadas.some((j) => j.state !== "unchanged")) {
    draft = draftHash(groupId, bytes);
    await saveDraft(deps.db, deps.clock(), {
      hash: draft,
      groupId,
      kind: "jornadas",
      seasonId: a.season!.id,
      rows: { rows: a.read.ok ? a.read.rows : [], refused: 0 },
      userId: caller.id,
    });
  }
  return {
    draft,
    fileError,
    season: a.season ? { id: a.season.id, name: a.season.name } : null,
    errors: a.errors,
    jornadas: a.jornadas.map((j) => ({ number: j.number, date: j.date, state: j.state, type: j.poolType.name, matches: j.shown })),
  };
}

/** The confirm: each jornada created (pool, matches, official result) or added to the group, audited; the same file again changes nothing. */
export async function confirmJornadas(deps: Deps, caller: AuthUser, groupId: number, hash: string): Promise<JornadasResult> {
  return deps.db.tx(async (tx) => {
    const draft = await tx.one<{ content: string }>(
      "select content from import_drafts where hash = $1 and group_id = $2 and kind = 'jornadas' and created_at >= $3",
      [hash, groupId, draftCutoff(deps.clock())],
    );
    if (!draft) throw badRequest("Vuelve a subir el archivo: la vista previa ya no vale.");
    const now = deps.clock();
    // The same lock as the other imports of the group.
    await tx.query("select pg_advisory_xact_lock($1, $2)", [LOCK_KEYS.groupImport, groupId]);
    const a = await analyse(tx, now, groupId, unpackDraft(draft.content), true);
    if (!a.season) throw badRequest(a.seasonError ?? "No hay ninguna temporada en el catálogo: el administrador debe crearla primero.");
    const result = { created: 0, attached: 0, unchanged: 0, refused: a.errors.length };
    for (const j of a.jornadas) {
      if (j.state === "unchanged") {
        result.unchanged++;
        continue;
      }
      const close = closeOf(j);
      const open = new Date(close.getTime() - 3 * DAY);
      let quinielaId = j.quinielaId;
      if (quinielaId === null) {
        const row = await tx.one<{ id: number }>(
          "insert into quinielas (season_id, number, start_date, closing_date, owner_group_id) values ($1, $2, $3, $4, $5) returning id",
          [a.season.id, j.number, open, close, groupId],
        );
        quinielaId = row!.id;
        await writeMatches(tx, quinielaId, j.resolved);
        await tx.query(
          "insert into quiniela_results (quiniela_id, matches, pleno_home, pleno_away, source, updated_at) values ($1, $2, $3, $4, 'import', $5)",
          [quinielaId, JSON.stringify(j.result), j.pleno.home, j.pleno.away, now],
        );
      }
      await tx.query(
        `insert into group_quinielas (group_id, quiniela_id, open_date, close_date, force_closed, type_quiniela_id)
         values ($1, $2, $3, $4, false, $5) on conflict do nothing`,
        [groupId, quinielaId, open, close, j.poolType.id],
      );
      await recordAudit(tx, {
        at: now,
        actorId: caller.id,
        groupId,
        action: j.state === "created" ? "import.jornada" : "import.jornada.attach",
        entity: "pool",
        entityId: quinielaId,
        subject: `Jornada ${j.number} · ${j.date}`,
        before: null,
        after: { matches: j.shown, result: j.result, pleno: `${j.pleno.home}-${j.pleno.away}`, type: j.poolType.name },
      });
      result[j.state]++;
    }
    return result;
  });
}
