/**
 * The timer of every automatic step of the backend (reminders, digests, the week's job, the round-close
 * job, the live feed), each started by name in backend/start.ts and stopped when the service closes.
 * Which instance does the work is each step's own business (advisory locks and claim rows).
 */

import { observeJob, type JobName } from "./metrics";

export interface Job {
  /** Its name in the metrics (backend/metrics.ts): runs, failures, last success. */
  name: JobName;
  /** One run: how many things it did (mails sent, rounds closed, scores changed…). */
  run: () => Promise<number>;
  /** The first run waits this long, so it does not slow down the start (or a short-lived test backend). */
  firstRunMs: number;
  intervalMs: number;
  /** The log lines of a run that did something, and of one that failed. */
  doneLine: (done: number) => string;
  failedLine: (reason: string) => string;
  log: (message: string) => void;
}

/** Runs shortly after start and then every interval; the returned function stops it and waits for a run in progress. */
export function startJob(job: Job): () => Promise<void> {
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const run = () => {
    if (stopped) return;
    running = running.then(async () => {
      if (stopped) return;
      try {
        const done = await observeJob(job.name, job.run);
        if (done) job.log(job.doneLine(done));
      } catch (error) {
        job.log(job.failedLine(error instanceof Error ? error.message : String(error)));
      }
    });
  };
  const first = setTimeout(run, job.firstRunMs);
  const timer = setInterval(run, job.intervalMs);
  first.unref();
  timer.unref();
  return async () => {
    stopped = true;
    clearTimeout(first);
    clearInterval(timer);
    await running;
  };
}
