import { formatDateTime } from "#core/dates";
import type { Deps } from "../../context";
import { LOCK_KEYS } from "../../db/advisory";
import { startJob } from "../../jobs";
import { stamper } from "../bet/stamper";
import { admitMailAlone } from "./policy";
import { sendClaimed, sendOnceAcrossInstances, type DueMail } from "./sent-once";

/** How long before the first match (its official start, or the pool's close when unknown: decision 093) a missing resguardo is asked for (decision 090). */
export const RECEIPT_ASK_BEFORE_MS = 2 * 3_600_000;
const INTERVAL_MS = 60_000;

interface DueAsk extends DueMail {
  first_match_at: Date | string;
  /** Asked as the week's stamper, or as a manager because no one stamps. */
  as: "stamper" | "manager";
}

interface Candidate {
  group_quiniela_id: number;
  group_id: number;
  group_name: string;
  quiniela_id: number;
  number: number;
  first_match_at: Date | string;
}

interface Person {
  user_id: number;
  username: string;
  email: string;
  role_id: number;
}

/**
 * Who is asked now: jornadas whose group bet exists, with no photo of its ticket, whose first match
 * (its official start, or the pool's close when the operator gave none: decision 093) is within two
 * hours and has not started. The one asked is the week's stamper (the rota's turn, decision 065),
 * or every manager when nobody stamps (no one's turn, or the turn of someone who has left or has no
 * account of their own). Each one is asked once.
 */
async function dueAsks(deps: Deps): Promise<DueAsk[]> {
  const now = deps.clock();
  const rounds = await deps.db.query<Candidate>(
    `select * from (
     select gq.id as group_quiniela_id, gq.group_id, g.name as group_name, gq.quiniela_id, q.number, first_match_at(q.id) as first_match_at
       from group_quinielas gq join groups g on g.id = gq.group_id join quinielas q on q.id = gq.quiniela_id
      where exists (select 1 from bets b where b.group_id = gq.group_id and b.quiniela_id = gq.quiniela_id)
        and not exists (select 1 from ticket_receipts r where r.group_id = gq.group_id and r.quiniela_id = gq.quiniela_id)
     ) due where first_match_at > $1 and first_match_at <= $2
      order by first_match_at, group_quiniela_id`,
    [now, new Date(now.getTime() + RECEIPT_ASK_BEFORE_MS)],
  );
  const due: DueAsk[] = [];
  for (const round of rounds) {
    const people = await deps.db.query<Person>(
      `select u.id as user_id, coalesce(m.display_name, u.username) as username, u.email, m.role_id
         from group_members m join users u on u.id = m.user_id
        where m.group_id = $1 and m.removed_at is null and not u.placeholder and u.deleted_at is null
          and not exists (select 1 from receipt_reminders_sent s where s.group_quiniela_id = $2 and s.user_id = u.id)`,
      [round.group_id, round.group_quiniela_id],
    );
    const turn = (await stamper(deps, round.group_id, round.quiniela_id)).current;
    const asked = await deps.db.one("select 1 from receipt_reminders_sent where group_quiniela_id = $1 and user_id = $2", [
      round.group_quiniela_id,
      turn?.userId ?? 0,
    ]);
    if (asked) continue;
    const stamps = people.filter((p) => p.user_id === turn?.userId);
    const as = stamps.length ? "stamper" : "manager";
    for (const p of stamps.length ? stamps : people.filter((x) => x.role_id === 2)) due.push({ ...round, ...p, as });
  }
  return due;
}

function askText(deps: Deps, due: DueAsk) {
  const base = deps.config.publicUrl.replace(/\/$/, "");
  return [
    `Hola, ${due.username}:`,
    "",
    `El primer partido de la jornada ${due.number} empieza el ${formatDateTime(due.first_match_at)} (hora de Madrid) y ${due.group_name} todavía no tiene la foto del boleto sellado (el resguardo).`,
    "",
    "Cuando lo selles, haz una foto y súbela aquí, para que todos los miembros la vean antes de los partidos:",
    `${base}/grupo/${due.group_id}/quiniela-grupal?quiniela=${due.quiniela_id}#resguardo`,
    "",
    "Te llega este aviso porque esta semana te toca sellar (o eres gestor del grupo y no hay a quién le toque).",
  ].join("\n");
}

/**
 * Sends each ask at most once, claimed in receipt_reminders_sent before it goes (decision 017),
 * and admitted by the mail policy (decision 078), which counts it against the address's allowance:
 * a refusal gives the claim back for the next run.
 */
export async function sendDueReceiptAsks(deps: Deps): Promise<number> {
  return sendClaimed(deps, "receipt_reminders_sent", await dueAsks(deps), async (due) => {
    await admitMailAlone(deps, { route: "receipt", to: due.email });
    return {
      to: due.email,
      subject: `Quiniela de peñas: falta el resguardo de la jornada ${due.number} de ${due.group_name}`,
      text: askText(deps, due),
      // The stamper's ask is a reminder; a manager's, asked when no one stamps, a manager's notice (decision 086).
      wayOut: { userId: due.user_id, kind: due.as === "manager" ? "manager" : "alerts" },
    };
  });
}

/** With several instances on one PostgreSQL, only the one holding the lock reads and sends this minute. */
export const sendDueReceiptAsksOnce = (deps: Deps) => sendOnceAcrossInstances(deps, LOCK_KEYS.receiptReminders, sendDueReceiptAsks);

export function startReceiptAsks(deps: Deps, options: { intervalMs?: number; log: (message: string) => void }): () => Promise<void> {
  return startJob({
    name: "receipt-asks",
    run: () => sendDueReceiptAsksOnce(deps),
    firstRunMs: 7_000,
    intervalMs: options.intervalMs ?? INTERVAL_MS,
    doneLine: (sent) => `Avisos de resguardo enviados: ${sent}`,
    failedLine: (reason) => `No se pudieron enviar los avisos de resguardo: ${reason}`,
    log: options.log,
  });
}
