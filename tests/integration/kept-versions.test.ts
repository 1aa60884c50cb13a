// The versions the web keeps the standings and results pages by (decision 070): each names what its
// page shows, so every write that changes the page must move it, and nothing else may. A dependency
// the version misses is a stale page served as a 304: each step below would fail on such a miss.
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sign } from "#core/domain/signs";
import { CALLER_TABLES, KEPT_VERSIONS, NOTICES, heldVersions, keptVersion, type HeldVersions, type NoticedTable } from "../../backend/kept-versions";
import type { Db } from "../../backend/db/db";
import { startBackend, type TestBackend } from "../support/backend";
import * as build from "../support/builders";

type Player = Awaited<ReturnType<TestBackend["player"]>>;

const DAY = 86_400_000;
const ALL_ONES: Sign[] = Array.from({ length: 14 }, () => "1");
const ALL_TWOS: Sign[] = Array.from({ length: 14 }, () => "2");

let t: TestBackend;
/** The versions as the web's edge holds them (decision 077): every read below must equal the route's, after every write. */
let held: HeldVersions;
let admin: Awaited<ReturnType<TestBackend["admin"]>>;
let manager: Player;
let players: Player[];
let outsider: Player;
let groupId: number;
let otherGroupId: number;
let seasonId: number;
/** Rounds 1 and 2 have results; round 3 closed a day ago and waits for them. */
const pools: number[] = [];

beforeAll(async () => {
  t = await startBackend();
  held = await heldVersions(t.deps);
  admin = await t.admin();
  seasonId = await build.season(t.db);
  manager = await t.player("gestorversiones");
  players = [await t.player("versiones0"), await t.player("versiones1"), await t.player("versiones2")];
  outsider = await t.player("gestorajenoversiones");
  groupId = await build.group(t.db, { name: "Peña de las versiones", members: [{ userId: manager.id, role: 2 }, ...players.map((p) => ({ userId: p.id }))] });
  otherGroupId = await build.group(t.db, { name: "Otra peña", members: [{ userId: outsider.id, role: 2 }] });
  const now = Date.now();
  for (let r = 0; r < 3; r++) {
    const id = await build.pool(t.db, { seasonId, number: r + 1 });
    pools.push(id);
    const openDate = new Date(now - (30 - r * 7) * DAY);
    const closeDate = r < 2 ? new Date(now - (27 - r * 7) * DAY) : new Date(now - DAY);
    await build.round(t.db, { groupId, quinielaId: id, openDate, closeDate });
    await build.round(t.db, { groupId: otherGroupId, quinielaId: id, openDate, closeDate });
    for (const [k, p] of [manager, ...players].entries()) {
      await build.prediction(t.db, { groupId, quinielaId: id, userId: p.id, matches: ALL_ONES.map((s, i) => [i < k ? "X" : s]), pleno: { home: 1, away: 0 } });
    }
    if (r < 2) expect((await admin.post("/Quiniela/SetResults", { quinielaId: id, matches: ALL_ONES, plain15: { home: 1, away: 0 } })).status).toBe(200);
  }
});
afterAll(async () => {
  await held.stop();
  await t.close();
});

/** The route's version, which the held one must equal: on PostgreSQL a write's notice reaches the listener a moment after its commit. */
async function versionOf(who: Pick<Player, "get" | "authorization">, path: string): Promise<string> {
  const r = await who.get(path);
  expect(r.status, path).toBe(200);
  expect(typeof r.body.version).toBe("string");
  await expect.poll(() => held.read(who.authorization, path), { message: `held ${path}`, timeout: 2_000, interval: 20 }).toBe(r.body.version);
  return r.body.version as string;
}

const standings = () => `/group/${groupId}/season/${seasonId}/StandingsVersion`;
const results = (numberQuiniela?: number) => `/Bet/RoundSummaryVersion?groupId=${groupId}${numberQuiniela ? `&numberQuiniela=${numberQuiniela}` : ""}`;

