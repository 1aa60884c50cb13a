import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KIOSK_INVALID } from "#core/contract/kiosk";
import { startBackend, type TestBackend } from "../../support/backend";
import * as build from "../../support/builders";

// The BFF's kiosk read against a real backend that then goes away: the office TV keeps its screen.
let t: TestBackend;
let open = true;
let kiosk: typeof import("~/server/kiosk/kiosk.server");
let token: string;
let revokedToken: string;

beforeAll(async () => {
  t = await startBackend();
  process.env.API_URL = t.url;
  process.env.SESSION_SECRET ||= "kiosk-offline-test-secret-long-enough";
  kiosk = await import("~/server/kiosk/kiosk.server");
  const gestor = await t.player("gestor");
  const groupId = await build.group(t.db, { name: "Oficina TI", members: [{ userId: gestor.id, role: 2 }] });
  token = (await gestor.post(`/group/${groupId}/kiosk`)).body.token;
  const revoked = (await gestor.post(`/group/${groupId}/kiosk`)).body;
  revokedToken = revoked.token;
  expect((await gestor.post(`/kiosk/${revoked.id}/revoke`)).status).toBe(200);
  // Signing players up hashes passwords: slow on a busy machine.
}, 180_000);
afterAll(async () => {
  if (open) await t.close();
});

const read = (tk: string) => kiosk.loadKioskScreen(new Request(`http://tv.local/kiosk/${tk}`), tk);

describe("the kiosk screen in the BFF", () => {
  it("keeps the last good content, with the time the connection was lost, while the backend is down", async () => {
    const live = await read(token);
    expect(live).toMatchObject({ offlineSince: null, screen: { group: { name: "Oficina TI", officeIcons: true }, bet: null } });
    await expect(read(revokedToken)).rejects.toMatchObject({ status: 404 });

    await t.close();
    open = false;
    const down = await read(token);
    expect(down?.screen).toEqual(live!.screen);
    expect(down?.readAt).toEqual(live!.readAt);
    expect(down?.offlineSince).toBeInstanceOf(Date);
    // Still down a minute later: the same "since".
    const later = await read(token);
    expect(later?.offlineSince).toEqual(down!.offlineSince);
    // A link this server never read has nothing to keep: the screen waits and retries, it is no error.
    expect(await read(`${token.split(".")[0]}9.${token.split(".").slice(1).join(".")}`)).toBeNull();
  });

  it("answers a malformed link with the plain message, without asking the backend", async () => {
    const refused = await read("../nada").catch((e: Response) => e);
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).status).toBe(404);
    expect(await (refused as Response).text()).toBe(KIOSK_INVALID);
  });
});
