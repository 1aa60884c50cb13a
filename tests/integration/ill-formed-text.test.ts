import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ILL_FORMED_TEXT } from "#core/contract/common";
import { startBackend, type Client, type TestBackend } from "../support/backend";
import * as build from "../support/builders";

/**
 * A JSON string with half a character (an unpaired UTF-16 surrogate, "\ud800") was a 500 on some
 * calls (the database refused it) and stored as '�' on others. Every call now refuses it with the
 * same Spanish 400, before anything is written.
 */

let t: TestBackend;
let admin: Client;
let manager: Awaited<ReturnType<TestBackend["player"]>>;
let groupId: number;
let teamId: number;

/** The raw JSON text, so the escape reaches the backend as sent (JSON.stringify would keep it too, but this is explicit). */
const LONE = '"Fuzz \\ud800x"';
const LONE_LOW = '"Fuzz \\udc00x"';

beforeAll(async () => {
  t = await startBackend();
  admin = await t.admin();
  manager = await t.player();
  groupId = await build.group(t.db, { name: "Peña limpia", members: [{ userId: manager.id, role: 2 }] });
  teamId = await build.team(t.db, "Real Betis");
}, 120_000);
afterAll(() => t?.close());

async function raw(client: Client, method: "post" | "put", path: string, json: string) {
  return method === "post" ? client.post(path, json) : client.put(path, json);
}

async function counts() {
  const row = await t.db.one<{ groups: number; teams: number; aliases: number; seasons: number; names: string }>(
    `select (select count(*)::int from groups) as groups, (select count(*)::int from teams) as teams,
            (select count(*)::int from team_aliases) as aliases, (select count(*)::int from seasons) as seasons,
            (select string_agg(name, '|' order by id) from groups) as names`,
  );
  return row;
}

describe("text with half a character", () => {
  const cases = (): [string, Client, "post" | "put", string, (s: string) => string][] => [
    ["PUT /group/{id}", manager, "put", `/group/${groupId}`, (s) => `{"name":${s},"description":""}`],
    ["PUT /group/{id} (description)", manager, "put", `/group/${groupId}`, (s) => `{"name":"Peña limpia","description":${s}}`],
    ["POST /team/create", admin, "post", "/team/create", (s) => `{"name":${s},"logo":"","alias":[]}`],
    ["POST /team/create (alias)", admin, "post", "/team/create", (s) => `{"name":"Sevilla","logo":"","alias":[${s}]}`],
    ["POST /team/{id}/add-alias", admin, "post", `/team/${teamId}/add-alias`, (s) => `{"alias":${s}}`],
    ["POST /group/creategroup", manager, "post", "/group/creategroup", (s) => `{"name":${s}}`],
    ["POST /season/createseason", admin, "post", "/season/createseason", (s) => `{"name":${s},"startDate":"2025-08-01"}`],
    ["POST /phrases/create (as a key)", manager, "post", "/phrases/create", (s) => `{"text":"Hola","author":"Yo",${s}:1}`],
  ];

  it.each([LONE, LONE_LOW])("is refused with the same Spanish 400 on every call, writing nothing (%s)", async (lone) => {
    const before = await counts();
    for (const [name, client, method, path, body] of cases()) {
      const res = await raw(client, method, path, body(lone));
      expect({ name, status: res.status, message: res.body?.message }).toEqual({ name, status: 400, message: ILL_FORMED_TEXT });
    }
    expect(await counts()).toEqual(before);
  });

  it("takes a whole character written as its two halves", async () => {
    const res = await manager.put(`/group/${groupId}`, '{"name":"Peña \\ud83d\\ude00","description":""}');
    expect(res.status).toBe(200);
    expect(res.body.name).toBe("Peña 😀");
  });
});