/** Runs a write and says which of the watched versions moved. */
async function moved(write: () => Promise<void>, paths: string[]): Promise<boolean[]> {
  const before = await Promise.all(paths.map((p) => versionOf(players[0], p)));
  await write();
  const after = await Promise.all(paths.map((p) => versionOf(players[0], p)));
  return paths.map((_, i) => after[i] !== before[i]);
}

describe("the versions of the standings and of results and bets (decision 070)", () => {
  const watched = () => [standings(), results(), results(1)];

  it("are the same for every member and for an admin, unchanged while nothing is written, and refused to a stranger", async () => {
    for (const path of watched()) {
      const v = await versionOf(players[0], path);
      expect(await versionOf(players[1], path)).toBe(v);
      expect(await versionOf(manager, path)).toBe(v);
      expect(await versionOf(admin, path)).toBe(v);
      expect(await versionOf(players[0], path)).toBe(v);
      expect((await outsider.get(path)).status).toBe(403);
    }
    // The round picked by number is another view than the latest one.
    expect(await versionOf(players[0], results(1))).not.toBe(await versionOf(players[0], results()));
  });

  it("move with a new round's official results, and the latest round's list with it", async () => {
    const [s, latest, first] = await moved(async () => {
      expect((await admin.post("/Quiniela/SetResults", { quinielaId: pools[2], matches: ALL_ONES, plain15: { home: 2, away: 0 } })).status).toBe(200);
    }, watched());
    expect(s).toBe(true);
    expect(latest).toBe(true);
    // Round 1's page lists the rounds with results too: the new one is in its arrows and picker.
    expect(first).toBe(true);
  });

  it("move with corrected results of an earlier round", async () => {
    const [s, , first] = await moved(async () => {
      expect((await admin.post("/Quiniela/SetResults", { quinielaId: pools[0], matches: ALL_TWOS, plain15: { home: 1, away: 0 } })).status).toBe(200);
    }, watched());
    expect(s).toBe(true);
    expect(first).toBe(true);
  });

  it("move with the group's name and with its office icons", async () => {
    const detail = (await manager.get(`/group/${groupId}`)).body as { version: number };
    expect(
      await moved(async () => {
        expect((await manager.put(`/group/${groupId}`, { name: "Peña renombrada", description: "", version: detail.version })).status).toBe(200);
      }, watched()),
    ).toEqual([true, true, true]);
    const icons = await moved(async () => {
      expect((await manager.put(`/group/${groupId}/settings`, { officeIcons: false })).status).toBe(200);
    }, [standings()]);
    expect(icons).toEqual([true]);
  });

  it("move with a member taken out, whose own calls are refused from then on", async () => {
    const gone = players[2];
    const [s, latest] = await moved(async () => {
      expect((await manager.delete(`/group/${groupId}/members/${gone.id}`)).status).toBe(204);
    }, watched());
    expect(s).toBe(true);
    expect(latest).toBe(true);
    expect((await gone.get(standings())).status).toBe(403);
    expect((await gone.get(results())).status).toBe(403);
  });

  it("move with a round's prizes (results and bets shows them on the bet's ticket)", async () => {
    const [, , first] = await moved(async () => {
      expect((await admin.put(`/Quiniela/${pools[0]}/Prizes`, { prizes: { especial: null, primera: 100_000, quinta: 500 } })).status).toBe(200);
    }, watched());
    expect(first).toBe(true);
  });

  it("move with a photo of the stamped ticket added to a round (results and bets shows its resguardo, decision 090)", async () => {
    await t.db.query("insert into bets (group_id, quiniela_id, season_id, top_n, matches) values ($1, $2, $3, 3, $4)", [
      groupId,
      pools[0],
      seasonId,
      JSON.stringify(ALL_ONES.map((s) => [s])),
    ]);
    const photo = await sharp({ create: { width: 40, height: 60, channels: 3, background: "#888" } })
      .jpeg()
      .toBuffer();
    const [s, , first] = await moved(async () => {
      const form = new FormData();
      form.set("quinielaId", String(pools[0]));
      form.set("photo", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "resguardo.jpg");
      expect((await manager.post(`/group/${groupId}/receipts`, form)).status).toBe(201);
    }, watched());
    expect(first).toBe(true);
    // The standings show no resguardo: they do not move.
    expect(s).toBe(false);
  });

  it("do not move with another group's writes", async () => {
    expect(
      await moved(async () => {
        const detail = (await outsider.get(`/group/${otherGroupId}`)).body as { version: number };
        expect((await outsider.put(`/group/${otherGroupId}`, { name: "Otra peña renombrada", description: "", version: detail.version })).status).toBe(200);
      }, watched()),
    ).toEqual([false, false, false]);
  });
});

