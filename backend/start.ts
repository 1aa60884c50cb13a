import path from "node:path";
import { randomBytes } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import type { FastifyInstance } from "fastify";
import { buildBackend } from "./app";
import { openControlSocket, runDailyBackup } from "./backup";
import { defaultBackendConfig, type BackendConfig } from "./config";
import type { Deps } from "./context";
import { inTurn, LOCK_KEYS } from "./db/advisory";
import { openDb, type Db } from "./db/db";
import { migrate } from "./db/migrate";
import { startAutoImport } from "./services/official/schedule";
import { privateDataDir } from "./files";
import { createMailer } from "./mailer";
import { withPrivacyLine } from "./mail-footer";
import { temporaryPassword } from "./security";
import { backfillStandings } from "./services/shelf/standings-store";
import { startDigests } from "./services/mail/digest";
import { startReminders } from "./services/mail/reminders";
import { startReceiptAsks } from "./services/mail/receipt-reminders";
import { startWeekJob } from "./services/week/job";
import { startLiveRefresh } from "./services/live/refresh-job";
import { startLiveFeed } from "./services/live/feed-job";
import { createUser } from "./services/account/auth";
import { startRoundCloses } from "./services/close/close-job";
import { startRetention } from "./services/retention/job";
import { startJob } from "./jobs";

export interface BackendOptions {
  dataDir: string;
  databaseUrl?: string;
  smtpUrl?: string;
  admin?: { email: string; username: string; password: string };
  config?: Partial<BackendConfig>;
  log: (message: string) => void;
  logger?: boolean | object;
  /** The embedded database's daily copy (BACKUP_DIR, BACKUP_KEEP_DAYS, BACKUP_DAILY; decision 088); unset, none. */
  backup?: { dir: string; keepDays: number; daily: boolean };
  /** SIGTERM: how long the requests in flight and a running job get before the process exits anyway (SHUTDOWN_GRACE_SECONDS). */
  shutdownGraceMs?: number;
  /** On SIGTERM, how long the web app still serves while its /ready says 503, so a balancer that asks takes it out before it stops listening. */
  shutdownDelayMs?: number;
}

const HOUR_MS = 3_600_000;

/** Opens the database, applies migrations, makes sure an admin exists, and builds the service. */
export async function createBackend(options: BackendOptions): Promise<{ app: FastifyInstance; deps: Deps }> {
  await privateDataDir(options.dataDir);
  // The embedded database admits one process: its control socket is taken first, so a second app or
  // `npm run backup` on this DATA_DIR asks this one instead of opening the files (decision 088).
  const control = options.databaseUrl ? null : await openControlSocket(options.dataDir);
  const db = await openDb({ databaseUrl: options.databaseUrl, dataDir: options.databaseUrl ? undefined : path.join(options.dataDir, "pglite") }).catch(
    async (error: Error) => {
      await control?.close();
      throw error;
    },
  );
  try {
    return await buildOn(db, options, control);
  } catch (error) {
    await db.close();
    await control?.close();
    throw error;
  }
}

