import type { Deps } from "../../context";
import { LOCK_KEYS, onceAcrossInstances } from "../../db/advisory";
import { syncCaja } from "../caja/automatic-charges";
import { betAtClose, betsAtClose, sendBetMails } from "../week/bet-at-close";
import { startJob } from "../../jobs";
import type { CloseScope } from "../shelf/round-change";
import { closeReasonSql, roundClosedSql } from "../rounds/closed-sql";

/**
 * The round's close as one claimed event (decision 039): a group round is closed once its close date
 * passed, the manager forced it, or its official results are complete (../rounds/closed-sql.ts).
 * Nothing here runs on a read: the job runs on a timer in every instance, and right after each write
 * that may close a round or make a charge due (a forced close, new dates, official results, a
 * confirmed bet, its escrutinio's prizes, the caja's rules), in that request, so the next page
 * already shows it. Rooms below this one ask for that through ../shelf/round-change.ts.
 *
 * Everything keyed on a round's close, in the order it happens, is listed once, in this room's
 * README ("At the close"): the week's absent picks and bet, then the caja's charges, are the steps
 * run from here (ROUND_CLOSE_STEPS, decision 098); the digest waits for the results, not the close,
 * and the live rows follow the database's versions, which a close changes like any write.
 *
 * Each round's close is claimed once across instances: a row of round_closes, inserted by whoever
 * sees it first (no sequence: a claim that loses spends nothing). The claimant runs every step, in
 * order, and keeps what they did in the row; a step that fails gives the claim back for the next
 * run. Every step is idempotent besides: run twice for one round, it does nothing new.
 *
 * Adding a step: write it in its own module as a `RoundCloseStep`, add it to ROUND_CLOSE_STEPS
 * below in the order it must run, and move its line in the README's list to "run from here".
 */
export interface ClosedRound {
  groupQuinielaId: number;
  groupId: number;
  quinielaId: number;
  reason: "date" | "forced" | "results";
}

export interface RoundCloseStep {
  /** What the round's close record says it did, before its count: "Cargos de la caja". */
  label: string;
  /** Runs once a round has closed; idempotent. Returns how many things it did (0: nothing was due). */
  run(deps: Deps, round: ClosedRound): Promise<number>;
}

/**
 * A peña with a standing rule (decision 048): the absent members' picks, then the group bet made,
 * placed and confirmed as the rule says (../week/bet-at-close.ts). First, so the caja charges the
 * ticket of the bet it made in the same close.
 */
export const weekAtClose: RoundCloseStep = { label: "Apuesta de la regla", run: (deps, round) => betAtClose(deps, round.groupQuinielaId) };

/** The caja's automatic charges (decision 032): the jornada's quotas, its ticket, its last placed's fine. */
export const cajaCharges: RoundCloseStep = { label: "Cargos de la caja", run: (deps, round) => syncCaja(deps, round.groupId) };

/** Every step of a round's close, in the order they run. */
export const ROUND_CLOSE_STEPS: RoundCloseStep[] = [weekAtClose, cajaCharges];

/**
 * Claims the rounds that have closed since the last run (of the group or the pool, if given) and
 * runs every step for each. Returns how many rounds it closed.
 */
export async function closeDueRounds(deps: Deps, scope: CloseScope = {}, steps: RoundCloseStep[] = ROUND_CLOSE_STEPS): Promise<number> {
  const { db } = deps;
  const claimed = await db.query<{ group_quiniela_id: number; group_id: number; quiniela_id: number; reason: ClosedRound["reason"] }>(
    `with claimed as (
       insert into round_closes (group_quiniela_id, closed_at, reason)
       select gq.id, $1::timestamptz, ${closeReasonSql("gq", "$1::timestamptz")}
         from group_quinielas gq
        where ${roundClosedSql("gq", "$1::timestamptz")}
          and ($2::integer is null or gq.group_id = $2::integer) and ($3::integer is null or gq.quiniela_id = $3::integer)
          and not exists (select 1 from round_closes c where c.group_quiniela_id = gq.id)
       on conflict do nothing
       returning group_quiniela_id, reason)
     select c.group_quiniela_id, gq.group_id, gq.quiniela_id, c.reason
       from claimed c join group_quinielas gq on gq.id = c.group_quiniela_id
      order by gq.close_date, gq.id`,
    [deps.clock(), scope.groupId ?? null, scope.quinielaId ?? null],
  );
  for (const row of claimed) {
    const round: ClosedRound = { groupQuinielaId: row.group_quiniela_id, groupId: row.group_id, quinielaId: row.quiniela_id, reason: row.reason };
    try {
      const done: string[] = [];
      for (const step of steps) done.push(`${step.label}: ${await step.run(deps, round)}`);
      await db.query("update round_closes set summary = $2 where group_quiniela_id = $1", [round.groupQuinielaId, done.join("; ")]);
    } catch (error) {
      await db.query("delete from round_closes where group_quiniela_id = $1", [round.groupQuinielaId]);
      throw error;
    }
  }
  return claimed.length;
}