describe("the versions read in-process by the web's edge (decision 077)", () => {
  const live = (query = "") => `/Group/${groupId}/LiveVersion${query}`;
  const direct = (who: { authorization: string }, address: string) => keptVersion(t.deps, who.authorization, address);

  it("are what each route answers to the same caller, in any casing of the path", async () => {
    for (const address of [standings(), results(), results(1), live(), live(`?quinielaId=${pools[2]}`)]) {
      for (const who of [players[0], manager, admin]) {
        expect(await direct(who, address), address).toBe(await versionOf(who, address));
      }
    }
    expect(await direct(players[0], live().toLowerCase())).toBe(await versionOf(players[0], live()));
    // The live page's version names the caller's role: a manager's differs from a player's.
    expect(await direct(manager, live())).not.toBe(await direct(players[0], live()));
  });

  it("are null wherever the route answers anything but a 200 (a stranger, no session, a group or season that is not, a malformed address), and for any other route", async () => {
    for (const address of [standings(), results(), live()]) {
      expect((await outsider.get(address)).status).toBe(403);
      expect(await direct(outsider, address), address).toBeNull();
      expect(await direct({ authorization: "" }, address), address).toBeNull();
      expect(await direct({ authorization: "Bearer not-a-token-of-anybody-at-all" }, address), address).toBeNull();
    }
    for (const address of [
      `/group/999999/season/${seasonId}/StandingsVersion`,
      `/group/${groupId}/season/999999/StandingsVersion`,
      `/group/x/season/${seasonId}/StandingsVersion`,
      `/Group/${groupId}/LiveVersion?quinielaId=-1`,
      `/Bet/RoundSummaryVersion?groupId=abc`,
      `/Bet/RoundSummaryVersion`,
    ]) {
      expect((await admin.get(address)).status, address).not.toBe(200);
      expect(await direct(admin, address), address).toBeNull();
    }
    // Only the three version routes are read: the views themselves are not versions.
    for (const address of [`/Group/${groupId}/Live`, `/group/${groupId}/season/${seasonId}/Standings`]) {
      expect(await direct(admin, address), address).toBeNull();
    }
  });
});

