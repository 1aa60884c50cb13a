/**
 * Moving a peña in: a picks or movements file, previewed (nothing written but the
 * draft that carries the bytes to the confirm) and confirmed in one transaction. Imported picks are
 * stored as entered by import: dated at the jornada's close, never late. Movements join the caja's
 * append-only ledger (decision 032) under an import key, so the same file twice writes nothing.
 */
import { createHash } from "node:crypto";
import type { ImportKind, ImportPreview, ImportResult } from "#core/contract/import";
import type { CsvRow, ReadResult } from "#core/domain/moving-in/import-file";
import { roundStatus } from "#core/domain/rounds/round-status";
import { readSpreadsheet } from "#core/domain/moving-in/xlsx-file";
import {
  balancesAfter,
  checkMembers,
  fromJornadaSheet,
  checkMovements,
  checkPicks,
  type ImportJornada,
  type ImportMember,
} from "#core/domain/moving-in/import-rows";
import type { AuthUser, Deps } from "../../context";
import type { Db } from "../../db/db";
import { badRequest } from "../../errors";
import { recordAudit } from "../shelf/audit";
import { ledgerTotals, lockCajaShared } from "../caja/ledger";
import { classifyImported, writeImportedMovement } from "./corrections";
import { draftCutoff, saveDraft, unpackDraft, type DraftRows } from "./drafts";
import { refreshTouched } from "../shelf/standings-store";
import { nameShared } from "./names";
import { isSuppressed, requireProvedSender } from "../mail/policy";
import { LOCK_KEYS } from "../../db/advisory";

interface Jornada extends ImportJornada {
  roundId: number;
  openDate: Date;
  closeDate: Date;
  forceClosed: boolean;
  hasResults: boolean;
  playedInApp: boolean;
}

export async function members(db: Db, groupId: number): Promise<ImportMember[]> {
  const rows = await db.query<Omit<ImportMember, "aliases"> & { aliases: { name: string; keyId: number }[] | null }>(
    `select u.id, coalesce(gm.display_name, u.username) as name, u.email,
            (select json_agg(json_build_object('name', a.name, 'keyId', a.key_user_id) order by a.created_at, a.name)
               from member_aliases a where a.group_id = gm.group_id and a.user_id = u.id) as aliases
       from group_members gm join users u on u.id = gm.user_id
      where gm.group_id = $1 and gm.removed_at is null order by u.id`,
    [groupId],
  );
  return rows.map((r) => ({ ...r, aliases: (typeof r.aliases === "string" ? JSON.parse(r.aliases) : r.aliases) ?? [] }));
}

/** The season imported into: the one asked for, else the season of the group's latest jornada. */
export async function seasonOf(db: Db, groupId: number, seasonId: number | null) {
  return db.one<{ id: number; name: string }>(
    `select s.id, s.name from seasons s
      where ($2::int is not null and s.id = $2) or ($2::int is null and s.id = (
        select q.season_id from group_quinielas gq join quinielas q on q.id = gq.quiniela_id where gq.group_id = $1 order by gq.close_date desc limit 1))`,
    [groupId, seasonId],
  );
}

/**
 * The group's jornadas of the season, with what the predictions form would say of each (decision
 * 062): its dates, its official results, and whether it was played in the app (opened for the group
 * before its close, by the manager's screen or the weekly job, or holding a pick not imported).
 */
async function jornadas(db: Db, groupId: number, seasonId: number): Promise<Jornada[]> {
  const rows = await db.query<{
    id: number;
    round_id: number;
    number: number;
    num_double: number;
    num_triple: number;
    open_date: Date | string;
    close_date: Date | string;
    force_closed: boolean;
    has_results: boolean;
    played_in_app: boolean;
  }>(
    `select q.id, gq.id as round_id, q.number, t.num_double, t.num_triple, gq.open_date, gq.close_date, gq.force_closed,
            exists (select 1 from quiniela_results r where r.quiniela_id = q.id) as has_results,
            (exists (select 1 from predictions p where p.group_id = gq.group_id and p.quiniela_id = gq.quiniela_id and not p.imported)
             or exists (select 1 from audit_log a where a.group_id = gq.group_id and a.entity = 'round' and a.entity_id = gq.id
                          and a.action in ('round.configure', 'round.auto-open') and a.at < gq.close_date)) as played_in_app
       from group_quinielas gq
       join quinielas q on q.id = gq.quiniela_id join pool_types t on t.id = gq.type_quiniela_id
      where gq.group_id = $1 and q.season_id = $2 order by q.number`,
    [groupId, seasonId],
  );
  return rows.map((r) => ({
    id: r.id,
    roundId: r.round_id,
    number: r.number,
    numDouble: r.num_double,
    numTriple: r.num_triple,
    openDate: new Date(r.open_date),
    closeDate: new Date(r.close_date),
    forceClosed: r.force_closed,
    hasResults: r.has_results,
    playedInApp: r.played_in_app,
  }));
}

