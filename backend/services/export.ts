/**
 * 'Exportar la peña' (issue 38): the group's data as rows in the importer's own formats, so an
 * export imported into an empty group gives the same standings and balances (decision 052, 060).
 */
import type { Db } from "../db/db";
import { members, seasonOf } from "./import";

const euros = (cents: number) => `${cents < 0 ? "-" : ""}${Math.floor(Math.abs(cents) / 100)},${String(Math.abs(cents) % 100).padStart(2, "0")}`;
const KIND_WORD: Record<string, string> = { payment: "Pago", quota: "Cuota", prize: "Premio", fine: "Multa", payout: "Reparto" };

/**
 * 'Exportar la peña': the members, the season's picks and the members' movements in the importer's
 * own formats, so importing them into an empty group gives the same standings and balances. A
 * reversed movement and its correction cancel out and are left out; the pot's own movements (a
 * ticket, a prize of the pot) touch no member's balance and are left out too.
 */
export async function exportGroup(db: Db, groupId: number): Promise<{ name: string; rows: string[][] }[]> {
  const people = await members(db, groupId);
  const nameOf = new Map(people.map((m) => [m.id, m.name]));
  const season = await seasonOf(db, groupId, null);
  const picks = season
    ? await db.query<{ number: number; username: string; matches: unknown; pleno_home: number; pleno_away: number }>(
        `select q.number, u.username, p.matches, p.pleno_home, p.pleno_away from predictions p
           join quinielas q on q.id = p.quiniela_id join users u on u.id = p.user_id
          where p.group_id = $1 and q.season_id = $2 order by q.number, u.username`,
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
    const d = new Date(m.recorded_at);
    const date = `${String(d.getUTCDate()).padStart(2, "0")}/${String(d.getUTCMonth() + 1).padStart(2, "0")}/${d.getUTCFullYear()}`;
    const row = [date, nameOf.get(m.user_id) ?? String(m.user_id), euros(m.amount_cents), KIND_WORD[m.kind] ?? m.kind, m.reference];
    // Two equal movements of one day would read as a repeated line: the second gets a numbered reference.
    const key = row.join("|");
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    if (n > 1) row[4] = `${m.reference} (${n})`.trim();
    return row;
  });
  const signs = (matches: unknown) => (Array.isArray(matches) ? matches.map((p) => (Array.isArray(p) ? p.join("") : String(p))) : []);
  return [
    { name: "miembros.csv", rows: [["Nombre", "E-mail"], ...people.map((m) => [m.name, m.email ?? ""])] },
    {
      name: "pronosticos.csv",
      rows: [
        ["Jornada", "Jugador", ...Array.from({ length: 14 }, (_, i) => `P${i + 1}`), "Pleno"],
        ...picks.map((p) => [String(p.number), p.username, ...signs(p.matches), `${p.pleno_home}-${p.pleno_away}`]),
      ],
    },
    { name: "movimientos.csv", rows: [["Fecha", "Miembro", "Importe", "Tipo", "Referencia"], ...movementRows] },
  ];
}