describe("the versions held by the web's edge (decision 077)", () => {
  const live = () => `/Group/${groupId}/LiveVersion`;
  let statements = 0;
  /** The backend's database, counting what the held reads ask of it. */
  const counted = (): Db => ({
    ...t.db,
    query: (sql, params) => {
      statements++;
      return t.db.query(sql, params);
    },
    one: (sql, params) => {
      statements++;
      return t.db.one(sql, params);
    },
    tx: (fn) => {
      statements++;
      return t.db.tx(fn);
    },
  });
  let watched: HeldVersions;
  beforeAll(async () => {
    watched = await heldVersions({ ...t.deps, db: counted() });
  });
  afterAll(() => watched.stop());

  /** Reads the held version and says how many statements it took. */
  async function read(who: { authorization: string }, address: string) {
    statements = 0;
    const version = await watched.read(who.authorization, address);
    return { version, statements };
  }

  it("are read once, then answered with no statement while nothing they depend on is written, another group's writes included", async () => {
    for (const address of [live(), standings(), results()]) {
      const first = await read(players[0], address);
      expect(first.version).toBe(await keptVersion(t.deps, players[0].authorization, address));
      expect(first.statements).toBeGreaterThan(0);
      expect(await read(players[0], address)).toEqual({ version: first.version, statements: 0 });
      // Each token holds its own: another member reads once too.
      expect((await read(players[1], address)).statements).toBeGreaterThan(0);
    }
    const detail = (await outsider.get(`/group/${otherGroupId}`)).body as { version: number };
    expect((await outsider.put(`/group/${otherGroupId}`, { name: "Otra peña, otra vez", description: "", version: detail.version })).status).toBe(200);
    const heard = await keptVersion(t.deps, players[0].authorization, live());
    expect(await read(players[0], live())).toEqual({ version: heard, statements: 0 });
  });

  it("are read again after a write to their group, to every group (a pool's results) or to their caller (signing out)", async () => {
    const before = (await read(players[0], live())).version;
    expect((await read(players[0], live())).statements).toBe(0);
    const detail = (await manager.get(`/group/${groupId}`)).body as { version: number; description: string | null };
    expect(
      (await manager.put(`/group/${groupId}`, { name: "Peña de las versiones, otra vez", description: detail.description ?? "", version: detail.version }))
        .status,
    ).toBe(200);
    await expect.poll(async () => (await read(players[0], live())).version, { timeout: 2_000, interval: 20 }).not.toBe(before);

    const standing = (await read(players[0], standings())).version;
    expect((await admin.post("/Quiniela/SetResults", { quinielaId: pools[2], matches: ALL_TWOS, plain15: { home: 0, away: 2 } })).status).toBe(200);
    await expect.poll(async () => (await read(players[0], standings())).version, { timeout: 2_000, interval: 20 }).not.toBe(standing);

    const device = await t.login(players[1].username);
    expect(await read(device, live())).toMatchObject({ version: expect.any(String) });
    expect((await device.post("/auth/logout")).status).toBeLessThan(300);
    await expect.poll(async () => (await read(device, live())).version, { timeout: 2_000, interval: 20 }).toBeNull();
  });

  it("are read again when a date they depend on comes, with no write: a round's close", async () => {
    const now = Date.now();
    const pool = await build.pool(t.db, { seasonId, number: 9 });
    await build.round(t.db, { groupId, quinielaId: pool, openDate: new Date(now - DAY), closeDate: new Date(now + 60_000) });
    const address = `${live()}?quinielaId=${pool}`;
    let open = await read(players[0], address);
    await expect.poll(async () => (open = await read(players[0], address)).statements, { timeout: 2_000, interval: 20 }).toBe(0);
    // Two minutes on: past the close, well within the longest hold.
    t.setNow(new Date(now + 120_000));
    try {
      const closed = await read(players[0], address);
      expect(closed.statements).toBeGreaterThan(0);
      expect(closed.version).not.toBe(open.version);
      expect(closed.version).toBe(await keptVersion(t.deps, players[0].authorization, address));
    } finally {
      t.setNow(null);
    }
  });
});