/**
 * Why the predictions form or the manager's screens would not take this line (decision 062), or
 * null: the importer writes only into closed rounds, never for a player blocked in the round, and
 * into a round with official results only when it is the peña's history brought in, not a round
 * the group played in the app.
 */
function refusedPick(j: Jornada, blocked: boolean, name: string, now: Date): string | null {
  const { state } = roundStatus({ openDate: j.openDate, closeDate: j.closeDate, forceClosed: j.forceClosed }, now);
  if (state !== "closed" && !j.hasResults) {
    return `La jornada ${j.number} no ha cerrado todavía: cada jugador hace su pronóstico en la app hasta el cierre.`;
  }
  if (blocked) return `${name} está bloqueado en la jornada ${j.number}: no se le pone ningún pronóstico.`;
  if (j.hasResults && j.playedInApp) {
    return `La jornada ${j.number} se jugó en la app y ya tiene resultados oficiales: sus pronósticos ya no se cambian.`;
  }
  return null;
}

/** Everything the file would do, computed against what the database holds now. */
async function analyse(db: Db, now: Date, groupId: number, kind: ImportKind, seasonId: number | null, source: DraftRows | { bytes: Uint8Array }) {
  const read: ReadResult = "bytes" in source ? await readSpreadsheet(source.bytes, kind) : { ok: true, encoding: "utf-8", rows: source.rows };
  const season = kind === "picks" ? await seasonOf(db, groupId, seasonId) : null;
  const people = await members(db, groupId);
  const nameOf = new Map(people.map((m) => [m.id, m.name]));
  const none = { picks: [], movements: [], newMembers: [], matched: [], matchedLines: [] };
  if (!read.ok) return { read, season, people, nameOf, ...none, errors: [] };
  if (kind === "members") return { read, season, people, nameOf, ...none, ...(await analyseMembers(db, read.rows, people)) };
  if (kind === "picks") {
    const rounds = season ? await jornadas(db, groupId, season.id) : [];
    const checked = checkPicks(read.rows, people, rounds);
    const blocks = await db.query<{ round_id: number; user_id: number }>(
      "select group_quiniela_id as round_id, user_id from group_quiniela_blocks where group_quiniela_id = any($1::int[])",
      [rounds.map((r) => r.roundId)],
    );
    const blocked = new Set(blocks.map((b) => `${b.round_id}:${b.user_id}`));
    const roundOf = new Map(rounds.map((r) => [r.id, r]));
    const errors = [...checked.errors];
    const allowed = checked.picks.filter((p) => {
      const round = roundOf.get(p.jornadaId)!;
      const refusal = refusedPick(round, blocked.has(`${round.roundId}:${p.memberId}`), nameOf.get(p.memberId) ?? `#${p.memberId}`, now);
      if (refusal) errors.push({ line: p.line, message: refusal });
      return !refusal;
    });
    errors.sort((x, y) => x.line - y.line);
    const stored = await db.query<{ quiniela_id: number; user_id: number; matches: unknown; pleno_home: number; pleno_away: number }>(
      "select quiniela_id, user_id, matches, pleno_home, pleno_away from predictions where group_id = $1 and quiniela_id = any($2::int[])",
      [groupId, rounds.map((r) => r.id)],
    );
    const before = new Map(stored.map((p) => [`${p.quiniela_id}:${p.user_id}`, p]));
    const closeOf = new Map(rounds.map((r) => [r.id, r.closeDate]));
    const picks = allowed.map((p) => {
      const old = before.get(`${p.jornadaId}:${p.memberId}`);
      const same = old && JSON.stringify(old.matches) === JSON.stringify(p.matches) && old.pleno_home === p.pleno.home && old.pleno_away === p.pleno.away;
      return { ...p, closeDate: closeOf.get(p.jornadaId)!, state: !old ? ("created" as const) : same ? ("unchanged" as const) : ("changed" as const), old };
    });
    return { read, season, people, nameOf, ...none, picks, errors };
  }
  const checked = checkMovements(read.rows, people);
  const movements = await classifyImported(db, groupId, checked.movements);
  return { read, season, people, nameOf, ...none, movements, errors: checked.errors };
}

