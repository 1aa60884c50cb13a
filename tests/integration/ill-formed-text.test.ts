import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ILL_FORMED_TEXT } from "#core/contract/common";
import { startBackend, type Client, type TestBackend } from "../support/backend";
import * as build from "../support/builders";
import { boundedFormBody } from "../../http/form-bodies";

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

/** The same bytes sent raw, which a lenient decoder turns into '���' without a word. */
describe("bytes that are not UTF-8", () => {
  const invalid = [
    ["an encoded half character", Buffer.from([0xed, 0xa0, 0x80])],
    ["a stray byte", Buffer.from([0xff])],
    ["a character cut short", Buffer.from([0xe2, 0x82])],
  ] as const;

  it.each(invalid)("are refused in a JSON body with the same Spanish 400, writing nothing (%s)", async (_name, bytes) => {
    const before = await counts();
    const body = Buffer.concat([Buffer.from('{"name":"Peña '), bytes, Buffer.from('","description":""}')]);
    const token = (await t.api.post("/auth/login", { username: manager.username, password: "Secreta#2026" })).body.token;
    const response = await fetch(`${t.url}/group/${groupId}`, {
      method: "PUT",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: new Uint8Array(body),
    });
    expect({ status: response.status, body: await response.json() }).toEqual({ status: 400, body: { message: ILL_FORMED_TEXT } });
    expect(await counts()).toEqual(before);
  });

  it("are refused by the web's form reader, urlencoded or multipart, before any action reads them", async () => {
    const web = express();
    web.post("/form", boundedFormBody, (_req, res) => {
      res.send("leído");
    });
    const server = web.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/form`;
    try {
      const post = async (type: string, body: Buffer) => {
        const response = await fetch(url, { method: "POST", headers: { "content-type": type }, body: new Uint8Array(body) });
        return { status: response.status, text: await response.text() };
      };
      const form = "application/x-www-form-urlencoded";
      for (const [, bytes] of invalid) {
        const escaped = [...bytes].map((b) => `%${b.toString(16).toUpperCase().padStart(2, "0")}`).join("");
        const refused = await post(form, Buffer.from(`reference=Bizum+${escaped}&amount=5`));
        expect(refused.status).toBe(400);
        expect(refused.text).toContain(ILL_FORMED_TEXT);
        expect((await post(form, Buffer.concat([Buffer.from("reference=Bizum "), bytes])))?.status).toBe(400);
        const boundary = "----quiniela";
        const multipart = Buffer.concat([
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="reference"\r\n\r\nBizum `),
          bytes,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]);
        expect((await post(`multipart/form-data; boundary=${boundary}`, multipart)).status).toBe(400);
      }
      // Text of every width, escaped or not, is read as it was.
      expect(await post(form, Buffer.from(`reference=${encodeURIComponent("Bizum · 5 € 😀 ñ")}`))).toEqual({ status: 200, text: "leído" });
      expect(await post(form, Buffer.from("reference=Bizum+5%E2%82%AC+%25"))).toEqual({ status: 200, text: "leído" });
      // A file is bytes, not the form's text: a spreadsheet in Windows-1252 or a binary reaches its route, which says what it is.
      const boundary = "----archivo";
      const upload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\nmovements\r\n`),
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="archivo"; filename="caja.csv"\r\nContent-Type: text/csv\r\n\r\n`),
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0xed, 0xa0, 0x80, 0x80]),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      expect(await post(`multipart/form-data; boundary=${boundary}`, upload)).toEqual({ status: 200, text: "leído" });
    } finally {
      server.close();
    }
  });
});
