import { readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { LOG_LEVELS, type LogLevel } from "#core/log-privacy";
import type { BackendOptions } from "./start";

/** A retention period: whole days, from 1 to ten years. */
const days = (name: string) =>
  z.coerce
    .number({ invalid_type_error: `${name} debe ser un número de días` })
    .int(`${name} debe ser un número entero de días`)
    .min(1, `${name} debe ser de al menos 1 día`)
    .max(3650, `${name} debe ser de 3650 días como mucho`)
    .optional();

const schema = z
  .object({
    DATA_DIR: z.string().default("./data"),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "DATABASE_URL debe empezar por postgres://")
      .optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, "SMTP_URL debe empezar por smtp:// o smtps://")
      .optional(),
    PUBLIC_URL: z.string().url("PUBLIC_URL debe ser una URL completa (http://… o https://…)").optional(),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    LOTTERY_BASE_URL: z.string().url().optional(),
    LOTTERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).optional(),
    LOTTERY_BACKOFF_MS: z.coerce.number().int().min(0).max(10_000).optional(),
    LOTTERY_THROTTLE_BUDGET_MS: z.coerce.number().int().min(0).max(20_000).optional(),
    LOTTERY_AUTO_IMPORT: z.enum(["0", "1"], { message: "LOTTERY_AUTO_IMPORT es 1 o 0" }).optional(),
    ADMIN_EMAIL: z.string().email("ADMIN_EMAIL no es un email válido").optional(),
    ADMIN_USERNAME: z.string().min(3).optional(),
    ADMIN_PASSWORD: z.string().optional(),
    RATE_LIMIT_LOGIN: z.coerce.number().int().positive().optional(),
    LINK_SECRET: z.string().min(16, "LINK_SECRET debe tener al menos 16 caracteres").optional(),
    // The old name of LINK_SECRET, still read when LINK_SECRET is not set (docs/operations.md).
    KIOSK_SECRET: z.string().min(16, "KIOSK_SECRET debe tener al menos 16 caracteres").optional(),
    MAIL_SUPPRESSION_SECRET: z.string().min(16, "MAIL_SUPPRESSION_SECRET debe tener al menos 16 caracteres").optional(),
    SESSION_SECRET: z.string().optional(),
    REMINDER_LEAD_HOURS: z.coerce
      .number({ invalid_type_error: "REMINDER_LEAD_HOURS debe ser un número de horas" })
      .positive("REMINDER_LEAD_HOURS debe ser mayor que 0")
      .max(24 * 14)
      .optional(),
    WEEK_JOB_INTERVAL_MS: z.coerce
      .number({ invalid_type_error: "WEEK_JOB_INTERVAL_MS debe ser un número de milisegundos" })
      .int()
      .min(500, "WEEK_JOB_INTERVAL_MS debe ser de al menos 500")
      .max(3_600_000)
      .optional(),
    ROUND_CLOSE_INTERVAL_MS: z.coerce
      .number({ invalid_type_error: "ROUND_CLOSE_INTERVAL_MS debe ser un número de milisegundos" })
      .int()
      .min(500, "ROUND_CLOSE_INTERVAL_MS debe ser de al menos 500")
      .max(3_600_000)
      .optional(),
    LOTTERY_IMPORT_INTERVAL_MS: z.coerce
      .number({ invalid_type_error: "LOTTERY_IMPORT_INTERVAL_MS debe ser un número de milisegundos" })
      .int()
      .min(500, "LOTTERY_IMPORT_INTERVAL_MS debe ser de al menos 500")
      .max(24 * 3_600_000, "LOTTERY_IMPORT_INTERVAL_MS debe ser de un día como mucho")
      .optional(),
    TRUST_PROXY: z.string().optional(),
    PRIZE_EXEMPT_CENTS: z.coerce.number().int().min(0, "PRIZE_EXEMPT_CENTS es un número de céntimos").max(1e12).optional(),
    PRIZE_LEVY_PERCENT: z.coerce.number().int().min(0).max(100, "PRIZE_LEVY_PERCENT es un porcentaje entero de 0 a 100").optional(),
    LIVE_FEED_KEY: z.string().min(1).optional(),
    LIVE_FEED_BASE_URL: z.string().url().optional(),
    MAIL_PER_ADDRESS_DAY: z.coerce.number().int().min(1, "MAIL_PER_ADDRESS_DAY debe ser al menos 1").max(1000).optional(),
    MAIL_PER_ADDRESS_WEEK: z.coerce.number().int().min(1, "MAIL_PER_ADDRESS_WEEK debe ser al menos 1").max(10_000).optional(),
    MAIL_PER_SENDER_DAY: z.coerce.number().int().min(1, "MAIL_PER_SENDER_DAY debe ser al menos 1").max(100_000).optional(),
    MAIL_PER_CLIENT_DAY: z.coerce.number().int().min(1, "MAIL_PER_CLIENT_DAY debe ser al menos 1").max(100_000).optional(),
    INVITATIONS_PER_GROUP_DAY: z.coerce.number().int().min(1, "INVITATIONS_PER_GROUP_DAY debe ser al menos 1").max(100_000).optional(),
    RETENTION_OUTBOX_DAYS: days("RETENTION_OUTBOX_DAYS"),
    RETENTION_CLIENT_ADDRESS_DAYS: days("RETENTION_CLIENT_ADDRESS_DAYS"),
    PRIVACY_CONTROLLER_NAME: z.string().trim().min(1).max(200, "PRIVACY_CONTROLLER_NAME es un nombre de 200 caracteres como mucho").optional(),
    PRIVACY_CONTACT_EMAIL: z.string().trim().email("PRIVACY_CONTACT_EMAIL no es un email válido").optional(),
    PRIVACY_CONTROLLER_ADDRESS: z.string().trim().min(1).max(300, "PRIVACY_CONTROLLER_ADDRESS es una dirección de 300 caracteres como mucho").optional(),
    PRIVACY_DPO_EMAIL: z.string().trim().email("PRIVACY_DPO_EMAIL no es un email válido").optional(),
    PRIVACY_TEXT_FILE: z.string().optional(),
    BACKUP_DIR: z.string().default("./backups"),
    BACKUP_KEEP_DAYS: days("BACKUP_KEEP_DAYS"),
    BACKUP_DAILY: z.enum(["0", "1"], { message: "BACKUP_DAILY es 1 o 0" }).optional(),
    SHUTDOWN_GRACE_SECONDS: z.coerce
      .number({ invalid_type_error: "SHUTDOWN_GRACE_SECONDS debe ser un número de segundos" })
      .int("SHUTDOWN_GRACE_SECONDS debe ser un número entero de segundos")
      .min(1, "SHUTDOWN_GRACE_SECONDS debe ser de al menos 1 segundo")
      .max(600, "SHUTDOWN_GRACE_SECONDS debe ser de 600 segundos como mucho")
      .optional(),
    SHUTDOWN_DELAY_SECONDS: z.coerce
      .number({ invalid_type_error: "SHUTDOWN_DELAY_SECONDS debe ser un número de segundos" })
      .int("SHUTDOWN_DELAY_SECONDS debe ser un número entero de segundos")
      .min(0, "SHUTDOWN_DELAY_SECONDS no puede ser negativo")
      .max(120, "SHUTDOWN_DELAY_SECONDS debe ser de 120 segundos como mucho")
      .optional(),
    LOG_LEVEL: z.enum(LOG_LEVELS, { message: `LOG_LEVEL es uno de ${LOG_LEVELS.join(", ")}` }).optional(),
    METRICS_TOKEN: z.string().min(16, "METRICS_TOKEN debe tener al menos 16 caracteres").optional(),
  })
  .refine(
    (e) => [e.ADMIN_EMAIL, e.ADMIN_USERNAME, e.ADMIN_PASSWORD].every((v) => v === undefined) || (e.ADMIN_EMAIL && e.ADMIN_USERNAME && e.ADMIN_PASSWORD),
    "ADMIN_EMAIL, ADMIN_USERNAME y ADMIN_PASSWORD van juntos: indica los tres o ninguno",
  );