/**
 * Members not in the group yet become placeholders: a name and an e-mail, no account. A person who
 * already has an account joins with the group's code instead. The name is the peña's: another peña's
 * member or an account elsewhere with that name is no obstacle, and is never mentioned (decision 063).
 */
async function analyseMembers(db: Db, rows: CsvRow[], people: ImportMember[]) {
  const checked = checkMembers(rows, people);
  const fresh = checked.lines.filter((l) => l.memberId === null);
  const users = await db.query<{ id: number; email: string; placeholder: boolean }>(
    "select id, lower(email) as email, placeholder from users where lower(email) = any($1::text[])",
    [fresh.map((l) => l.email)],
  );
  const errors = [...checked.errors];
  // The preview says the same of an address with an account, one another peña added, or nothing
  // (decision 080): an account is never joined on a sheet's word, so the confirm leaves that line.
  const newMembers = fresh.map((l) => {
    const byEmail = users.find((u) => u.email === l.email);
    return { ...l, userId: byEmail?.placeholder ? byEmail.id : null };
  });
  const matchedLines = checked.lines.filter((l) => l.memberId !== null);
  return { newMembers, matched: matchedLines.map((l) => l.name), matchedLines: matchedLines.map((l) => l.line), errors };
}

/** The cells a line of each kind is read by (a picks line: jornada, player, 14 signs, pleno). */
const CELLS: Record<ImportKind, number> = { members: 2, movements: 5, picks: 17 };
/** A header line, so the confirm reads the kept rows as it read the file's. */
const HEADER: Record<ImportKind, string[]> = {
  members: ["Nombre", "E-mail"],
  movements: ["Fecha", "Miembro", "Importe", "Tipo", "Referencia"],
  picks: ["Jornada", "Jugador"],
};

/**
 * What the draft keeps for the confirm (decision 080): only the lines the preview took (created,
 * matched, changed or already there), with the cells they are read by, under a header; the
 * refused ones are counted, not kept. A classic sheet of one jornada is kept as its picks lines.
 */
function draftRows(kind: ImportKind, a: Awaited<ReturnType<typeof analyse>>): DraftRows {
  if (!a.read.ok) return { rows: [], refused: 0 };
  const taken = new Set<number>([...a.picks.map((p) => p.line), ...a.movements.map((m) => m.line), ...a.newMembers.map((m) => m.line), ...a.matchedLines]);
  const lines = (kind === "picks" ? fromJornadaSheet(a.read.rows) : null) ?? a.read.rows;
  const rows = lines.filter((r) => taken.has(r.line)).map((r) => ({ line: r.line, cells: r.cells.slice(0, CELLS[kind]) }));
  const kept = new Set(rows.map((r) => r.line));
  return { rows: [{ line: 0, cells: HEADER[kind] }, ...rows], refused: a.errors.filter((e) => !kept.has(e.line)).length };
}

const draftHash = (groupId: number, kind: ImportKind, seasonId: number | null, bytes: Uint8Array) =>
  createHash("sha256")
    .update(`${groupId}:${kind}:${seasonId ?? ""}:`)
    .update(bytes)
    .digest("hex");

