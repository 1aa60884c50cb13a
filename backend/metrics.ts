// What the process tells a monitoring system (decision 087): one registry per process, read at
// /metrics by the backend and, under `npm start`, by the web app on its own port. Prometheus's
// conventions: base units (seconds), counters end in _total, labels bounded (a route's pattern,
// never its URL; a job's name; a reason from a fixed list).
import { timingSafeEqual } from "node:crypto";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

export const registry = new Registry();
collectDefaultMetrics({ register: registry });
// prom-client names three gauges as counters (…_total), which promtool's lint refuses: they go.
for (const name of ["nodejs_active_handles_total", "nodejs_active_requests_total", "nodejs_active_resources_total"]) registry.removeSingleMetric(name);

/** Every answer of both programs: `server` is web (the BFF's port) or api (the backend's routes). */
export const httpDuration = new Histogram({
  name: "http_request_duration_seconds",
  help: "Tiempo de cada respuesta HTTP, por programa, método, ruta (su patrón) y código",
  labelNames: ["server", "method", "route", "status_code"] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

/** A request's method as a bounded label: the ones HTTP names, anything else "other". */
export const methodLabel = (method: string | undefined) => (/^(GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS)$/.test(method ?? "") ? (method as string) : "other");

const jobRuns = new Counter({
  name: "job_runs_total",
  help: "Pasadas de cada paso automático (terminadas o fallidas)",
  labelNames: ["job"] as const,
  registers: [registry],
});
const jobFailures = new Counter({
  name: "job_failures_total",
  help: "Pasadas fallidas de cada paso automático",
  labelNames: ["job"] as const,
  registers: [registry],
});
const jobLastSuccess = new Gauge({
  name: "job_last_success_timestamp_seconds",
  help: "Cuándo terminó bien la última pasada de cada paso automático (segundos desde 1970)",
  labelNames: ["job"] as const,
  registers: [registry],
});
const jobDuration = new Histogram({
  name: "job_duration_seconds",
  help: "Duración de cada pasada de un paso automático",
  labelNames: ["job"] as const,
  buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300],
  registers: [registry],
});

/** The automatic steps by name: every one is a label from the start, so an alert on a missing success sees a 0 and not nothing. */
export const JOB_NAMES = [
  "live-feed",
  "live-refresh",
  "reminders",
  "digests",
  "week",
  "round-close",
  "retention",
  "lottery-import",
  "backup",
  "receipt-asks",
] as const;
export type JobName = (typeof JOB_NAMES)[number];
for (const job of JOB_NAMES) {
  jobRuns.labels(job).inc(0);
  jobFailures.labels(job).inc(0);
}

/** Times one run of a job and counts it: a throw is a failure (and is thrown on). */
export async function observeJob<T>(job: JobName, run: () => Promise<T>): Promise<T> {
  const end = jobDuration.startTimer({ job });
  try {
    const value = await run();
    jobLastSuccess.labels(job).set(Date.now() / 1000);
    return value;
  } catch (error) {
    jobFailures.labels(job).inc();
    throw error;
  } finally {
    jobRuns.labels(job).inc();
    end();
  }
}

/** Mails: handed to the transport, refused by an allowance (decision 078), failed for good. */
const mailSent = new Counter({ name: "mail_sent_total", help: "Correos entregados al transporte (SMTP o ficheros .eml)", registers: [registry] });
const mailFailed = new Counter({ name: "mail_failed_total", help: "Correos que el transporte no aceptó", registers: [registry] });
export const MAIL_REFUSALS = ["address", "sender", "client", "group"] as const;
const mailRefused = new Counter({
  name: "mail_refused_total",
  help: "Correos rechazados por un límite de envío: por dirección, remitente, conexión o peña",
  labelNames: ["reason"] as const,
  registers: [registry],
});
for (const reason of MAIL_REFUSALS) mailRefused.labels(reason).inc(0);
export const mailMetrics = {
  sent: () => mailSent.inc(),
  failed: () => mailFailed.inc(),
  refused: (reason: (typeof MAIL_REFUSALS)[number]) => mailRefused.labels(reason).inc(),
};

/** What is read when /metrics is: sources register a reader, and drop it when they close. */
type Reader = () => number;
function readGauge(name: string, help: string, labelNames: string[] = []) {
  const readers = new Map<string, Set<Reader>>();
  new Gauge({
    name,
    help,
    labelNames,
    registers: [registry],
    collect() {
      this.reset();
      for (const [key, set] of readers) {
        const labels = key ? (JSON.parse(key) as Record<string, string>) : {};
        let sum = 0;
        for (const read of set) sum += read();
        this.set(labels, sum);
      }
    },
  });
  return (read: Reader, labels: Record<string, string> = {}) => {
    const key = Object.keys(labels).length ? JSON.stringify(labels) : "";
    const set = readers.get(key) ?? new Set<Reader>();
    readers.set(key, set);
    set.add(read);
    return () => {
      set.delete(read);
    };
  };
}

/** The mails queued after their answers (services/mail/outbox.ts), not yet handed over. */
export const mailWaiting = readGauge("mail_waiting", "Correos en la cola de este proceso, aún sin entregar");

/** The database's connections: pg's pool on PostgreSQL; PGlite is one connection in the process. */
export const dbConnections = readGauge("db_pool_connections", "Conexiones de la base de datos por estado (total, idle, waiting)", ["engine", "state"]);
export const dbPoolMax = readGauge("db_pool_max_connections", "Tope de conexiones del pool (PGlite: una, la del proceso)", ["engine"]);

/** The held versions (backend/kept-versions.ts) and the web edge (http/kept-edge.ts). */
const heldReads = new Counter({
  name: "kept_versions_reads_total",
  help: "Lecturas de la versión de una página guardada: hit (guardada), miss (leída de la base)",
  labelNames: ["outcome"] as const,
  registers: [registry],
});
heldReads.labels("hit").inc(0);
heldReads.labels("miss").inc(0);
export const keptVersionRead = (outcome: "hit" | "miss") => heldReads.labels(outcome).inc();
export const noticesListening = readGauge("kept_versions_notices_listening", "1 si se oyen los avisos de escritura (LISTEN); 0 si no: nada se guarda");

const edgeAnswers = new Counter({
  name: "kept_edge_answers_total",
  help: "Recargas de páginas guardadas en la entrada del servidor: not_modified (304), stored (bytes guardados), render (pasa a Remix)",
  labelNames: ["outcome"] as const,
  registers: [registry],
});
for (const outcome of ["not_modified", "stored", "render"]) edgeAnswers.labels(outcome).inc(0);
export const keptEdgeAnswer = (outcome: "not_modified" | "stored" | "render") => edgeAnswers.labels(outcome).inc();

/** The readiness last answered (1 ready, 0 not), per program. */
export const readyGauge = new Gauge({
  name: "instance_ready",
  help: "1 si la última comprobación de disponibilidad (/ready) fue correcta",
  labelNames: ["server"] as const,
  registers: [registry],
});

/**
 * Who may read /metrics (decision 087): with METRICS_TOKEN, whoever sends it as a bearer token;
 * without, only a caller on this machine that came through no proxy (no X-Forwarded-For or
 * Forwarded header: a proxy on the same host would make every visitor look local).
 */
export function metricsAllowed(token: string | null, request: { remoteAddress?: string; headers: Record<string, string | string[] | undefined> }): boolean {
  if (token) {
    const sent = /^Bearer (.+)$/.exec(String(request.headers.authorization ?? ""))?.[1] ?? "";
    const a = Buffer.from(sent);
    const b = Buffer.from(token);
    return a.length === b.length && timingSafeEqual(a, b);
  }
  const loopback = /^(127\.|::1$|::ffff:127\.)/.test(request.remoteAddress ?? "");
  return loopback && request.headers["x-forwarded-for"] === undefined && request.headers.forwarded === undefined;
}

export const metricsText = () => registry.metrics();
export const METRICS_CONTENT_TYPE = registry.contentType;