describe("the live page's version follows the round's state as the view decides it (forced, date or results)", () => {
  const live = () => `/Group/${groupId}/LiveVersion`;
  it("moves when a manager force-closes the open round and again when it is reopened, for every member", async () => {
    const now = Date.now();
    const pool = await build.pool(t.db, { seasonId, number: 10, startDate: new Date(now - DAY), closingDate: new Date(now + 4 * DAY) });
    const openDate = new Date(now - DAY);
    const closeDate = new Date(now + 3 * DAY);
    await build.round(t.db, { groupId, quinielaId: pool, openDate, closeDate });
    const status = (forceClosed: boolean) =>
      manager.post("/GroupQuiniela/UpdateStatus", {
        groupId,
        quinielaId: pool,
        openDate: openDate.toISOString(),
        closeDate: closeDate.toISOString(),
        forceClosed,
      });
    const address = `${live()}?quinielaId=${pool}`;
    const members = [players[0], players[1], manager];
    const open = await Promise.all(members.map((p) => versionOf(p, address)));

    expect((await status(true)).status).toBe(200);
    const closed = await Promise.all(members.map((p) => versionOf(p, address)));
    closed.forEach((v, i) => expect(v, members[i]!.username).not.toBe(open[i]));
    expect(closed[0]).toContain(".closed.");

    const reopen = await status(false);
    expect(reopen.status, JSON.stringify(reopen.body)).toBe(200);
    const reopened = await Promise.all(members.map((p) => versionOf(p, address)));
    reopened.forEach((v, i) => expect(v, members[i]!.username).not.toBe(closed[i]));
    expect(reopened[0]).toContain(".open.");
  });
});