/** The preview: what would be created, matched or changed, and every refused line. Writes only the draft. */
export async function previewImport(
  deps: Deps,
  caller: AuthUser,
  groupId: number,
  kind: ImportKind,
  seasonId: number | null,
  bytes: Uint8Array,
): Promise<ImportPreview> {
  const a = await analyse(deps.db, deps.clock(), groupId, kind, seasonId, { bytes });
  const fileError = !a.read.ok
    ? a.read.message
    : kind === "picks" && !a.season
      ? "El grupo no tiene jornadas en ninguna temporada: crea primero las jornadas."
      : null;
  let draft: string | null = null;
  if (!fileError) {
    draft = draftHash(groupId, kind, a.season?.id ?? null, bytes);
    await saveDraft(deps.db, deps.clock(), { hash: draft, groupId, kind, seasonId: a.season?.id ?? null, rows: draftRows(kind, a), userId: caller.id });
  }
  const byRound = new Map<number, { number: number; created: number; changed: number; unchanged: number }>();
  for (const p of a.picks) {
    const r = byRound.get(p.jornadaNumber) ?? { number: p.jornadaNumber, created: 0, changed: 0, unchanged: 0 };
    r[p.state]++;
    byRound.set(p.jornadaNumber, r);
  }
  const fresh = a.movements.filter((m) => m.state === "created");
  const corrected = a.movements.flatMap((m) => (m.state === "corrected" ? [m] : []));
  const totals = kind === "movements" ? await ledgerTotals(deps.db, groupId) : null;
  const deltas = [...fresh, ...corrected.map((m) => ({ ...m, amountCents: m.amountCents - m.replaces.amountCents }))];
  const after = balancesAfter(deltas, totals?.balances ?? new Map());
  // A member who left (a placeholder linked to an account) still has rows in the ledger: named, never "#30".
  const unnamed = [...after.keys()].filter((id) => !a.nameOf.has(id));
  if (unnamed.length)
    for (const u of await deps.db.query<{ id: number; username: string }>("select id, member_name($2, id) as username from users where id = any($1::int[])", [
      unnamed,
      groupId,
    ]))
      a.nameOf.set(u.id, u.username);
  return {
    draft,
    kind,
    fileError,
    encoding: a.read.ok ? a.read.encoding : null,
    season: a.season ?? null,
    errors: a.errors,
    members: { created: a.newMembers.map((m) => m.name), matched: a.matched },
    rounds: [...byRound.values()].sort((x, y) => x.number - y.number),
    movements: {
      created: fresh.length,
      unchanged: a.movements.length - fresh.length - corrected.length,
      totalCents: fresh.reduce((s, m) => s + m.amountCents, 0),
      corrected: corrected.map((m) => ({
        line: m.line,
        member: a.nameOf.get(m.memberId) ?? `#${m.memberId}`,
        beforeCents: m.replaces.amountCents,
        afterCents: m.amountCents,
      })),
    },
    balances: totals
      ? [...after].map(([id, cents]) => ({ member: a.nameOf.get(id) ?? `#${id}`, beforeCents: totals.balances.get(id) ?? 0, afterCents: cents }))
      : [],
  };
}

/**
 * A template of the importer's own format, pre-filled: the members (nombre; e-mail), a picks line per
 * jornada of the season and member (signs left blank), or a movements header with one line per member.
 */
export async function importTemplate(db: Db, groupId: number, kind: ImportKind): Promise<string[][]> {
  const people = await members(db, groupId);
  if (kind === "members") return [["Nombre", "E-mail"], ...people.map((m) => [m.name, m.email ?? ""])];
  if (kind === "movements") return [["Fecha", "Miembro", "Importe", "Tipo", "Referencia"], ...people.map((m) => ["", m.name, "", "Pago", ""])];
  const season = await seasonOf(db, groupId, null);
  const rounds = season ? await jornadas(db, groupId, season.id) : [];
  const header = ["Jornada", "Jugador", ...Array.from({ length: 14 }, (_, i) => `P${i + 1}`), "Pleno"];
  return [header, ...rounds.flatMap((r) => people.map((m) => [String(r.number), m.name, ...Array<string>(15).fill("")]))];
}

