import { randomBytes } from "node:crypto";
import { PRIZE_EXEMPT_CENTS, PRIZE_LEVY_PERCENT } from "#core/domain/caja/prize-sharing";

export interface BackendConfig {
  publicUrl: string;
  lotteryBaseUrl: string;
  /** One call to the lottery service gives up after this long (10 s; tests shorten it). */
  lotteryTimeoutMs: number;
  /** A throttled call (406) is retried with doubling waits from this one, within 20 s in all. */
  lotteryBackoffMs: number;
  lotteryThrottleBudgetMs: number;
  /** LOTTERY_AUTO_IMPORT=1: the automatic search runs on Monday and Thursday mornings (Madrid). */
  lotteryAutoImport: boolean;
  /** With the automatic import on, how often the official steps run (next jornadas, results of imported ones, prizes): 3 h; a stand-in operator's test shortens it. */
  lotteryImportIntervalMs: number;
  /** Per IP and per account, per minute. */
  loginRateLimit: number;
  forgotRateLimit: number;
  avatarMaxBytes: number;
  tokenDays: number;
  /** Loopback addresses (the BFF) whose X-Forwarded-For is believed. */
  trustProxy: string | boolean;
  /**
   * Signs every link the app hands out (backend/services/shelf/signed-token.ts): the kiosk's and the
   * share's, the calendar feed, the digest's unsubscribe, the way out of a mail, the address proof
   * and the claim links. LINK_SECRET (KIOSK_SECRET, its old name, still read); changing it turns
   * every such link off at once.
   */
  linkSecret: string;
  /**
   * The key of the suppression list's hashes (MAIL_SUPPRESSION_SECRET, decision 086); null: the kiosk
   * secret. Every instance needs the same one, and a new one forgets every stopped address.
   */
  mailSuppressionSecret: string | null;
  /** Members who have not predicted are e-mailed when their round closes within this many hours. */
  reminderLeadHours: number;
  /** How often the week's job (each peña's standing rule) runs: a minute; the e2e run shortens it. */
  weekJobIntervalMs: number;
  /** How often the round-close job looks for closed rounds (decisions 039, 098): a minute; the e2e run shortens it. */
  roundCloseIntervalMs: number;
  /** The big prizes' levy (decision 035): the exempt amount of each prize and the rate above it. */
  prizeExemptCents: number;
  prizeLevyPercent: number;
  /** The live feed (decision 050): football-data.org v4's address, and its key (LIVE_FEED_KEY); no key, no feed. */
  liveFeedBaseUrl: string;
  liveFeedKey: string | null;
  /**
   * The mail allowances of a public instance (decision 078), counted in the database: the mails (or
   * requests that could mail) one address may get at others' request in a day and in a week, the
   * mails one account may send to others in a day across all its peñas, the mails asked from one
   * client address in a day, and the invitations one peña may send in a day.
   */
  mailPerAddressDay: number;
  mailPerAddressWeek: number;
  mailPerSenderDay: number;
  mailPerClientDay: number;
  invitationsPerGroupDay: number;
  /** Storage limitation (decision 085): the .eml files of DATA_DIR/outbox go after this many days (RETENTION_OUTBOX_DAYS). */
  retentionOutboxDays: number;
  /** A visitor's address (IP) stored beside a row is cut after this many days (RETENTION_CLIENT_ADDRESS_DAYS). */
  retentionClientAddressDays: number;
  /** What /privacidad says of who holds the data (PRIVACY_*, decision 085): the deployer's, null when unset. */
  privacy: PrivacySettings;
  /** Who may read /metrics (decision 087): a bearer token (METRICS_TOKEN), or null for this machine only. */
  metricsToken: string | null;
}

export interface PrivacySettings {
  controllerName: string | null;
  contactEmail: string | null;
  controllerAddress: string | null;
  dpoEmail: string | null;
  /** The deployer's own text (PRIVACY_TEXT_FILE, read at start), shown instead of the app's. */
  text: string | null;
  /** The mail relay's host when SMTP_URL is set: a recipient of the addresses mailed. */
  mailRelay: string | null;
}

export const defaultBackendConfig: BackendConfig = {
  publicUrl: "http://localhost:3000",
  lotteryBaseUrl: "https://www.loteriasyapuestas.es",
  lotteryTimeoutMs: 10_000,
  lotteryBackoffMs: 1_000,
  lotteryThrottleBudgetMs: 20_000,
  lotteryAutoImport: false,
  loginRateLimit: 10,
  forgotRateLimit: 5,
  avatarMaxBytes: 5 * 1024 * 1024,
  tokenDays: 30,
  trustProxy: "127.0.0.1,::1",
  // Replaced at start by LINK_SECRET (or KIOSK_SECRET), SESSION_SECRET or a secret kept in DATA_DIR (backend/start.ts).
  linkSecret: randomBytes(32).toString("hex"),
  mailSuppressionSecret: null,
  reminderLeadHours: 24,
  weekJobIntervalMs: 60_000,
  roundCloseIntervalMs: 60_000,
  lotteryImportIntervalMs: 3 * 3_600_000,
  // Ley 35/2006, disposición adicional trigésima tercera: 40.000 € exempt, 20 % above (PRIZE_EXEMPT_CENTS, PRIZE_LEVY_PERCENT).
  prizeExemptCents: PRIZE_EXEMPT_CENTS,
  prizeLevyPercent: PRIZE_LEVY_PERCENT,
  liveFeedBaseUrl: "https://api.football-data.org",
  liveFeedKey: null,
  mailPerAddressDay: 3,
  mailPerAddressWeek: 6,
  mailPerSenderDay: 40,
  mailPerClientDay: 30,
  invitationsPerGroupDay: 40,
  retentionOutboxDays: 7,
  retentionClientAddressDays: 30,
  privacy: { controllerName: null, contactEmail: null, controllerAddress: null, dpoEmail: null, text: null, mailRelay: null },
  metricsToken: null,
};