describe("what each kept page's version depends on is declared once, and every declared table tells the instances of its writes (decision 082)", () => {
  /** An address of each declared version route, for the test's group, its season and a player. */
  const addressOf = (path: string) =>
    path === "/Bet/RoundSummaryVersion" ? results() : path.replace(":seasonId", String(seasonId)).replace(":id", String(groupId));
  const pages = () => KEPT_VERSIONS.map((kept) => ({ kept, address: addressOf(kept.path), tables: [...new Set([...kept.tables, ...CALLER_TABLES])] }));
  let captured: { sql: string; params: unknown[] }[] = [];
  let statements = 0;
  const capturing = (): Db => ({
    ...t.db,
    query: (sql, params) => {
      statements++;
      captured.push({ sql, params: params ?? [] });
      return t.db.query(sql, params);
    },
    one: (sql, params) => {
      statements++;
      captured.push({ sql, params: params ?? [] });
      return t.db.one(sql, params);
    },
  });
  let watched: HeldVersions;
  beforeAll(async () => {
    watched = await heldVersions({ ...t.deps, db: capturing() });
  });
  afterAll(() => watched.stop());

  it("names every table that has a notice trigger, with the trigger's own argument, and every declared table has one (row and truncate)", async () => {
    const triggers = await t.db.query<{ table: string; definition: string }>(
      `select c.relname as table, pg_get_triggerdef(tg.oid) as definition
         from pg_trigger tg join pg_class c on c.oid = tg.tgrelid join pg_proc f on f.oid = tg.tgfoid
        where f.proname = 'version_notice' and not tg.tgisinternal`,
    );
    const rowArgument = new Map<string, string>();
    const truncated = new Set<string>();
    for (const { table, definition } of triggers) {
      if (/TRUNCATE/i.test(definition)) truncated.add(table);
      else rowArgument.set(table, /version_notice\('([\w-]+)'\)/.exec(definition)?.[1] ?? "");
    }
    expect(Object.fromEntries(rowArgument)).toEqual(NOTICES);
    expect([...truncated].sort()).toEqual(Object.keys(NOTICES).sort());
    for (const { kept, tables } of pages()) for (const table of tables) expect(Object.keys(NOTICES), `${kept.path}: ${table}`).toContain(table);
  });

  it("reads no table it does not declare (every statement of a read, its hold's dates included, explained)", async () => {
    /** Every table a plan scans, its subplans' included. */
    const relations = (plan: unknown, into = new Set<string>()): Set<string> => {
      if (Array.isArray(plan)) plan.forEach((p) => relations(p, into));
      else if (plan && typeof plan === "object") {
        for (const [key, value] of Object.entries(plan)) {
          if (key === "Relation Name" && typeof value === "string") into.add(value);
          else relations(value, into);
        }
      }
      return into;
    };
    for (const { kept, address, tables } of pages()) {
      // Read once unheld (a stale standings set is computed then), then captured on the held read's first look.
      expect(await keptVersion(t.deps, players[0].authorization, address), address).not.toBeNull();
      captured = [];
      expect(await watched.read(players[0].authorization, address)).not.toBeNull();
      expect(captured.length, address).toBeGreaterThan(0);
      const read = new Set<string>();
      for (const { sql, params } of captured) {
        expect(sql.trim(), `${address}: a version read writes nothing`).toMatch(/^(select|with)\b/i);
        const [plan] = await t.db.query<Record<string, unknown>>(`explain (format json) ${sql}`, params);
        relations(Object.values(plan!)[0], read);
      }
      const dated = kept.dates.flatMap((d) => (d === "madrid-midnight" ? [] : [d.table]));
      for (const table of read) expect([...tables, ...dated], `${kept.path} reads ${table}`).toContain(table);
      // And each declared table is read: a declaration that names more than it reads holds less than it could.
      for (const table of kept.tables) expect([...read], `${kept.path} declares ${table}`).toContain(table);
    }
  });

  it("is read again after a write to any declared table that concerns the page (each table written in turn)", async () => {
    const reader = players[0];
    const scopeOf: Record<(typeof NOTICES)[NoticedTable], string> = {
      group: "group_id = (select g from k)",
      "group-row": "id = (select g from k)",
      bet: "bet_id in (select id from bets where group_id = (select g from k))",
      user: "user_id = (select u from k)",
      "user-row": "id = (select u from k)",
      all: "true",
    };
    // Rows the setup has none of for this group: a round played with its group bet, a provisional score set and one cleared.
    const now = Date.now();
    const pool = await build.pool(t.db, { seasonId, number: 11, startDate: new Date(now - 2 * DAY), closingDate: new Date(now + DAY) });
    await build.round(t.db, { groupId, quinielaId: pool, openDate: new Date(now - 2 * DAY), closeDate: new Date(now - DAY) });
    for (const p of [manager, players[0], players[1]]) {
      await build.prediction(t.db, { groupId, quinielaId: pool, userId: p.id, matches: ALL_ONES.map((s) => [s]), pleno: { home: 1, away: 0 } });
    }
    const bet = await manager.post("/Bet/GenerateBet", { groupId, quinielaId: pool, topNUsers: 3 });
    expect(bet.status, JSON.stringify(bet.body)).toBeLessThan(300);
    await t.db.query(
      `insert into ticket_receipts (group_id, quiniela_id, uploaded_by, uploaded_at, before_start, width, height, image, thumbnail)
       values ($1, $2, $3, now(), true, 1, 1, '\\x00', '\\x00')`,
      [groupId, pool, manager.id],
    );
    for (const [position, home] of [
      [1, 2],
      [2, 1],
      [2, ""],
    ] as const) {
      const score = await manager.post(`/Group/${groupId}/ProvisionalResult`, { quinielaId: pool, position, home, away: home === "" ? "" : 0 });
      expect(score.status, JSON.stringify(score.body)).toBe(200);
    }
    for (const { kept, address, tables } of pages()) {
      for (const table of tables) {
        const [first] = await t.db.query<{ column_name: string }>(
          "select column_name from information_schema.columns where table_name = $1 order by ordinal_position limit 1",
          [table],
        );
        const warm = async () => {
          statements = 0;
          await watched.read(reader.authorization, address);
          return statements;
        };
        await expect.poll(warm, { message: `${address} held`, timeout: 2_000, interval: 20 }).toBe(0);
        const column = first!.column_name;
        const written = await t.db.query(
          `with k(g, u) as (select $1::int, $2::int)
           update ${table} set ${column} = ${column} where ctid = (select ctid from ${table} where ${scopeOf[NOTICES[table]]} limit 1) returning 1`,
          [groupId, reader.id],
        );
        expect(written.length, `${kept.path}: the setup has a row of ${table} for the group`).toBe(1);
        await expect.poll(warm, { message: `${kept.path} read again after a write to ${table}`, timeout: 2_000, interval: 20 }).toBeGreaterThan(0);
      }
    }
  });
});