async function buildOn(db: Db, options: BackendOptions, control: Awaited<ReturnType<typeof openControlSocket>> | null) {
  // PGlite lays its first files down 0666 whatever the umask: they are made private once open.
  if (!options.databaseUrl) await privateDataDir(options.dataDir);
  const applied = await migrate(db);
  if (applied.length) options.log(`Migraciones aplicadas: ${applied.join(", ")}`);
  // Migration 010 made the stored standings; the rules that fill them are TypeScript (core/domain).
  if (applied.includes("010_standings.sql")) options.log(`Clasificaciones guardadas: ${await backfillStandings(db, new Date())}`);
  const outboxDir = path.join(options.dataDir, "outbox");
  const config = { ...defaultBackendConfig, ...options.config };
  const mailer = withPrivacyLine(createMailer({ smtpUrl: options.smtpUrl, outboxDir }), config.publicUrl);
  options.log(`Correo: ${mailer.target}`);
  if (!options.config?.linkSecret) config.linkSecret = await linkSecret(options.dataDir);
  const deps: Deps = { db, mailer, clock: () => new Date(), config, fetch };
  await ensureAdmin(deps, options);
  const app = await buildBackend(deps, { logger: options.logger });
  if (config.lotteryAutoImport) {
    const stop = startAutoImport(deps, options.log);
    app.addHook("onClose", async () => stop());
    options.log("Importación automática de Loterías: lunes y jueves desde las 09:00 (Madrid)");
  }
  // The automatic steps, each on its timer (backend/jobs.ts); each decides which instance does the work.
  const jobs = [startLiveFeed, startLiveRefresh, startReminders, startReceiptAsks, startDigests, startWeekJob, startRoundCloses].map((start) =>
    start(deps, { log: options.log }),
  );
  // The storage limitation (decision 085); the outbox is pruned even with SMTP, for the files of earlier runs.
  jobs.push(startRetention(deps, { outboxDir, log: options.log }));
  control?.serve(db);
  const backup = options.backup;
  if (control && backup?.daily) {
    let last: Awaited<ReturnType<typeof runDailyBackup>> | null = null;
    jobs.push(
      startJob({
        name: "backup",
        run: async () => {
          last = await runDailyBackup(db, backup);
          return (last.file ? 1 : 0) + last.removed.length;
        },
        firstRunMs: 60_000,
        intervalMs: HOUR_MS,
        doneLine: () => `Copia diaria: ${last?.file ?? "ya hecha hoy"}; ${last?.removed.length ?? 0} copias de más de ${backup.keepDays} días borradas`,
        failedLine: (reason) => `No se pudo hacer la copia diaria: ${reason}`,
        log: options.log,
      }),
    );
  }
  app.addHook("onClose", async () => {
    for (const stop of jobs) await stop();
    await control?.close();
    await db.close();
    if (!options.databaseUrl) await privateDataDir(options.dataDir);
  });
  return { app, deps };
}

/** Kept in DATA_DIR when none of LINK_SECRET, KIOSK_SECRET and SESSION_SECRET is set, so signed links outlive a restart (the file keeps its first name). */
async function linkSecret(dataDir: string): Promise<string> {
  const file = path.join(dataDir, "kiosk-secret");
  const stored = await readFile(file, "utf8").catch(() => "");
  if (stored.trim()) return stored.trim();
  const secret = randomBytes(32).toString("hex");
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** The first admin comes from ADMIN_*; without them, one is made with a password written to DATA_DIR. */
async function ensureAdmin(deps: Deps, options: BackendOptions) {
  // Instances starting together on one PostgreSQL take turns, so only one of them makes the admin.
  await inTurn(deps.db, LOCK_KEYS.firstAdmin, (db) => ensureAdminIn({ ...deps, db }, options));
}

async function ensureAdminIn({ db, ...deps }: Deps, options: BackendOptions) {
  const depsWithDb = { db, ...deps };
  if (options.admin) {
    const exists = await db.one("select 1 from users where lower(username) = lower($1) or lower(email) = lower($2)", [
      options.admin.username,
      options.admin.email,
    ]);
    if (!exists) {
      await createUser(depsWithDb, { ...options.admin, isAdmin: true });
      options.log(`Administrador creado: ${options.admin.username}`);
    }
    return;
  }
  if (await db.one("select 1 from users where is_admin")) return;
  const password = temporaryPassword();
  await createUser(depsWithDb, { email: "admin@quiniela.local", username: "admin", password, isAdmin: true });
  const file = path.join(options.dataDir, "admin-password.txt");
  await writeFile(file, `usuario: admin\ncontraseña: ${password}\n`, { mode: 0o600 });
  options.log(`Administrador creado: usuario "admin"; su contraseña está en ${file}`);
}

export type { Db };
