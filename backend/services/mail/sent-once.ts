import type { Deps } from "../../context";
import { onceAcrossInstances } from "../../db/advisory";
import type { Mail } from "../../mailer";
import { deliver } from "./policy";

/** A mail owed to one member about one group round (the pair a `*_sent` table claims), as its query reads them. */
export interface DueMail {
  group_quiniela_id: number;
  group_id: number;
  group_name: string;
  quiniela_id: number;
  number: number;
  user_id: number;
  username: string;
  email: string;
}

/** The tables that record which member had which round's mail (one row a pair). */
export type SentTable = "reminders_sent" | "digests_sent" | "bet_mails_sent" | "receipt_reminders_sent";

/**
 * Sends each due mail at most once: its row in `table` is claimed with an insert that only one
 * caller can win, before the mail goes out (decision 017's rule), so two instances on one database
 * or a restart never send it again. A mail that fails (to compose or to send) gives its claim back
 * for the next run. A mail the mail policy holds back (its kind turned off, its address stopped:
 * decision 086) keeps its claim and is not tried again. Returns how many went out.
 */
export async function sendClaimed<T extends DueMail>(deps: Deps, table: SentTable, due: T[], compose: (due: T) => Promise<Mail> | Mail): Promise<number> {
  let sent = 0;
  for (const one of due) {
    const claimed = await deps.db.one(
      `insert into ${table} (group_quiniela_id, user_id, sent_at) values ($1, $2, $3)
       on conflict do nothing returning user_id`,
      [one.group_quiniela_id, one.user_id, deps.clock()],
    );
    if (!claimed) continue;
    try {
      if (await deliver(deps, await compose(one))) sent++;
    } catch {
      await deps.db.query(`delete from ${table} where group_quiniela_id = $1 and user_id = $2`, [one.group_quiniela_id, one.user_id]);
    }
  }
  return sent;
}

/**
 * The scheduler's run: with several instances on one PostgreSQL, only the one holding the advisory
 * lock reads and sends (the others skip this minute), so the due list is not read N times; the
 * claim still keeps each mail to one even if two runs overlapped.
 */
export async function sendOnceAcrossInstances(deps: Deps, lockKey: number, send: (deps: Deps) => Promise<number>): Promise<number> {
  const run = await onceAcrossInstances(deps.db, lockKey, () => send(deps));
  return run.ran ? run.value : 0;
}
