import type { Db } from "./db";

/**
 * Every pg_advisory lock key, the same number in every instance. The first ones are one per job that
 * must run in one instance at a time; the last ones are the class of a two-key lock whose second key
 * is a group's id (pg_advisory_xact_lock(class, groupId)): one writer of that kind per group at a time.
 */
export const LOCK_KEYS = {
  /** The migrations at start (backend/db/migrate.ts). */
  migrations: 727274,
  /** "LAQU": the lottery import's scheduled run (backend/services/official/schedule.ts). */
  lotteryImport: 0x4c415155,
  /** "REMI": the reminders' run. */
  reminders: 0x52454d49,
  /** "RSGN": the run that asks for a missing resguardo (services/mail/receipt-reminders.ts). */
  receiptReminders: 0x5253474e,
  /** "DIGS": the round digests' run. */
  digests: 0x44494753,
  /** "WEEK": the peñas' standing rules for the week (backend/services/week/job.ts). */
  week: 0x5745454b,
  /** "RCLS": the round-close job's timer run (backend/services/close/close-job.ts). */
  roundCloses: 0x52434c53,
  /** "LIVE": the live feed's pass over the pools in play (backend/services/live/feed-job.ts). */
  liveFeed: 0x4c495645,
  /** "LVIE": the refresh of the playing groups' live views after a score (backend/services/live/refresh-job.ts). */
  liveViews: 0x4c564945,
  /** "RETE": the storage limitation's run (backend/services/retention/job.ts). */
  retention: 0x52455445,
  /** "ADMN": the first admin at start. */
  firstAdmin: 0x41444d4e,
  /** Per group: the stored standings' recomputation (backend/services/shelf/standings-store.ts); the triggers of migration 010 take the same. */
  standings: 1515,
  /** Per group: the caja's ledger, shared by plain writes and taken alone by balance checks (caja/ledger.ts). */
  caja: 3232,
  /** Per group: the caja's automatic charges (caja/automatic-charges.ts). */
  cajaCharges: 3233,
  /** Per group: fixing a week's stamper at the bet's confirm (caja/stamper.ts). */
  stamper: 3234,
  /** Per group: the moving-in writes (imports, past jornadas, linking a placeholder). */
  groupImport: 3838,
  /** Per account: the mails it asks for others (services/mail/policy.ts), whatever the peña. */
  mailSender: 4040,
  /** Per client address (hashtext of it): the mails asked from there. */
  mailClient: 4041,
  /** Per recipient address (hashtext of it, lower-cased): the mails it gets at others' request. */
  mailAddress: 4042,
} as const;

/**
 * Runs `job` only if no other instance on this PostgreSQL holds the lock, and returns its value;
 * `{ ran: false }` when another one does. The lock is a transaction's (pg_try_advisory_xact_lock), so it
 * goes with the transaction even if the process dies. The job writes through `db` (its own
 * connections): the transaction only holds the lock. Embedded PGlite serves one process: the job
 * just runs.
 */
export async function onceAcrossInstances<T>(db: Db, key: number, job: () => Promise<T>): Promise<{ ran: true; value: T } | { ran: false }> {
  if (db.kind !== "postgres") return { ran: true, value: await job() };
  return db.tx(async (tx) => {
    const lock = await tx.one<{ ok: boolean }>("select pg_try_advisory_xact_lock($1::bigint) as ok", [key]);
    if (!lock?.ok) return { ran: false as const };
    return { ran: true as const, value: await job() };
  });
}

/**
 * Runs `step` in one transaction that waits for the lock (pg_advisory_xact_lock): instances starting
 * together take turns, so a check-then-insert at start (the first admin) happens once. PGlite: a
 * plain transaction.
 */
export async function inTurn<T>(db: Db, key: number, step: (tx: Db) => Promise<T>): Promise<T> {
  return db.tx(async (tx) => {
    if (tx.kind === "postgres") await tx.query("select pg_advisory_xact_lock($1::bigint)", [key]);
    return step(tx);
  });
}