/**
 * Right after a write that may close a round or make a charge due, in its request: the rounds it
 * closed are closed, and the caja's charges of each group it touched are written (a confirmed bet
 * or its prizes are not a close, but the ticket and the prize are due now).
 */
export async function afterRoundChange(deps: Deps, scope: CloseScope): Promise<void> {
  try {
    await closeDueRounds(deps, scope);
    const groups =
      scope.groupId !== undefined
        ? [scope.groupId]
        : (await deps.db.query<{ group_id: number }>("select distinct group_id from group_quinielas where quiniela_id = $1", [scope.quinielaId])).map(
            (r) => r.group_id,
          );
    for (const groupId of groups) await syncCaja(deps, groupId);
  } catch {
    // The write this follows has committed: its answer stands. What could not be done now is done
    // by the timer's next run (a failed step gave its claim back), which logs why if it fails again.
  }
}

/**
 * The timer's run, by one instance at a time: the rounds closed since the last run, each with every
 * step; then the sweeps: a round still owed the rule's bet (its results closed it before its close
 * date; or it closed before that step was the close's), the managers' mails of the bets made, and
 * (with `cajaSweep`) every group whose caja charges by itself, so a charge whose request failed
 * after its write is made on the next run. A group with nothing due reads a few rows and writes nothing.
 */
export async function runRoundCloses(deps: Deps, options: { cajaSweep?: boolean } = {}): Promise<number> {
  const run = await onceAcrossInstances(deps.db, LOCK_KEYS.roundCloses, async () => {
    let done = await closeDueRounds(deps);
    const owed = await betsAtClose(deps);
    done += owed;
    const groups = await deps.db.query<{ group_id: number }>(
      "select group_id from caja_rules where quota_cents > 0 or pay_ticket or last_place_fine_cents > 0 order by group_id",
    );
    if (options.cajaSweep ?? true) for (const { group_id } of groups) done += await syncCaja(deps, group_id);
    // A bet the sweep made was not charged by a close: its group's caja now, sweep or not.
    else if (owed) for (const { group_id } of groups) done += await syncCaja(deps, group_id);
    done += await sendBetMails(deps);
    return done;
  });
  return run.ran ? run.value : 0;
}

/** The first run waits a moment, so it does not slow down the start. */
export const ROUND_CLOSE_FIRST_RUN_MS = 4_000;
/** The caja's sweep over every group runs once a minute whatever the timer's interval. */
const CAJA_SWEEP_MS = 60_000;

/**
 * Runs shortly after start and then every ROUND_CLOSE_INTERVAL_MS (a minute; the e2e run shortens
 * it); the returned function stops it and waits for a run in progress.
 */
export function startRoundCloses(deps: Deps, options: { log: (message: string) => void }): () => Promise<void> {
  let lastSweep = -Infinity;
  return startJob({
    name: "round-close",
    run: () => {
      const cajaSweep = Date.now() - lastSweep >= CAJA_SWEEP_MS;
      if (cajaSweep) lastSweep = Date.now();
      return runRoundCloses(deps, { cajaSweep });
    },
    firstRunMs: Math.min(ROUND_CLOSE_FIRST_RUN_MS, deps.config.roundCloseIntervalMs),
    intervalMs: deps.config.roundCloseIntervalMs,
    doneLine: (done) => `Cierres de jornada, apuestas de la regla y cargos de la caja: ${done}`,
    failedLine: (reason) => `No se pudo cerrar una jornada: ${reason}`,
    log: options.log,
  });
}
