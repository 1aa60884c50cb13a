import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { startBackend, type TestBackend } from "../../support/backend";
import * as build from "../../support/builders";
import { isSpanishMessage } from "../../support/spanish";

/**
 * Bad requests against every call the backend has. The routes come from the
 * backend's own OpenAPI document and the field names from the contract's schemas, so a call or a
 * field added later is fuzzed without touching these files. It fails on any 5xx, any error that is not
 * `{ message }` in Spanish, and any change to the database after a refused request.
 *
 * The calls are fuzzed in parts, by the first segment of their path, one test file a part (each on its
 * own backend), so the integration lane runs them side by side instead of as one test of minutes
 * (decision 094). A segment no part names falls to the part marked `rest`: no call goes unfuzzed.
 */
export const FUZZ_PARTS = {
  groups: { segments: ["group"] },
  accounts: { segments: ["auth", "user", "admin", "api", "mail", "digest", "privacy", "avatars", "calendar", "audit"] },
  catalogue: { segments: ["quiniela", "season", "team", "phrases", "screens"] },
  bets: { segments: ["bet", "groupquiniela", "share", "kiosk", "loteria"], rest: true },
} as const satisfies Record<string, { segments: readonly string[]; rest?: boolean }>;
export type FuzzPart = keyof typeof FUZZ_PARTS;

const firstSegment = (path: string) => path.split("/")[1] ?? "";

/** The calls of one part: those whose first path segment it names, and for the `rest` part those no part names. */
export function routesOfPart<R extends { path: string }>(part: FuzzPart, routes: R[]): R[] {
  const named = new Set<string>(Object.values(FUZZ_PARTS).flatMap((p) => p.segments));
  const own = new Set<string>(FUZZ_PARTS[part].segments);
  const rest = "rest" in FUZZ_PARTS[part];
  return routes.filter((r) => own.has(firstSegment(r.path)) || (rest && !named.has(firstSegment(r.path))));
}

let t: TestBackend;
let adminToken: string;
let ids: { group: number; season: number; pool: number; user: number };

async function setUp() {
  t = await startBackend();
  const admin = await t.api.post("/auth/login", { username: "admin", password: "Admin#2026pass" });
  adminToken = admin.body.token;
  const player = await t.player();
  const season = await build.season(t.db, { name: "2025-26", startDate: "2025-08-01" });
  const pool = await build.pool(t.db, { seasonId: season, number: 1 });
  const group = await build.group(t.db, { members: [{ userId: player.id, role: 2 }] });
  await build.round(t.db, { groupId: group, quinielaId: pool, openDate: new Date("2025-08-01T10:00:00Z"), closeDate: new Date("2099-01-01T10:00:00Z") });
  ids = { group, season, pool, user: player.id };
}

/** Every key of every object schema the contract exports, in both casings the API takes. */
function contractFields(): string[] {
  const modules = (import.meta as any).glob(["../../../core/contract/*.ts", "!../../../core/contract/*.test.ts"], { eager: true }) as Record<
    string,
    Record<string, unknown>
  >;
  const keys = new Set<string>();
  const walk = (schema: unknown, depth: number) => {
    if (!(schema instanceof z.ZodType) || depth > 8) return;
    const def = schema._def as Record<string, any>;
    if (schema instanceof z.ZodObject) {
      for (const [key, inner] of Object.entries(schema.shape as Record<string, unknown>)) {
        keys.add(key);
        walk(inner, depth + 1);
      }
    }
    for (const inner of [def.innerType, def.schema, def.in, def.out, def.type, ...(Array.isArray(def.options) ? def.options : [])]) walk(inner, depth + 1);
  };
  for (const mod of Object.values(modules)) for (const value of Object.values(mod)) walk(value, 0);
  const list = [...keys];
  return [...list, ...list.slice(0, 10).map((k) => k[0].toUpperCase() + k.slice(1))];
}

const BAD_IDS = [
  "2147483648",
  "99999999999999999999",
  "0",
  "-1",
  "0x10",
  "1e3",
  "1.5",
  "true",
  "null",
  "%00",
  "%E0%A4%A",
  "%",
  "%F0%9F%92%A5",
  "x".repeat(3000),
];

const BAD_VALUES: unknown[] = [
  true,
  false,
  null,
  [],
  {},
  [[[]]],
  "",
  "0x10",
  "false",
  "1e3",
  2147483648,
  -1,
  1.5,
  1e308,
  "\u0000",
  "ad\u0000min",
  "🙂".repeat(2000),
  "x".repeat(20_000),
  "2025-13-45T99:99:99Z",
  "<script>alert(1)</script>",
  "'; drop table users; --",
  { $gt: "" },
  { __proto__: { admin: true } },
];

function deepJson(levels: number) {
  return "[".repeat(levels) + "]".repeat(levels);
}

interface Probe {
  method: string;
  path: string;
  body?: string | FormData;
  contentType?: string;
  signed: boolean;
}

function fillPath(path: string, value: (name: string) => string) {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => value(name));
}

/** A valid value for each path parameter, so a body reaches the route's validation. */
function goodParam(name: string): string {
  if (name === "file") return `${ids.user}-1.jpg`;
  if (name === "code") return "NOEXISTE";
  if (name === "token") return "1.00000000000000000000000000000000.0000000000000000000000000000000000000000000000000000000000000000";
  if (name === "userId") return String(ids.user);
  if (name === "seasonId") return String(ids.season);
  if (/quiniela/i.test(name)) return String(ids.pool);
  return String(ids.group);
}

