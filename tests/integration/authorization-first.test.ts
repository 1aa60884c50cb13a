import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBackend, type TestBackend } from "../support/backend";
import * as build from "../support/builders";

/**
 * Who may call is decided before what they sent is read (docs/decisions/028): every role-gated
 * operation, taken from the backend's own OpenAPI document (`x-guard`), is sent malformed input by
 * each role that may not call it, and must answer 401 or 403, never the 400 that would say what the
 * call expects. The role that may call it gets the 400, so it is the role that decides, not the input.
 */

type Kind = "admin" | "group-member" | "group-manager" | "group-player" | "phrase-owner";
interface Operation {
  method: string;
  path: string;
  guard: Kind | null;
  /** The group is named by the body: a caller with the role in another group is told what is wrong with a body that names none. */
  fromBody: boolean;
  hasBody: boolean;
  /** The body has no fields to get wrong (POST /Loteria/quiniela/buscar). */
  takesNothing: boolean;
}

let t: TestBackend;
let ids: Record<string, number>;
let tokens: Record<string, string>;
let operations: Operation[];

beforeAll(async () => {
  t = await startBackend();
  const manager = await t.player();
  const player = await t.player();
  const otherManager = await t.player();
  const stranger = await t.player();
  const season = await build.season(t.db, { name: "2025-26", startDate: "2025-08-01" });
  const pool = await build.pool(t.db, { seasonId: season, number: 1, closingDate: new Date("2100-01-01T00:00:00Z") });
  const group = await build.group(t.db, {
    members: [
      { userId: manager.id, role: 2 },
      { userId: player.id, role: 1 },
    ],
  });
  await build.group(t.db, { name: "Otra peña", members: [{ userId: otherManager.id, role: 2 }] });
  const round = await build.round(t.db, {
    groupId: group,
    quinielaId: pool,
    openDate: new Date("2025-08-01T10:00:00Z"),
    closeDate: new Date("2099-01-01T10:00:00Z"),
  });
  const bet = (await t.db.one<{ id: number }>("insert into bets (group_id, quiniela_id, season_id, top_n, matches) values ($1, $2, $3, 1, '[]') returning id", [
    group,
    pool,
    season,
  ]))!.id;
  const link = (await t.db.one<{ id: number }>("insert into kiosk_links (group_id, nonce) values ($1, 'n1') returning id", [group]))!.id;
  const shareLink = (await t.db.one<{ id: number }>("insert into share_links (group_id, kind, nonce) values ($1, 'standings', 's1') returning id", [group]))!
    .id;
  const teamId = await build.team(t.db, "Real Betis");
  const phrase = await player.post("/phrases/Create", { text: "Hoy se gana", author: "Yo" });
  expect(phrase.status).toBe(201);
  ids = { group, season, pool, round, bet, link, share: shareLink, team: teamId, phrase: phrase.body.id, user: player.id };

  const admin = await t.admin();
  const token = async (username: string) => (await t.api.post("/auth/login", { username, password: "Secreta#2026" })).body.token as string;
  const adminToken = (await t.api.post("/auth/login", { username: "admin", password: "Admin#2026pass" })).body.token as string;
  tokens = {
    admin: adminToken,
    manager: await token(manager.username),
    player: await token(player.username),
    "other-manager": await token(otherManager.username),
    stranger: await token(stranger.username),
  };
  void admin;

  const doc = (await t.api.get("/openapi.json")).body as {
    paths: Record<
      string,
      Record<
        string,
        {
          security?: unknown[];
          requestBody?: { content: Record<string, { schema?: { type?: string; properties?: object } }> };
          "x-guard"?: { kind: Kind; from?: string };
        }
      >
    >;
  };
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([, op]) => !(Array.isArray(op.security) && op.security.length === 0))
      .map(([method, op]) => {
        const schema = op.requestBody?.content["application/json"]?.schema;
        return {
          method: method.toUpperCase(),
          path,
          guard: op["x-guard"]?.kind ?? null,
          fromBody: op["x-guard"]?.from === "body",
          hasBody: Boolean(op.requestBody),
          takesNothing: schema?.type === "object" && Object.keys(schema.properties ?? {}).length === 0,
        };
      }),
  );
}, 300_000);
afterAll(() => t?.close());

