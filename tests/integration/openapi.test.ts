import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBackend, type Client, type TestBackend } from "../support/backend";
import * as build from "../support/builders";

/**
 * The backend's /openapi.json is the contract. Every operation documents its request and
 * its answers, and what the backend really answers matches what the document says. The operations
 * come from the document itself, so a route added later is checked without touching this file.
 */

type Json = Record<string, any>;
interface Operation {
  method: string;
  path: string;
  op: Json;
}

/**
 * POST and PUT operations that take no body: everything they need is in the path or the token.
 * Any other POST/PUT without a documented body fails the test.
 */
const BODYLESS = new Set([
  "POST /auth/logout", // the token is the only input
  "POST /group/joinbyinvitecode/{code}", // the code is in the path
  "POST /group/{id}/kiosk", // a new link for the group in the path
  "POST /kiosk/{id}/revoke", // the link is in the path
  "PUT /bet/{id}/confirmbet", // the bet is in the path
  "POST /user/calendar/revoke", // the caller's own feed
  "POST /digest/unsubscribe/{token}", // the signed link is in the path
  "POST /share/{id}/revoke", // the link is in the path
  "POST /quiniela/{id}/livefeed", // the pool is in the path
  "POST /group/{id}/placeholders/{userid}/invite", // the placeholder is in the path
  "POST /auth/email-proof/resend", // the caller's own address
  "POST /admin/users/{userid}/erase", // the account is in the path (decision 083)
]);

let t: TestBackend;
let admin: Client;
let doc: Json;
let ids: Record<string, number | string>;

beforeAll(async () => {
  t = await startBackend();
  admin = await t.admin();
  const player = await t.player();
  const season = await build.season(t.db, { name: "2025-26", startDate: "2025-08-01" });
  const pool = await build.pool(t.db, { seasonId: season, number: 1 });
  const group = await build.group(t.db, { members: [{ userId: player.id, role: 2 }] });
  await build.round(t.db, { groupId: group, quinielaId: pool, openDate: new Date("2025-08-01T10:00:00Z"), closeDate: new Date("2099-01-01T10:00:00Z") });
  const link = await admin.post(`/group/${group}/kiosk`);
  expect(link.status).toBe(201);
  ids = { id: group, groupId: group, seasonId: season, quinielaId: pool, userId: player.id, token: link.body.token };
  doc = (await t.api.get("/openapi.json")).body;
}, 300_000);
afterAll(() => t.close());

function operations(): Operation[] {
  return Object.entries(doc.paths as Json).flatMap(([path, methods]) =>
    Object.entries(methods as Json)
      .filter(([method]) => ["get", "post", "put", "delete", "patch"].includes(method))
      .map(([method, op]) => ({ method: method.toUpperCase(), path, op: op as Json })),
  );
}

const key = (o: Operation) => `${o.method} ${o.path.toLowerCase()}`;
const schemaOf = (response: Json | undefined): Json | undefined => {
  const content = response?.content as Json | undefined;
  return content ? (Object.values(content)[0] as Json | undefined)?.schema : undefined;
};

/**
 * A JSON-schema check for the subset zod-to-json-schema writes (type, nullable, enum, const,
 * properties, required, items, anyOf/oneOf/allOf, pattern, bounds). Returns the first problem.
 */
export function check(schema: Json | undefined, value: unknown, at = "$"): string | null {
  if (!schema || Object.keys(schema).length === 0) return null;
  if (value === null && schema.nullable) return null;
  if (schema.anyOf || schema.oneOf) {
    const options = (schema.anyOf ?? schema.oneOf) as Json[];
    return options.some((s) => check(s, value, at) === null) ? null : `${at}: ninguna alternativa encaja con ${JSON.stringify(value)?.slice(0, 80)}`;
  }
  if (schema.allOf)
    for (const s of schema.allOf as Json[]) {
      const problem = check(s, value, at);
      if (problem) return problem;
    }
  if (schema.not && Object.keys(schema.not).length === 0) return `${at}: no debería haber valor`;
  if ("const" in schema && value !== schema.const) return `${at}: se esperaba ${JSON.stringify(schema.const)}`;
  if (schema.enum && !(schema.enum as unknown[]).includes(value)) return `${at}: ${JSON.stringify(value)} no está en ${JSON.stringify(schema.enum)}`;
  const types = schema.type === undefined ? [] : ([] as string[]).concat(schema.type);
  if (types.length) {
    const actual = value === null ? "null" : Array.isArray(value) ? "array" : typeof value;
    const ok = types.some((ty) => ty === actual || (ty === "integer" && Number.isInteger(value)) || (ty === "number" && actual === "number"));
    if (!ok) return `${at}: se esperaba ${types.join("|")} y llegó ${actual}`;
  }
  if (typeof value === "string") {
    if (schema.pattern && !new RegExp(schema.pattern, "u").test(value)) return `${at}: "${value}" no cumple ${schema.pattern}`;
    if (schema.minLength !== undefined && value.length < schema.minLength) return `${at}: demasiado corto`;
    if (schema.maxLength !== undefined && value.length > schema.maxLength) return `${at}: demasiado largo`;
  }
  if (typeof value === "number") {
    if (schema.minimum !== undefined && value < schema.minimum) return `${at}: ${value} < ${schema.minimum}`;
    if (schema.maximum !== undefined && value > schema.maximum) return `${at}: ${value} > ${schema.maximum}`;
    if (schema.exclusiveMinimum !== undefined && typeof schema.exclusiveMinimum === "number" && value <= schema.exclusiveMinimum)
      return `${at}: ${value} <= ${schema.exclusiveMinimum}`;
  }
  if (Array.isArray(value) && schema.items) {
    for (let i = 0; i < value.length; i++) {
      const problem = check(Array.isArray(schema.items) ? schema.items[i] : schema.items, value[i], `${at}[${i}]`);
      if (problem) return problem;
    }
  }
  if (value && typeof value === "object" && !Array.isArray(value)) {
    for (const name of (schema.required ?? []) as string[]) if (!(name in value)) return `${at}.${name}: falta`;
    for (const [name, inner] of Object.entries((schema.properties ?? {}) as Json)) {
      if (name in value) {
        const problem = check(inner, (value as Json)[name], `${at}.${name}`);
        if (problem) return problem;
      }
    }
    if (schema.additionalProperties && typeof schema.additionalProperties === "object") {
      for (const [name, inner] of Object.entries(value)) {
        if (schema.properties && name in schema.properties) continue;
        const problem = check(schema.additionalProperties, inner, `${at}.${name}`);
        if (problem) return problem;
      }
    }
  }
  return null;
}