function probesFor(method: string, path: string, fields: string[]): Probe[] {
  const probes: Probe[] = [];
  const hasBody = method === "POST" || method === "PUT" || method === "PATCH";
  const good = fillPath(path, goodParam);
  if (path.includes("{")) {
    for (const bad of BAD_IDS) probes.push({ method, path: fillPath(path, () => bad), body: hasBody ? "{}" : undefined, signed: true });
  }
  const query = ["groupId", "quinielaId", "seasonId"];
  if (method === "GET") {
    for (const bad of BAD_IDS.slice(0, 8))
      probes.push({ method, path: `${good}?${query.map((q) => `${q}=${encodeURIComponent(bad)}`).join("&")}`, signed: true });
    probes.push({ method, path: good, signed: false });
    return probes;
  }
  const raw: [string, string][] = [
    ["{", "application/json"],
    ['{"a":', "application/json"],
    ["null", "application/json"],
    ["[1,2,3]", "application/json"],
    ['"texto"', "application/json"],
    ["42", "application/json"],
    [deepJson(8000), "application/json"],
    [`{"a":${deepJson(5000)}}`, "application/json"],
    ["", "application/json"],
    ['{"a":1}', "text/plain"],
    ["<a>1</a>", "application/xml"],
    ["a=1&b=2", "application/x-www-form-urlencoded"],
    ['--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb', "multipart/form-data; boundary=x"],
    ["--x--", "multipart/form-data"],
    [JSON.stringify({ a: "x".repeat(1_200_000) }), "application/json"],
  ];
  for (const [body, contentType] of raw) probes.push({ method, path: good, body, contentType, signed: true });
  for (const value of BAD_VALUES) probes.push({ method, path: good, body: JSON.stringify(Object.fromEntries(fields.map((f) => [f, value]))), signed: true });
  fields.forEach((field, i) => {
    const value = BAD_VALUES[i % BAD_VALUES.length];
    probes.push({ method, path: good, body: JSON.stringify({ [field]: value }), signed: true });
  });
  probes.push({ method, path: good, body: "{}", signed: false });
  return probes;
}

/**
 * The next transaction id: a write takes one, so it moves; reads never do. Checking it first spares
 * hashing every table after every probe, which was most of this file's time; the hash still
 * decides whenever something wrote.
 */
async function nextTransactionId(): Promise<string> {
  const row = await t.db.one<{ next: string }>("select pg_snapshot_xmax(pg_current_snapshot())::text as next");
  return row!.next;
}

async function fingerprint(): Promise<string> {
  const tables = await t.db.query<{ name: string }>(
    "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1",
  );
  const parts = tables.map((tb) => `select '${tb.name}' as n, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from "${tb.name}" x`);
  const row = await t.db.one<{ h: string }>(`select string_agg(n || ':' || h, ',' order by n) as h from (${parts.join(" union all ")}) s`);
  return row!.h;
}

/** One part's test file: a backend of its own, then every bad request to the part's calls. */
export function fuzzPart(part: FuzzPart) {
  beforeAll(setUp, 300_000);
  afterAll(() => t.close());

  describe("fuzzing every backend call", () => {
    it(`answers every bad request to ${FUZZ_PARTS[part].segments.map((s) => `/${s}`).join(", ")}${"rest" in FUZZ_PARTS[part] ? " and any other call" : ""} with a Spanish 4xx and changes nothing when it refuses`, async () => {
      const doc = (await t.api.get("/openapi.json")).body as { paths: Record<string, Record<string, unknown>> };
      const all = Object.entries(doc.paths).flatMap(([path, methods]) => Object.keys(methods).map((m) => ({ method: m.toUpperCase(), path })));
      expect(all.length).toBeGreaterThan(40);
      const routes = routesOfPart(part, all);
      expect(routes.length).toBeGreaterThan(0);
      const fields = contractFields();
      expect(fields).toContain("groupId");

      const failures: string[] = [];
      let sent = 0;
      let before = await fingerprint();
      let written = await nextTransactionId();
      for (const route of routes) {
        for (const probe of probesFor(route.method, route.path, fields)) {
          const headers: Record<string, string> = {};
          // Signing out would revoke the token the rest of the run uses.
          if (probe.signed && route.path !== "/auth/logout") headers.authorization = `Bearer ${adminToken}`;
          if (probe.contentType) headers["content-type"] = probe.contentType;
          else if (typeof probe.body === "string") headers["content-type"] = "application/json";
          const response = await fetch(t.url + probe.path, { method: probe.method, headers, body: probe.body });
          sent += 1;
          const text = await response.text();
          const next = await nextTransactionId();
          const after = next === written ? before : await fingerprint();
          written = next;
          const where = `${probe.method} ${probe.path.slice(0, 120)} ${typeof probe.body === "string" ? probe.body.slice(0, 80) : ""}`;
          if (response.status >= 500) failures.push(`${response.status} ${where}: ${text.slice(0, 200)}`);
          if (response.status >= 400) {
            let message: unknown = null;
            try {
              message = (JSON.parse(text) as { message?: unknown }).message;
            } catch {
              /* not JSON */
            }
            if (typeof message !== "string" || !isSpanishMessage(message))
              failures.push(`no Spanish message (${response.status}) ${where}: ${text.slice(0, 200)}`);
            if (after !== before) failures.push(`database changed after a refused request (${response.status}) ${where}`);
          }
          before = after;
        }
      }
      expect(failures).toEqual([]);
      expect(sent).toBeGreaterThanOrEqual(1000);
    }, 600_000);
  });
}