/** The roles that may not call an operation with each guard (besides nobody signed in). */
const REFUSED: Record<Kind, string[]> = {
  admin: ["stranger", "player", "manager", "other-manager"],
  "group-manager": ["stranger", "player", "other-manager"],
  "group-member": ["stranger", "other-manager"],
  // A prediction is a member's own: an admin who is not one is refused too.
  "group-player": ["stranger", "other-manager", "admin"],
  "phrase-owner": ["stranger", "manager", "admin"],
};
/** One role that may call it. */
const ALLOWED: Record<Kind, string> = {
  admin: "admin",
  "group-manager": "manager",
  "group-member": "player",
  "group-player": "player",
  "phrase-owner": "player",
};

/** Each path parameter names the group's own things, so a refusal is about the caller, not a missing thing. */
function fill(path: string): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const lower = path.toLowerCase();
    if (name === "seasonId") return String(ids.season);
    if (name === "userId") return String(ids.user);
    if (name === "groupId") return String(ids.group);
    if (lower.startsWith("/group/") || lower.startsWith("/screens/group/")) return String(ids.group);
    if (lower.startsWith("/groupquiniela/")) return String(ids.round);
    if (lower.startsWith("/bet/")) return String(ids.bet);
    if (lower.startsWith("/kiosk/")) return String(ids.link);
    if (lower.startsWith("/share/")) return String(ids.share);
    if (lower.startsWith("/phrases/")) return String(ids.phrase);
    if (lower.startsWith("/team/")) return String(ids.team);
    if (lower.startsWith("/season/")) return String(ids.season);
    return String(ids.pool);
  });
}

/** Bodies that are wrong in every way, but (the last one) naming this group's own things. */
const malformedBodies = () => [
  "{",
  "",
  "{}",
  "[]",
  JSON.stringify({
    groupId: ids.group,
    groupQuinielaId: ids.round,
    betId: ids.bet,
    quinielaId: "malo",
    seasonId: "malo",
    userId: "malo",
    roleId: "malo",
    matches: [],
    mergedPrediction: "malo",
    name: 5,
    alias: 5,
    groups: [],
    text: 5,
    version: "malo",
  }),
];
const MALFORMED_QUERY = () => `?groupId=${ids.group}&quinielaId=malo&seasonId=malo&limit=malo&usuario=`;

/** Bodies refused by what they are, not what they say: too large for any call, and not JSON at all. */
const OVERSIZED = `{"text":"${"x".repeat(2 * 1024 * 1024)}"}`;
const unreadableBodies = (): [string, string][] => [
  ["application/json", OVERSIZED],
  ["application/xml", "<quiniela><groupId>1</groupId></quiniela>"],
  ["text/plain", "hola"],
];

async function send(op: Operation, role: string | null, body?: string, type = "application/json") {
  const headers: Record<string, string> = {};
  if (role) headers.authorization = `Bearer ${tokens[role]}`;
  if (body !== undefined) headers["content-type"] = type;
  const path = fill(op.path) + (op.method === "GET" ? MALFORMED_QUERY() : "");
  const response = await fetch(t.url + path, { method: op.method, headers, body: op.method === "GET" ? undefined : body });
  const text = await response.text();
  return { status: response.status, text };
}