/** The confirm: the draft's valid lines written in one transaction; the same draft again changes nothing. */
export async function confirmImport(deps: Deps, caller: AuthUser, groupId: number, hash: string): Promise<ImportResult> {
  return deps.db.tx(async (tx) => {
    const draft = await tx.one<{ kind: ImportKind; season_id: number | null; content: string }>(
      "select kind, season_id, content from import_drafts where hash = $1 and group_id = $2 and kind <> 'jornadas' and created_at >= $3",
      [hash, groupId, draftCutoff(deps.clock())],
    );
    if (!draft) throw badRequest("Vuelve a subir el archivo: la vista previa ya no vale.");
    await tx.query("select pg_advisory_xact_lock($1, $2)", [LOCK_KEYS.groupImport, groupId]);
    const now = deps.clock();
    const stored = unpackDraft(draft.content);
    const a = await analyse(tx, now, groupId, draft.kind, draft.season_id, stored);
    // New members come with an address the peña's claim links and invitations will mail: only an
    // account that has proved its own may add them (decision 078).
    if (a.newMembers.length > 0) await requireProvedSender(tx, caller.id, "añadir miembros con su e-mail");
    let picksCreated = 0;
    let picksChanged = 0;
    for (const p of a.picks) {
      if (p.state === "unchanged") continue;
      const row = await tx.one<{ id: number }>(
        `insert into predictions (group_id, quiniela_id, user_id, matches, pleno_home, pleno_away, created_at, updated_at, late, imported)
         values ($1, $2, $3, $4, $5, $6, $7, $7, false, true)
         on conflict (group_id, quiniela_id, user_id) do update set matches = excluded.matches, pleno_home = excluded.pleno_home,
           pleno_away = excluded.pleno_away, updated_at = excluded.updated_at, late = false
         returning id`,
        [groupId, p.jornadaId, p.memberId, JSON.stringify(p.matches), p.pleno.home, p.pleno.away, p.closeDate],
      );
      if (p.state === "created") picksCreated++;
      else picksChanged++;
      await recordAudit(tx, {
        at: now,
        actorId: caller.id,
        groupId,
        action: p.state === "created" ? "import.prediction" : "import.prediction.replace",
        entity: "prediction",
        entityId: row!.id,
        subject: `Jornada ${p.jornadaNumber} · ${a.nameOf.get(p.memberId) ?? p.memberId}`,
        before: p.old ? { matches: p.old.matches, pleno: `${p.old.pleno_home}-${p.old.pleno_away}` } : null,
        after: { matches: p.matches, pleno: `${p.pleno.home}-${p.pleno.away}` },
      });
    }
    let membersCreated = 0;
    // A member whose address asked for no mail is still added (the peña's history needs it), never mailed (decision 086).
    let mailStopped = 0;
    for (const m of a.newMembers) {
      let userId = m.userId;
      // A placeholder that already existed (in another peña) keeps its name; this peña's is an alias.
      let existed = userId !== null;
      if (userId === null) {
        // Two peñas may add the same new person at once: the second insert waits for the first and
        // then finds the e-mail taken, so it takes that placeholder instead of failing the import
        // (an account made meanwhile is never joined by a sheet: its holder joins with the code).
        const made = await tx.one<{ id: number }>(
          "insert into users (email, username, password_hash, placeholder, send_digest) values ($1, $2, '', true, false) on conflict do nothing returning id",
          [m.email, m.name],
        );
        const same =
          made ?? (await tx.one<{ id: number; placeholder: boolean }>("select id, placeholder from users where lower(email) = lower($1)", [m.email]));
        if (!same || ("placeholder" in same && !same.placeholder)) continue;
        userId = same.id;
        existed = !made;
      }
      // The peña names the member itself (decision 080): another peña's name for the same person is never shown here.
      const joined = await tx.one("insert into group_members (group_id, user_id, display_name) values ($1, $2, $3) on conflict do nothing returning user_id", [
        groupId,
        userId,
        m.name,
      ]);
      if (!joined) continue;
      if (existed) await nameShared(tx, userId);
      membersCreated++;
      if (await isSuppressed({ ...deps, db: tx }, m.email)) mailStopped++;
      await recordAudit(tx, {
        at: now,
        actorId: caller.id,
        groupId,
        action: "import.member",
        entity: "member",
        entityId: userId,
        subject: m.name,
        after: { name: m.name, email: m.email },
      });
    }
    let movementsCreated = 0;
    let movementsCorrected = 0;
    if (a.movements.some((m) => m.state !== "unchanged")) await lockCajaShared(tx, groupId);
    for (const m of a.movements) {
      if (m.state === "unchanged" || !(await writeImportedMovement(tx, now, caller.id, groupId, m))) continue;
      if (m.state === "corrected") movementsCorrected++;
      else movementsCreated++;
    }
    await refreshTouched(tx, now);
    const written = membersCreated + picksCreated + picksChanged + movementsCreated + movementsCorrected;
    const lines = a.newMembers.length + a.matched.length + a.picks.length + a.movements.length;
    return {
      membersCreated,
      picksCreated,
      picksChanged,
      movementsCreated,
      movementsCorrected,
      unchanged: lines - written,
      refused: a.errors.length + ("refused" in stored ? stored.refused : 0),
      mailStopped,
    };
  });
}
