import { formatDateTime } from "#core/dates";
import type { Deps } from "../../context";
import { LOCK_KEYS } from "../../db/advisory";
import { officialResultsSql } from "../rounds/closed-sql";
import { sendClaimed, sendOnceAcrossInstances, type DueMail } from "./sent-once";
import { startJob } from "../../jobs";
import { groupNamesOf, whyWeWrite } from "./first-mail";

const HOUR_MS = 3_600_000;
const REMINDER_INTERVAL_MS = 60_000;

interface DueReminder extends DueMail {
  close_date: Date | string;
  placeholder: boolean;
}

/**
 * Members who should be reminded now: the group round is open and closes within the lead time (a
 * pool with official results takes no prediction, whatever its dates: decision 015),
 * they are in the group, want reminders, are not blocked in that round, have not predicted it and
 * have not been reminded of it yet.
 */
async function dueReminders({ db, clock, config }: Deps): Promise<DueReminder[]> {
  const now = clock();
  const until = new Date(now.getTime() + config.reminderLeadHours * HOUR_MS);
  return db.query<DueReminder>(
    `select gq.id as group_quiniela_id, gq.group_id, g.name as group_name, gq.quiniela_id, q.number, gq.close_date,
            u.id as user_id, u.username, u.email, u.placeholder
       from group_quinielas gq
       join groups g on g.id = gq.group_id
       join quinielas q on q.id = gq.quiniela_id
       join group_members m on m.group_id = gq.group_id and m.removed_at is null
       join users u on u.id = m.user_id and u.send_alert
      where not gq.force_closed and gq.open_date <= $1 and gq.close_date > $1 and gq.close_date <= $2
        and not ${officialResultsSql("gq.quiniela_id")}
        and not exists (select 1 from predictions p where p.group_id = gq.group_id and p.quiniela_id = gq.quiniela_id and p.user_id = u.id)
        and not exists (select 1 from group_quiniela_blocks b where b.group_quiniela_id = gq.id and b.user_id = u.id)
        and not exists (select 1 from reminders_sent r where r.group_quiniela_id = gq.id and r.user_id = u.id)
      order by gq.close_date, gq.id, u.id`,
    [now, until],
  );
}

async function reminderText(deps: Deps, due: DueReminder) {
  const link = `${deps.config.publicUrl.replace(/\/$/, "")}/grupo/${due.group_id}/predictions?quiniela=${due.quiniela_id}`;
  return [
    `Hola, ${due.username}:`,
    "",
    `La jornada ${due.number} de ${due.group_name} cierra el ${formatDateTime(due.close_date)} (hora de Madrid) y todavía no has enviado tu pronóstico.`,
    "",
    "Puedes hacerlo aquí:",
    link,
    "",
    // A member without an account has no profile: it may be the first mail to the address, which says who gave it (decision 086).
    ...(due.placeholder
      ? whyWeWrite(deps.config, await groupNamesOf(deps.db, due.user_id))
      : [`Si no quieres recibir estos avisos, desactívalos en tu perfil: ${deps.config.publicUrl.replace(/\/$/, "")}/perfil`]),
  ].join("\n");
}

/** Sends the reminders that are due, each at most once (claimed in reminders_sent). Returns how many were sent. */
export async function sendDueReminders(deps: Deps): Promise<number> {
  return sendClaimed(deps, "reminders_sent", await dueReminders(deps), async (due) => ({
    to: due.email,
    subject: `Quiniela de peñas: la jornada ${due.number} cierra pronto`,
    text: await reminderText(deps, due),
    wayOut: { userId: due.user_id, kind: "alerts" },
  }));
}

/** The scheduler's run: only one instance on a shared PostgreSQL reads and sends it. */
export async function sendDueRemindersOnce(deps: Deps): Promise<number> {
  return sendOnceAcrossInstances(deps, LOCK_KEYS.reminders, sendDueReminders);
}

/** The first run waits a moment, so it does not slow down the start (or a short-lived test backend). */
export const REMINDER_FIRST_RUN_MS = 5_000;

/** Runs shortly after start and then every minute; the returned function stops it and waits for a run in progress. */
export function startReminders(deps: Deps, options: { intervalMs?: number; log: (message: string) => void }): () => Promise<void> {
  return startJob({
    name: "reminders",
    run: () => sendDueRemindersOnce(deps),
    firstRunMs: REMINDER_FIRST_RUN_MS,
    intervalMs: options.intervalMs ?? REMINDER_INTERVAL_MS,
    doneLine: (sent) => `Recordatorios enviados: ${sent}`,
    failedLine: (reason) => `No se pudieron enviar los recordatorios: ${reason}`,
    log: options.log,
  });
}
