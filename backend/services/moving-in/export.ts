/**
 * 'Exportar la peña': the group's data as rows in the importer's own formats, so an
 * export imported into an empty group gives the same standings and balances (decision 052, 060).
 */
import { wallClock } from "#core/dates";
import { plenoText } from "#core/domain/moving-in/import-rows";
import { JORNADAS_HEADER } from "#core/domain/moving-in/jornadas-file";
import { plainEuros } from "#core/domain/money";
import { KIND_LABELS } from "#core/contract/caja";
import type { Deps } from "../../context";
import type { Db } from "../../db/db";
import { settlementPreview } from "../caja/settlement";
import { classification } from "../standings/standings";
import { members, seasonOf } from "./picks-and-movements";

const dayOf = (at: Date | string) => {
  const d = new Date(at);
  return `${String(d.getUTCDate()).padStart(2, "0")}/${String(d.getUTCMonth() + 1).padStart(2, "0")}/${d.getUTCFullYear()}`;
};
const decimals = (n: number, digits: number) => n.toFixed(digits).replace(".", ",");
const signs = (matches: unknown) => (Array.isArray(matches) ? matches.map((p) => (Array.isArray(p) ? p.join("") : String(p ?? ""))) : []);
const score = (home: number | null, away: number | null) => (home === null || away === null ? "" : plenoText({ home, away }));
const P = Array.from({ length: 14 }, (_, i) => `P${i + 1}`);
const KIND_WORD: Record<string, string> = { payment: "Pago", quota: "Cuota", prize: "Premio", fine: "Multa", payout: "Reparto" };

/**
 * 'Exportar la peña': the members, the season's picks and the members' movements in the importer's
 * own formats, so importing them into an empty group gives the same standings and balances. A
 * reversed movement and its correction cancel out and are left out; the pot's own movements (a
 * ticket, a prize of the pot) touch no member's balance and are left out too.
 */
export async function exportGroup(deps: Deps, groupId: number): Promise<{ name: string; rows: string[][] }[]> {
  const { db } = deps;
  const people = await members(db, groupId);
  const nameOf = new Map(people.map((m) => [m.id, m.name]));
  const season = await seasonOf(db, groupId, null);
  const picks = season
    ? await db.query<{ number: number; username: string; matches: unknown; pleno_home: number; pleno_away: number }>(
        `select q.number, member_name(p.group_id, u.id) as username, p.matches, p.pleno_home, p.pleno_away from predictions p
           join quinielas q on q.id = p.quiniela_id join users u on u.id = p.user_id
          where p.group_id = $1 and q.season_id = $2 order by q.number, 2`,
        [groupId, season.id],
      )
    : [];
  const moves = await db.query<{ user_id: number; kind: string; amount_cents: number; reference: string; recorded_at: Date | string }>(
    `select m.user_id, m.kind, m.amount_cents, m.reference, m.recorded_at from caja_movements m
      where m.group_id = $1 and m.user_id is not null and m.kind <> 'correction'
        and not exists (select 1 from caja_movements r where r.reverses_id = m.id) order by m.recorded_at, m.id`,
    [groupId],
  );
  const seen = new Map<string, number>();
  const movementRows = moves.map((m) => {
    const row = [dayOf(m.recorded_at), nameOf.get(m.user_id) ?? String(m.user_id), plainEuros(m.amount_cents), KIND_WORD[m.kind] ?? m.kind, m.reference];
    // Two equal movements of one day would read as a repeated line: the second gets a numbered reference.
    const key = row.join("|");
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    if (n > 1) row[4] = `${m.reference} (${n})`.trim();
    return row;
  });
  return [
    { name: "miembros.csv", rows: [["Nombre", "E-mail"], ...people.map((m) => [m.name, m.email ?? ""])] },
    {
      name: "pronosticos.csv",
      rows: [
        ["Jornada", "Jugador", ...P, "Pleno"],
        ...picks.map((p) => [String(p.number), p.username, ...signs(p.matches), score(p.pleno_home, p.pleno_away)]),
      ],
    },
    ...(season ? [{ name: "jornadas.csv", rows: await jornadaRows(db, groupId, season) }] : []),
    { name: "movimientos.csv", rows: [["Fecha", "Miembro", "Importe", "Tipo", "Referencia"], ...movementRows] },
    ...(season ? await seasonFiles(deps, groupId, season.id) : []),
    { name: "caja.csv", rows: await ledgerRows(db, groupId) },
  ];
}

/**
 * The group's jornadas of the season in the jornadas importer's format, each with its round's type and
 * the season's name, so an empty group takes them with the types its picks need, in the season they
 * were played (decisions 063, 073). Only a jornada with its
 * whole official result can be written as the importer reads it; the others are left out.
 */
