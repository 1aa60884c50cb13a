import type { Deps } from "../../context";
import type { Mail } from "../../mailer";
import { processLog } from "../../log";
import { mailWaiting } from "../../metrics";
import { deliver } from "./policy";

/**
 * The mails a stranger's request causes (a sign-up's, a reset's, a claim link), sent after the
 * answer (decision 078): the answer, and the time it takes, are the same whether the address is an
 * account's, a placeholder's or nobody's, because what tells them apart (which mail, if any) is
 * worked out here, once the request has been answered. `compose` runs then, reads the database and
 * returns the mail, or null when there is none to send (a reset for an address with no account).
 *
 * The queue is the process's own: a mail that fails is tried again twice, a few seconds apart, and
 * then dropped with a log line; a process that dies with mails in the queue loses them, and the
 * person asks again (every one of these mails is one a person asks for with a form). Mails that
 * must not be lost (an invitation, an admin's temporary password) are sent in their own request.
 */

const pending = new Set<Promise<void>>();
mailWaiting(() => pending.size);
const RETRY_MS = [2_000, 8_000];

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref?.());

/** Queues one mail; returns at once. */
export function mailLater(
  deps: Pick<Deps, "mailer" | "db" | "config">,
  compose: () => Promise<Mail | null>,
  log: (line: string) => void = (line) => processLog().warn(line),
): void {
  const job = (async () => {
    // After the answer: the caller's reply is on its way before any of this runs.
    await new Promise((resolve) => setImmediate(resolve));
    let mail: Mail | null;
    try {
      mail = await compose();
    } catch (error) {
      log(`No se pudo preparar un correo: ${(error as Error).message}`);
      return;
    }
    if (!mail) return;
    for (let attempt = 0; ; attempt++) {
      try {
        await deliver(deps, mail);
        return;
      } catch (error) {
        if (attempt >= RETRY_MS.length) {
          log(`No se pudo enviar un correo a ${mail.to}: ${(error as Error).message}`);
          return;
        }
        await pause(RETRY_MS[attempt]);
      }
    }
  })();
  pending.add(job);
  void job.finally(() => pending.delete(job));
}

/** Waits until every queued mail has gone (or failed for good): the service's close, and the tests. */
export async function outboxSettled(): Promise<void> {
  while (pending.size > 0) await Promise.all([...pending]);
}