/**
 * TRUST_PROXY, as Express and Fastify read it: unset or "false", no proxy (the socket's address is
 * the visitor's); "true", any; a number, that many hops; otherwise a comma-separated list of
 * addresses, CIDR ranges or the words loopback, linklocal, uniquelocal.
 */
export function trustProxySetting(value: string | undefined): boolean | number | string {
  const v = (value ?? "").trim();
  if (!v || v === "false") return false;
  if (v === "true") return true;
  if (/^\d+$/.test(v)) return Number(v);
  return v;
}

/** LOG_LEVEL as the loggers take it, before the other settings are read: info when unset (a bad value stops the start below). */
export function logLevelOf(env: NodeJS.ProcessEnv): LogLevel {
  const level = env.LOG_LEVEL as LogLevel | undefined;
  return level && LOG_LEVELS.includes(level) ? level : "info";
}

/** Reads the backend's settings (docs/architecture.md#configuration) once; a bad value stops the start with a clear line. */
export function backendOptionsFromEnv(env: NodeJS.ProcessEnv, log: (m: string) => void): BackendOptions {
  const parsed = schema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== "")));
  if (!parsed.success) {
    throw new Error(`Configuración no válida: ${parsed.error.issues.map((i) => `${i.path.join(".") || "entorno"}: ${i.message}`).join("; ")}`);
  }
  const e = parsed.data;
  const privacyText = e.PRIVACY_TEXT_FILE ? readPrivacyText(e.PRIVACY_TEXT_FILE) : null;
  return {
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    admin: e.ADMIN_EMAIL ? { email: e.ADMIN_EMAIL, username: e.ADMIN_USERNAME!, password: e.ADMIN_PASSWORD! } : undefined,
    config: {
      publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
      ...(e.LOTTERY_BASE_URL ? { lotteryBaseUrl: e.LOTTERY_BASE_URL } : {}),
      ...(e.LOTTERY_TIMEOUT_MS ? { lotteryTimeoutMs: e.LOTTERY_TIMEOUT_MS } : {}),
      ...(e.LOTTERY_BACKOFF_MS !== undefined ? { lotteryBackoffMs: e.LOTTERY_BACKOFF_MS } : {}),
      ...(e.LOTTERY_THROTTLE_BUDGET_MS !== undefined ? { lotteryThrottleBudgetMs: e.LOTTERY_THROTTLE_BUDGET_MS } : {}),
      ...(e.LOTTERY_AUTO_IMPORT === "1" ? { lotteryAutoImport: true } : {}),
      ...(e.RATE_LIMIT_LOGIN ? { loginRateLimit: e.RATE_LIMIT_LOGIN, forgotRateLimit: e.RATE_LIMIT_LOGIN } : {}),
      ...(e.REMINDER_LEAD_HOURS ? { reminderLeadHours: e.REMINDER_LEAD_HOURS } : {}),
      ...(e.WEEK_JOB_INTERVAL_MS ? { weekJobIntervalMs: e.WEEK_JOB_INTERVAL_MS } : {}),
      ...(e.ROUND_CLOSE_INTERVAL_MS ? { roundCloseIntervalMs: e.ROUND_CLOSE_INTERVAL_MS } : {}),
      ...(e.LOTTERY_IMPORT_INTERVAL_MS ? { lotteryImportIntervalMs: e.LOTTERY_IMPORT_INTERVAL_MS } : {}),
      ...(e.PRIZE_EXEMPT_CENTS !== undefined ? { prizeExemptCents: e.PRIZE_EXEMPT_CENTS } : {}),
      ...(e.PRIZE_LEVY_PERCENT !== undefined ? { prizeLevyPercent: e.PRIZE_LEVY_PERCENT } : {}),
      ...(e.LIVE_FEED_KEY ? { liveFeedKey: e.LIVE_FEED_KEY } : {}),
      ...(e.LIVE_FEED_BASE_URL ? { liveFeedBaseUrl: e.LIVE_FEED_BASE_URL } : {}),
      ...(e.MAIL_PER_ADDRESS_DAY ? { mailPerAddressDay: e.MAIL_PER_ADDRESS_DAY } : {}),
      ...(e.MAIL_PER_ADDRESS_WEEK ? { mailPerAddressWeek: e.MAIL_PER_ADDRESS_WEEK } : {}),
      ...(e.MAIL_PER_SENDER_DAY ? { mailPerSenderDay: e.MAIL_PER_SENDER_DAY } : {}),
      ...(e.MAIL_PER_CLIENT_DAY ? { mailPerClientDay: e.MAIL_PER_CLIENT_DAY } : {}),
      ...(e.INVITATIONS_PER_GROUP_DAY ? { invitationsPerGroupDay: e.INVITATIONS_PER_GROUP_DAY } : {}),
      // The backend always believes the BFF on its loopback; a list in TRUST_PROXY adds the BFFs of a split deployment.
      ...(typeof trustProxySetting(e.TRUST_PROXY) === "string" ? { trustProxy: `127.0.0.1,::1,${trustProxySetting(e.TRUST_PROXY)}` } : {}),
      ...(e.RETENTION_OUTBOX_DAYS ? { retentionOutboxDays: e.RETENTION_OUTBOX_DAYS } : {}),
      ...(e.RETENTION_CLIENT_ADDRESS_DAYS ? { retentionClientAddressDays: e.RETENTION_CLIENT_ADDRESS_DAYS } : {}),
      privacy: {
        controllerName: e.PRIVACY_CONTROLLER_NAME ?? null,
        contactEmail: e.PRIVACY_CONTACT_EMAIL ?? null,
        controllerAddress: e.PRIVACY_CONTROLLER_ADDRESS ?? null,
        dpoEmail: e.PRIVACY_DPO_EMAIL ?? null,
        text: privacyText,
        mailRelay: e.SMTP_URL ? new URL(e.SMTP_URL).hostname : null,
      },
      metricsToken: e.METRICS_TOKEN ?? null,
      ...(e.MAIL_SUPPRESSION_SECRET ? { mailSuppressionSecret: e.MAIL_SUPPRESSION_SECRET } : {}),
      ...(e.LINK_SECRET || e.KIOSK_SECRET || e.SESSION_SECRET ? { linkSecret: e.LINK_SECRET ?? e.KIOSK_SECRET ?? e.SESSION_SECRET!.split(",")[0].trim() } : {}),
    },
    // The embedded database copies itself once a day unless BACKUP_DAILY=0 (decision 088); PostgreSQL is pg_dump's.
    backup: { dir: path.resolve(e.BACKUP_DIR), keepDays: e.BACKUP_KEEP_DAYS ?? 14, daily: e.BACKUP_DAILY !== "0" },
    shutdownGraceMs: (e.SHUTDOWN_GRACE_SECONDS ?? 15) * 1000,
    shutdownDelayMs: (e.SHUTDOWN_DELAY_SECONDS ?? 0) * 1000,
    log,
  };
}

/** PRIVACY_TEXT_FILE: the deployer's notice, read once at start; a file that cannot be read stops the start. */
function readPrivacyText(file: string): string {
  let text: string;
  try {
    text = readFileSync(path.resolve(file), "utf8");
  } catch (error) {
    throw new Error(`Configuración no válida: PRIVACY_TEXT_FILE: no se puede leer ${file} (${(error as NodeJS.ErrnoException).code ?? "error"})`);
  }
  if (!text.trim()) throw new Error(`Configuración no válida: PRIVACY_TEXT_FILE: ${file} está vacío`);
  if (text.length > 100_000) throw new Error(`Configuración no válida: PRIVACY_TEXT_FILE: ${file} pasa de 100.000 caracteres`);
  return text;
}