async function jornadaRows(db: Db, groupId: number, season: { id: number; name: string }): Promise<string[][]> {
  const rounds = await db.query<{
    id: number;
    number: number;
    close_date: Date | string;
    type: string;
    matches: unknown;
    pleno_home: number | null;
    pleno_away: number | null;
  }>(
    `select q.id, q.number, gq.close_date, pt.name as type, r.matches, r.pleno_home, r.pleno_away
       from group_quinielas gq join quinielas q on q.id = gq.quiniela_id join pool_types pt on pt.id = gq.type_quiniela_id
       join quiniela_results r on r.quiniela_id = q.id
      where gq.group_id = $1 and q.season_id = $2 order by q.number`,
    [groupId, season.id],
  );
  const teams = await db.query<{ quiniela_id: number; position: number; home: string; away: string }>(
    `select m.quiniela_id, m.position, m.home, m.away from quiniela_matches m
      where m.quiniela_id in (select quiniela_id from group_quinielas where group_id = $1) order by m.quiniela_id, m.position`,
    [groupId],
  );
  const rows: string[][] = [JORNADAS_HEADER];
  for (const r of rounds) {
    const result = signs(r.matches);
    const matches = teams.filter((m) => m.quiniela_id === r.id);
    if (result.length !== 14 || result.some((s) => !/^[1X2]$/.test(s)) || matches.length !== 15 || r.pleno_home === null || r.pleno_away === null) continue;
    const c = wallClock(new Date(r.close_date));
    const day = `${c.day}/${c.month}/${c.year}`;
    for (const m of matches)
      rows.push([
        String(r.number),
        day,
        String(m.position),
        m.home,
        m.away,
        m.position < 15 ? result[m.position - 1]! : score(r.pleno_home, r.pleno_away),
        r.type,
        season.name,
      ]);
  }
  return rows;
}

/** The season's official results, standings, group bets and settlement: read-only files, for the record. */
async function seasonFiles(deps: Deps, groupId: number, seasonId: number): Promise<{ name: string; rows: string[][] }[]> {
  const results = await deps.db.query<{ number: number; matches: unknown; pleno_home: number | null; pleno_away: number | null }>(
    `select q.number, r.matches, r.pleno_home, r.pleno_away from group_quinielas gq join quinielas q on q.id = gq.quiniela_id
       join quiniela_results r on r.quiniela_id = q.id where gq.group_id = $1 and q.season_id = $2 order by q.number`,
    [groupId, seasonId],
  );
  const bets = await deps.db.query<{
    number: number;
    top_n: number;
    usernames_included: unknown;
    matches: unknown;
    pleno_home: number | null;
    pleno_away: number | null;
  }>(
    `select q.number, b.top_n, b.usernames_included, b.matches, b.pleno_home, b.pleno_away from bets b join quinielas q on q.id = b.quiniela_id
      where b.group_id = $1 and q.season_id = $2 order by q.number`,
    [groupId, seasonId],
  );
  const { rows: standing } = await classification(deps, groupId, seasonId);
  const settlement = await settlementPreview(deps, groupId, seasonId);
  return [
    {
      name: "resultados.csv",
      rows: [["Jornada", ...P, "Pleno"], ...results.map((r) => [String(r.number), ...signs(r.matches), score(r.pleno_home, r.pleno_away)])],
    },
    {
      name: "clasificacion.csv",
      rows: [
        ["Posición", "Jugador", "Puntos", "Aciertos (pleno incluido)", "Jugados sin triples", "Aciertos sin triples", "Plenos al 15", "Precisión (%)"],
        ...standing.map((r) => [
          String(r.position),
          r.userName,
          decimals(r.totalPoints, 2),
          String(r.allHits),
          String(r.n),
          String(r.hits),
          String(r.pleno15Hits),
          decimals(r.accuracy * 100, 1),
        ]),
      ],
    },
    {
      name: "quinielas-grupales.csv",
      rows: [
        ["Jornada", "Top", "Incluidos", ...P, "Pleno"],
        ...bets.map((b) => [
          String(b.number),
          String(b.top_n),
          Array.isArray(b.usernames_included) ? b.usernames_included.join(", ") : "",
          ...signs(b.matches),
          score(b.pleno_home, b.pleno_away),
        ]),
      ],
    },
    {
      name: "liquidacion.csv",
      rows: [
        ["Jugador", "Posición", "Saldo", "Parte del bote", "Premio", "Multa", "Abono", "A cobrar"],
        ...settlement.lines.map((l) => [
          l.username,
          l.position === null ? "" : String(l.position),
          plainEuros(l.balanceCents),
          plainEuros(l.shareCents),
          plainEuros(l.prizeCents),
          plainEuros(l.penaltyCents),
          plainEuros(l.creditCents),
          plainEuros(l.payoutCents),
        ]),
        [],
        ["Bote", "", plainEuros(settlement.potCents)],
        ["Liquidada", "", settlement.settledAt ? dayOf(settlement.settledAt) : "No"],
      ],
    },
  ];
}

/** Every movement of the caja as written, the pot's and the reversals included, each with what it reverses. */
async function ledgerRows(db: Db, groupId: number): Promise<string[][]> {
  const rows = await db.query<{
    id: number;
    kind: keyof typeof KIND_LABELS;
    username: string | null;
    amount_cents: number;
    reference: string;
    recorded_at: Date;
    reverses_id: number | null;
  }>(
    `select m.id, m.kind, member_name(m.group_id, u.id) as username, m.amount_cents, m.reference, m.recorded_at, m.reverses_id from caja_movements m
       left join users u on u.id = m.user_id where m.group_id = $1 order by m.id`,
    [groupId],
  );
  return [
    ["Número", "Fecha", "Miembro", "Tipo", "Importe", "Referencia", "Anula el número"],
    ...rows.map((m) => [
      String(m.id),
      dayOf(m.recorded_at),
      m.username ?? "Bote",
      KIND_LABELS[m.kind] ?? m.kind,
      plainEuros(m.amount_cents),
      m.reference,
      m.reverses_id === null ? "" : String(m.reverses_id),
    ]),
  ];
}
