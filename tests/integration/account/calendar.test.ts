import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CALENDAR_INVALID } from "#core/contract/calendar";
import * as build from "../../support/builders";
import { startBackend, type TestBackend } from "../../support/backend";

const DAY = 86_400_000;
const NOW = new Date("2026-03-20T10:00:00Z");

let t: TestBackend;
beforeAll(async () => {
  t = await startBackend({ now: NOW });
});
afterAll(() => t.close());

/** The feed as a calendar app reads it: raw HTTP, then a real iCalendar parser. */
async function readFeed(token: string) {
  const response = await fetch(`${t.url}/calendar/${token}`);
  const text = await response.text();
  if (response.status !== 200) return { status: response.status, type: response.headers.get("content-type"), text, events: [] };
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(new ICAL.Timezone(zone));
  const events = calendar.getAllSubcomponents("vevent").map((v) => new ICAL.Event(v));
  return { status: response.status, type: response.headers.get("content-type"), text, events };
}

async function member() {
  const player = await t.player();
  const manager = await t.player();
  const seasonId = await build.season(t.db, { name: `C${Math.random()}` });
  const groupId = await build.group(t.db, {
    name: "Peña del Bar, la de siempre",
    members: [
      { userId: player.id, role: 1 },
      { userId: manager.id, role: 2 },
    ],
  });
  const round = async (number: number, openDate: Date, closeDate: Date) => {
    const quinielaId = await build.pool(t.db, { seasonId, number, startDate: openDate, closingDate: new Date("2100-01-01T00:00:00Z") });
    await build.round(t.db, { groupId, quinielaId, openDate, closeDate });
    return quinielaId;
  };
  return { player, manager, groupId, seasonId, round };
}

describe("the member's calendar feed", () => {
  it("has an event per open, upcoming and recent round of their groups, at the close time in Madrid, and none of other groups", async () => {
    const m = await member();
    const dst = await m.round(30, new Date(NOW.getTime() - DAY), new Date("2026-03-29T01:30:00Z")); // 03:30 CEST, the night the clocks go forward
    await m.round(31, new Date("2026-03-30T10:00:00Z"), new Date("2026-04-05T16:00:00Z")); // upcoming
    await m.round(29, new Date(NOW.getTime() - 9 * DAY), new Date(NOW.getTime() - 3 * DAY)); // recent
    await m.round(10, new Date("2025-10-01T10:00:00Z"), new Date("2025-10-05T16:00:00Z")); // long gone
    const stranger = await member();
    await stranger.round(30, new Date(NOW.getTime() - DAY), new Date("2026-03-28T16:00:00Z"));

    const link = await m.player.get("/User/Calendar");
    expect(link.status).toBe(200);
    expect((await m.player.get("/User/Calendar")).body.token).toBe(link.body.token);
    const feed = await readFeed(link.body.token);
    expect(feed.status).toBe(200);
    expect(feed.type).toBe("text/calendar; charset=utf-8");
    expect(feed.text).toMatch(/^BEGIN:VCALENDAR\r\nVERSION:2\.0\r\nPRODID:/);
    expect(feed.events.map((e) => e.summary)).toEqual([
      "Cierre jornada 29 · Peña del Bar, la de siempre",
      "Cierre jornada 30 · Peña del Bar, la de siempre",
      "Cierre jornada 31 · Peña del Bar, la de siempre",
    ]);
    const j30 = feed.events[1];
    expect(j30.startDate.toJSDate().toISOString()).toBe("2026-03-29T01:30:00.000Z");
    expect(j30.startDate.toString()).toBe("2026-03-29T03:30:00");
    expect(j30.startDate.zone?.tzid).toBe("Europe/Madrid");
    expect(feed.events[2].startDate.toString()).toBe("2026-04-05T18:00:00");
    expect(j30.component.getFirstPropertyValue("url")).toBe(`http://app.test/grupo/${m.groupId}/predictions?quiniela=${dst}`);
    expect(
      j30.component
        .getAllSubcomponents("valarm")
        .map((a) => String(a.getFirstPropertyValue("trigger")))
        .sort(),
    ).toEqual(["-PT1H", "-PT24H"]);
    expect(new Set(feed.events.map((e) => e.uid)).size).toBe(3);
  });

  it("keeps the UID and raises SEQUENCE when the manager changes the close date", async () => {
    const m = await member();
    const quinielaId = await m.round(12, new Date(NOW.getTime() - DAY), new Date(NOW.getTime() + 2 * DAY));
    const { token } = (await m.player.get("/User/Calendar")).body;
    const [before] = (await readFeed(token)).events;
    const moved = await m.manager.post("/GroupQuiniela/ConfigureGroupQuiniela", {
      groupId: m.groupId,
      quinielaId,
      openDate: new Date(NOW.getTime() - DAY).toISOString(),
      closeDate: "2026-03-25T19:45:00.000Z",
    });
    expect(moved.status).toBe(200);
    const [after] = (await readFeed(token)).events;
    expect(after.uid).toBe(before.uid);
    expect(after.sequence).toBeGreaterThan(before.sequence);
    expect(after.startDate.toString()).toBe("2026-03-25T20:45:00");
  });

  it("stops answering at the old address once revoked, with nothing of the group", async () => {
    const m = await member();
    await m.round(5, new Date(NOW.getTime() - DAY), new Date(NOW.getTime() + DAY));
    const old = (await m.player.get("/User/Calendar")).body.token as string;
    expect((await readFeed(old)).status).toBe(200);
    const revoked = await m.player.post("/User/Calendar/Revoke");
    expect(revoked.status).toBe(200);
    expect(revoked.body.token).not.toBe(old);
    const dead = await readFeed(old);
    expect(dead.status).toBe(404);
    expect(JSON.parse(dead.text)).toEqual({ message: CALENDAR_INVALID });
    expect(dead.text).not.toContain("Peña");
    expect((await readFeed(revoked.body.token)).events).toHaveLength(1);
    expect((await m.player.get("/User/Calendar")).body.token).toBe(revoked.body.token);
  });

  it("refuses forged and altered tokens, and a session is needed to read or revoke one's own", async () => {
    const m = await member();
    const token = (await m.player.get("/User/Calendar")).body.token as string;
    const [id, nonce, signature] = token.split(".");
    const other = await t.player();
    const forged = `${other.id}.${nonce}.${signature}`;
    const flipped = `${id}.${nonce}.${signature.slice(0, -1)}${signature.endsWith("0") ? "1" : "0"}`;
    const longId = `999999999.${nonce}.${signature}`;
    for (const bad of [forged, flipped, "nada", `${id}.${nonce}`, longId]) expect((await readFeed(bad)).status).toBe(404);
    expect((await readFeed(token.toUpperCase())).status).toBe(200);
    expect((await t.api.get("/User/Calendar")).status).toBe(401);
    expect((await t.api.post("/User/Calendar/Revoke")).status).toBe(401);
  });
});
