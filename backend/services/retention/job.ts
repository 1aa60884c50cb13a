import { readdir, stat, unlink } from "node:fs/promises";
import path from "node:path";
import type { Deps } from "../../context";
import { LOCK_KEYS, onceAcrossInstances } from "../../db/advisory";
import { startJob } from "../../jobs";
import { draftCutoff } from "../moving-in/drafts";
import { MAIL_REQUESTS_KEPT_MS } from "../mail/policy";

const DAY_MS = 86_400_000;

/** A column holding a visitor's address (IP) and the column dating its row: the mail policy's `mail_requests.client` (decision 078). */
export interface ClientAddressColumn {
  table: string;
  column: string;
  at: string;
}

export const CLIENT_ADDRESS_COLUMNS: readonly ClientAddressColumn[] = [{ table: "mail_requests", column: "client", at: "at" }];

/** What one run removed, each count of its own kind. */
export interface RetentionRun {
  outboxFiles: number;
  clientAddresses: number;
  sessions: number;
  resetLinks: number;
  drafts: number;
  /** The mail policy's requests older than any allowance reads (each names an address). */
  mailRequests: number;
}

export const total = (run: RetentionRun) => run.outboxFiles + run.clientAddresses + run.sessions + run.resetLinks + run.drafts + run.mailRequests;

/** The run's one log line. */
export const retentionLine = (run: RetentionRun) =>
  `Conservación de datos: ${run.outboxFiles} correos .eml borrados, ${run.clientAddresses} direcciones IP quitadas, ` +
  `${run.sessions} sesiones caducadas, ${run.resetLinks} enlaces de contraseña caducados ${run.drafts} borradores de importación caducados y ${run.mailRequests} peticiones de correo antiguas`;

/**
 * One pass of the storage limitation (decision 085): what is past its period goes. Idempotent (a
 * second pass finds nothing more), and the database part runs on one instance at a time; the outbox
 * is each instance's own DATA_DIR, and a file already gone is not an error.
 */
export async function runRetention(
  deps: Deps,
  options: { outboxDir: string | null; clientAddressColumns?: readonly ClientAddressColumn[] },
): Promise<RetentionRun> {
  const now = deps.clock();
  const { config } = deps;
  const outboxFiles = options.outboxDir ? await pruneOutbox(options.outboxDir, new Date(now.getTime() - config.retentionOutboxDays * DAY_MS)) : 0;
  const stored = await onceAcrossInstances(deps.db, LOCK_KEYS.retention, async () => {
    const cutoff = new Date(now.getTime() - config.retentionClientAddressDays * DAY_MS);
    let clientAddresses = 0;
    for (const c of options.clientAddressColumns ?? CLIENT_ADDRESS_COLUMNS) {
      // Names from the list above, never from input.
      const cut = await deps.db.query<{ one: number }>(
        `update ${c.table} set ${c.column} = null where ${c.column} is not null and ${c.at} < $1 returning 1 as one`,
        [cutoff],
      );
      clientAddresses += cut.length;
    }
    const sessions = await deps.db.query("delete from auth_tokens where expires_at <= $1 returning 1 as one", [now]);
    const resetLinks = await deps.db.query("delete from password_resets where expires_at <= $1 returning 1 as one", [now]);
    // A draft is unreadable a day after its upload; until now it stayed until the next upload.
    const drafts = await deps.db.query("delete from import_drafts where created_at < $1 returning 1 as one", [draftCutoff(now)]);
    const mailRequests = await deps.db.query("delete from mail_requests where at < $1 returning 1 as one", [new Date(now.getTime() - MAIL_REQUESTS_KEPT_MS)]);
    return { clientAddresses, sessions: sessions.length, resetLinks: resetLinks.length, drafts: drafts.length, mailRequests: mailRequests.length };
  });
  const none = { clientAddresses: 0, sessions: 0, resetLinks: 0, drafts: 0, mailRequests: 0 };
  return { outboxFiles, ...(stored.ran ? stored.value : none) };
}

/** Removes the outbox's .eml files last written before `cutoff`; returns how many went. */
async function pruneOutbox(dir: string, cutoff: Date): Promise<number> {
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [] as string[];
    throw error;
  });
  let removed = 0;
  for (const name of names) {
    if (!name.endsWith(".eml")) continue;
    const file = path.join(dir, name);
    try {
      if ((await stat(file)).mtime >= cutoff) continue;
      await unlink(file);
      removed++;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
  return removed;
}

/** Hourly: nothing in it is urgent, and every statement is small. */
const RETENTION_INTERVAL_MS = 3_600_000;
export const RETENTION_FIRST_RUN_MS = 30_000;

/** Runs shortly after start and then every hour; the returned function stops it and waits for a run in progress. */
export function startRetention(deps: Deps, options: { outboxDir: string | null; log: (message: string) => void }): () => Promise<void> {
  let last: RetentionRun | null = null;
  return startJob({
    name: "retention",
    run: async () => {
      last = await runRetention(deps, options);
      return total(last);
    },
    firstRunMs: RETENTION_FIRST_RUN_MS,
    intervalMs: RETENTION_INTERVAL_MS,
    doneLine: () => (last ? retentionLine(last) : ""),
    failedLine: (reason) => `No se pudo aplicar la conservación de datos: ${reason}`,
    log: options.log,
  });
}