describe("authorization before validation", () => {
  it("finds the role-gated calls in the OpenAPI document", () => {
    const guarded = operations.filter((op) => op.guard);
    expect(guarded.length).toBeGreaterThanOrEqual(50);
    const has = (method: string, path: string) => guarded.some((op) => op.method === method && op.path.toLowerCase() === path.toLowerCase());
    expect(has("POST", "/auth/register-by-admin")).toBe(true);
    expect(has("POST", "/quiniela/createquiniela")).toBe(true);
    expect(has("POST", "/groupquiniela/configuregroupquiniela")).toBe(true);
    expect(has("PUT", "/phrases/update/{id}")).toBe(true);
  });

  it("answers 401 to nobody signed in before reading the body, malformed JSON included", async () => {
    const failures: string[] = [];
    for (const op of operations) {
      for (const body of op.method === "GET" || op.method === "DELETE" ? [undefined] : malformedBodies()) {
        const { status, text } = await send(op, null, body);
        if (status !== 401) failures.push(`${op.method} ${op.path} ${JSON.stringify(body?.slice(0, 20))}: ${status} ${text.slice(0, 100)}`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it("answers 403 to every signed-in role that may not call it, whatever the body", async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const op of operations.filter((o) => o.guard)) {
      const bodies = op.method === "GET" || (op.method === "DELETE" && !op.hasBody) ? [undefined] : malformedBodies();
      for (const role of REFUSED[op.guard!]) {
        // Another group's manager may make this call for their own group (decision 028): only a body naming this group is theirs to be refused.
        const named = op.fromBody && role === "other-manager" ? bodies.slice(-1) : bodies;
        for (const body of named) {
          const { status, text } = await send(op, role, body);
          sent += 1;
          if (status !== 403) failures.push(`${op.method} ${op.path} as ${role} ${JSON.stringify(body?.slice(0, 20))}: ${status} ${text.slice(0, 100)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(300);
  }, 300_000);

  it("answers 403 before the size or the type of the body: 2 MB of JSON, XML, plain text", async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const op of operations.filter((o) => o.guard && o.method !== "GET" && !(o.method === "DELETE" && !o.hasBody))) {
      // Another group's manager may make a call that names its group in the body for their own group: the body is theirs to be told about.
      const roles = REFUSED[op.guard!].filter((role) => !(op.fromBody && role === "other-manager"));
      for (const role of roles) {
        for (const [type, body] of unreadableBodies()) {
          const { status, text } = await send(op, role, body, type);
          sent += 1;
          if (status !== 403) failures.push(`${op.method} ${op.path} as ${role} (${type}, ${body.length} bytes): ${status} ${text.slice(0, 100)}`);
        }
      }
      for (const [type, body] of unreadableBodies()) {
        const { status } = await send(op, null, body, type);
        if (status !== 401) failures.push(`${op.method} ${op.path} as nobody (${type}): ${status}`);
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(300);
  }, 300_000);

  it("guards every call that names a group, or a thing of one, in its path", () => {
    // A call that needs only a session acts on the caller's own things (their profile, their groups, the catalogue), or joins a group by its code.
    const unguarded = operations.filter(
      (op) => !op.guard && op.path !== "/group/joinbyinvitecode/{code}" && /\{/.test(op.path) && /^\/(group|share|kiosk|bet|groupquiniela)\//i.test(op.path),
    );
    expect(unguarded.map((op) => `${op.method} ${op.path}`)).toEqual([]);
  });

  it("lets a role that may call it go on to the 400, so the input is read only for them", async () => {
    const failures: string[] = [];
    for (const op of operations.filter((o) => o.guard && o.hasBody && !o.takesNothing)) {
      const { status, text } = await send(op, ALLOWED[op.guard!], malformedBodies().at(-1));
      if (status !== 400) failures.push(`${op.method} ${op.path} as ${ALLOWED[op.guard!]}: ${status} ${text.slice(0, 100)}`);
      const parse = await send(op, ALLOWED[op.guard!], "{");
      if (parse.status !== 400) failures.push(`${op.method} ${op.path} as ${ALLOWED[op.guard!]} with "{": ${parse.status}`);
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it("answers the issue's own cases with 403 before the 400", async () => {
    const as = (role: string) => t.api.as(tokens[role]);
    expect((await as("player").post("/auth/register-by-admin", { groups: [] })).status).toBe(403);
    expect((await as("manager").post("/quiniela/CreateQuiniela", { matches: [] })).status).toBe(403);
    expect((await as("player").post("/season/CreateSeason", { name: 5 })).status).toBe(403);
    expect((await as("player").post("/team/Create", { name: 5 })).status).toBe(403);
    expect((await as("stranger").put(`/group/${ids.group}`, {})).status).toBe(403);
    expect((await as("stranger").post(`/quiniela/${ids.pool}/MakePrediction`, {})).status).toBe(403);
    expect((await as("stranger").put(`/phrases/Update/${ids.phrase}`, {})).status).toBe(403);
    // A manager of another group may make the call for their own group: told what is wrong only when the body names none.
    expect((await as("other-manager").post("/GroupQuiniela/ConfigureGroupQuiniela", { groupId: ids.group })).status).toBe(403);
    expect((await as("other-manager").post("/GroupQuiniela/ConfigureGroupQuiniela", {})).status).toBe(400);
  });
});