describe("the OpenAPI document", () => {
  it("describes every operation's request and answers", () => {
    const ops = operations();
    expect(ops.length).toBeGreaterThan(40);
    const missing: string[] = [];
    for (const o of ops) {
      const responses = (o.op.responses ?? {}) as Json;
      const codes = Object.keys(responses);
      const ok = codes.filter((c) => /^2\d\d$/.test(c));
      if (ok.length === 0 || ok.some((c) => c !== "204" && !schemaOf(responses[c]))) missing.push(`${key(o)}: sin esquema de respuesta 2xx`);
      if (!codes.some((c) => /^4\d\d$/.test(c) && schemaOf(responses[c]))) missing.push(`${key(o)}: sin esquema de error 4xx`);
      if ((o.method === "POST" || o.method === "PUT") && !o.op.requestBody && !BODYLESS.has(key(o))) missing.push(`${key(o)}: sin esquema de petición`);
      const described = new Set(((o.op.parameters ?? []) as Json[]).filter((p) => p.in === "path").map((p) => p.name));
      for (const [, name] of o.path.matchAll(/\{(\w+)\}/g)) if (!described.has(name)) missing.push(`${key(o)}: parámetro {${name}} sin describir`);
    }
    expect(missing).toEqual([]);
  });

  it("lists the operations without an account as such", () => {
    const open = operations()
      .filter((o) => Array.isArray(o.op.security) && o.op.security.length === 0)
      .map(key);
    expect(open).toEqual(expect.arrayContaining(["POST /auth/login", "POST /auth/register", "GET /kiosk/{token}/standings"]));
  });
});

describe("the backend's answers", () => {
  it("match the document for a sample call of each read", async () => {
    const problems: string[] = [];
    let checked = 0;
    for (const o of operations().filter((op) => op.method === "GET")) {
      if (o.path.includes("{file}") || o.path === "/openapi.json") continue;
      // The document's paths are lower-cased like the routes ("{seasonid}"): the seeded ids are looked up so.
      const seeded = Object.fromEntries(Object.entries(ids).map(([name, value]) => [name.toLowerCase(), value]));
      const path = o.path.replace(/\{(\w+)\}/g, (_, name: string) => String(seeded[name.toLowerCase()] ?? ids.id));
      const query = `?groupId=${ids.groupId}&quinielaId=${ids.quinielaId}&seasonId=${ids.seasonId}`;
      const response = await admin.get(path + query);
      const documented = (o.op.responses ?? {}) as Json;
      const answer = documented[String(response.status)];
      if (!answer) {
        problems.push(`${key(o)}: respondió ${response.status}, que el documento no lista`);
        continue;
      }
      const problem = check(schemaOf(answer), response.body);
      if (problem) problems.push(`${key(o)} (${response.status}): ${problem}`);
      if (response.status < 300) checked += 1;
    }
    expect(problems).toEqual([]);
    // Most reads answer 2xx with the seeded data, so their body was really checked.
    expect(checked).toBeGreaterThan(20);
  });

  it("are what the checker expects: a wrong shape is caught", () => {
    const schema = { type: "object", properties: { id: { type: "integer" }, name: { type: "string", nullable: true } }, required: ["id", "name"] };
    expect(check(schema, { id: 1, name: null })).toBeNull();
    expect(check(schema, { id: "1", name: "x" })).toMatch(/\$\.id/);
    expect(check(schema, { id: 1 })).toMatch(/falta/);
    expect(
      check({ type: "array", items: schema }, [
        { id: 1, name: "a" },
        { id: 1.5, name: "b" },
      ]),
    ).toMatch(/\[1\]\.id/);
  });
});

describe("the group ticket's calls (decision 034)", () => {
  it("are in the document, with money as integer cents", () => {
    const ops = operations().map(key);
    expect(ops).toEqual(expect.arrayContaining(["PUT /bet/{id}/ticket", "GET /quiniela/{id}/prizes", "PUT /quiniela/{id}/prizes"]));
    const prizes = operations().find((o) => key(o) === "GET /quiniela/{id}/prizes")!;
    const schema = schemaOf((prizes.op.responses as Json)["200"] as Json) as Json;
    const primera = ((schema.properties as Json).prizes as Json).properties as Json;
    expect(JSON.stringify(primera.primera)).toContain("integer");
  });
});
