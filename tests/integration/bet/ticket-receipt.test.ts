import { readFileSync } from "node:fs";
import { deflateSync, crc32 } from "node:zlib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RECEIPT_MAX_BYTES, RECEIPT_MESSAGES } from "#core/contract/receipt";
import { sendDueReceiptAsks } from "../../../backend/services/mail/receipt-reminders";
import { sendDueDigests } from "../../../backend/services/mail/digest";
import { runRoundCloses } from "../../../backend/services/close/close-job";
import { startBackend, type TestBackend } from "../../support/backend";
import * as build from "../../support/builders";
import { decodeBody } from "../../support/mail-sink.mjs";

/**
 * El resguardo (decision 090): the week's stamper uploads the photo of the stamped ticket; what is
 * kept is a new JPEG, upright, with no metadata; anything else is refused with nothing stored; only
 * the peña's members reach it; a missing one is asked for once, two hours before the first match.
 */
const HOUR = 3_600_000;
const NOW = new Date("2026-03-14T16:00:00Z"); // a Saturday, 17:00 in Madrid
const FIRST_MATCH = new Date(NOW.getTime() + 3 * HOUR);

let t: TestBackend;
beforeAll(async () => {
  t = await startBackend({ now: NOW });
}, 300_000);
afterAll(() => t?.close());

type Player = Awaited<ReturnType<TestBackend["player"]>>;

/** A peña whose rota names ana for this week, with its group bet generated and its first match in three hours. */
async function peña(options: { firstMatch?: Date; bet?: boolean } = {}) {
  const [manager, ana, bea] = [await t.player(), await t.player(), await t.player()];
  const groupId = await build.group(t.db, { name: "Peña del Sello", members: [{ userId: manager.id, role: 2 }, { userId: ana.id }, { userId: bea.id }] });
  const seasonId = await build.season(t.db, { name: `Resguardo ${Math.random()}`, startDate: "2025-08-01" });
  const firstMatch = options.firstMatch ?? FIRST_MATCH;
  const quinielaId = await build.pool(t.db, { seasonId, number: 31, startDate: new Date(firstMatch.getTime() - 5 * 86_400_000), closingDate: firstMatch });
  await build.round(t.db, { groupId, quinielaId, openDate: new Date(firstMatch.getTime() - 5 * 86_400_000), closeDate: new Date(firstMatch.getTime() - HOUR) });
  const rules = { quotaCents: 0, quotaBasis: "round", payTicket: true, lastPlaceFineCents: 0, hideBalances: false, bestPrizeCents: 0, pinaPenaltyCents: 0 };
  expect((await manager.put(`/group/${groupId}/caja/rules`, { ...rules, stampRota: [ana.id, bea.id, manager.id] })).status).toBe(200);
  let betId = 0;
  if (options.bet !== false) {
    const bet = await t.db.one<{ id: number }>(
      "insert into bets (group_id, quiniela_id, season_id, top_n, matches, pleno_home, pleno_away) values ($1, $2, $3, 3, $4, 1, 0) returning id",
      [groupId, quinielaId, seasonId, JSON.stringify(Array.from({ length: 14 }, () => ["1"]))],
    );
    betId = bet!.id;
  }
  return { manager, ana, bea, groupId, quinielaId, seasonId, betId, base: `/group/${groupId}/receipts` };
}

/** A phone's photo: 400×200 as stored by the camera (red on the left, blue on the right), to be turned a quarter (orientation 6), with its GPS position, device and owner. */
async function phonePhoto() {
  const red = await sharp({ create: { width: 200, height: 200, channels: 3, background: "#ff0000" } })
    .png()
    .toBuffer();
  return sharp({ create: { width: 400, height: 200, channels: 3, background: "#0000ff" } })
    .composite([{ input: red, left: 0, top: 0 }])
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: "Telefono", Model: "Modelo X1", Artist: "Ana Propietaria" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "40/1 25/1 1/1", GPSLongitudeRef: "W", GPSLongitude: "3/1 42/1 1/1" },
    })
    .toBuffer();
}

/** A PNG that says 9000×9000 (81 megapixels of one grey): about 80 KB sent, 81 MB once decoded. */
function bomb() {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const side = 9000;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from("\x89PNG\r\n\x1a\n", "latin1"),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.alloc((side + 1) * side), { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const upload = (
  who: Player,
  base: string,
  quinielaId: number,
  bytes: Buffer,
  name = "resguardo.jpg",
  type = "image/jpeg",
  extra: Record<string, string> = {},
) => {
  const form = new FormData();
  form.set("quinielaId", String(quinielaId));
  for (const [k, v] of Object.entries(extra)) form.set(k, v);
  form.set("photo", new Blob([new Uint8Array(bytes)], { type }), name);
  return who.post(base, form);
};

const imageOf = async (who: Player, path: string) => {
  const response = await fetch(t.url + path, { headers: { authorization: who.authorization } });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
};

const stored = async (groupId: number) =>
  (await t.db.one<{ n: number }>("select count(*)::integer as n from ticket_receipts where group_id = $1", [groupId]))!.n;

describe("the resguardo", () => {
  it("keeps a phone's photo upright, re-encoded, with no metadata at all, and says when it came", async () => {
    const p = await peña();
    const sent = await upload(p.ana, p.base, p.quinielaId, await phonePhoto());
    expect(sent.status).toBe(201);
    const [receipt] = sent.body.receipts;
    expect(sent.body).toMatchObject({ numberQuiniela: 31, started: false, hasBet: true, canUpload: true, stamper: p.ana.username });
    expect(receipt).toMatchObject({ uploadedById: p.ana.id, uploadedBy: p.ana.username, beforeStart: true, uploadedAt: NOW.toISOString(), canRemove: true });
    // Upright: the camera's 400×200 turned a quarter is 200×400, its left (red) now on top.
    expect(receipt).toMatchObject({ width: 200, height: 400 });
    const image = await imageOf(p.bea, `${p.base}/${receipt.file}`);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/jpeg");
    expect(image.headers.get("cache-control")).toMatch(/^private/);
    const meta = await sharp(image.bytes).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: 200, height: 400 });
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.iptc).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    for (const word of ["Telefono", "Modelo X1", "Ana Propietaria", "GPS"]) expect(image.bytes.toString("latin1")).not.toContain(word);
    const { data, info } = await sharp(image.bytes).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
    expect(pixel(100, 50)[0]).toBeGreaterThan(200); // red on top
    expect(pixel(100, 50)[2]).toBeLessThan(60);
    expect(pixel(100, 350)[2]).toBeGreaterThan(200); // blue below
    const thumb = await imageOf(p.bea, `${p.base}/${receipt.thumbnail}`);
    expect(await sharp(thumb.bytes).metadata()).toMatchObject({ format: "jpeg", width: 160, height: 320 });
    // The office screen has no session: its thumbnail travels inside its answer.
    const link = await p.manager.post(`/group/${p.groupId}/kiosk`);
    const screen = await t.api.get(`/kiosk/${link.body.token}/standings`);
    expect(screen.body.bet?.receipt).toMatchObject({ uploadedAt: NOW.toISOString(), beforeStart: true });
    expect(screen.body.bet.receipt.thumbnail).toBe(`data:image/jpeg;base64,${thumb.bytes.toString("base64")}`);
    // The audit trail names the upload and its time.
    const audit = await t.db.query<{ action: string; after: { subida: string } }>(
      "select action, after from audit_log where group_id = $1 and entity = 'receipt'",
      [p.groupId],
    );
    expect(audit).toEqual([
      { action: "receipt.add", after: expect.objectContaining({ subida: "Sellado y subido a las 17:00 del sábado, antes del primer partido" }) },
    ]);
  });

  it("refuses an SVG, a text file named .jpg, a PDF, a polyglot's other head, a photo over 12 MB and a decompression bomb, each with its message and nothing stored", async () => {
    const p = await peña();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>');
    const cases: [string, Buffer, string, string, number][] = [
      ["svg", svg, "boleto.svg", RECEIPT_MESSAGES.notPhoto, 400],
      ["svg as jpg", svg, "boleto.jpg", RECEIPT_MESSAGES.notPhoto, 400],
      ["text as jpg", Buffer.from("Esto no es una foto, es texto.\n".repeat(50)), "boleto.jpg", RECEIPT_MESSAGES.notImage, 400],
      ["pdf", Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"), "boleto.jpg", RECEIPT_MESSAGES.notImage, 400],
      [
        "gif",
        await sharp({ create: { width: 8, height: 8, channels: 3, background: "#fff" } })
          .gif()
          .toBuffer(),
        "boleto.jpg",
        RECEIPT_MESSAGES.notPhoto,
        400,
      ],
      [
        "html then jpeg",
        Buffer.concat([Buffer.from("<html><script>alert(1)</script></html>"), await phonePhoto()]),
        "boleto.jpg",
        RECEIPT_MESSAGES.notImage,
        400,
      ],
      ["30 MB", Buffer.concat([await phonePhoto(), Buffer.alloc(RECEIPT_MAX_BYTES * 2.5)]), "boleto.jpg", RECEIPT_MESSAGES.tooLarge, 413],
      ["bomb", bomb(), "boleto.png", RECEIPT_MESSAGES.tooManyPixels, 400],
    ];
    for (const [label, bytes, name, message, status] of cases) {
      const sent = await upload(p.ana, p.base, p.quinielaId, bytes, name);
      expect({ label, status: sent.status, body: sent.body }).toEqual({ label, status, body: { message } });
    }
    expect(await stored(p.groupId)).toBe(0);
    // A JPEG with something after its end is decoded and written anew: what follows is not kept.
    const tail = await upload(p.ana, p.base, p.quinielaId, Buffer.concat([await phonePhoto(), Buffer.from("<script>alert(1)</script>")]));
    expect(tail.status).toBe(201);
    expect((await imageOf(p.ana, `${p.base}/${tail.body.receipts[0].file}`)).bytes.toString("latin1")).not.toContain("<script>");
  });

  it("takes an AVIF photo; refuses an iPhone's HEIC, which sharp cannot decode, with what to do instead (decision 093)", async () => {
    const p = await peña();
    const avif = await sharp({ create: { width: 240, height: 120, channels: 3, background: "#20a040" } })
      .avif()
      .toBuffer();
    expect(await sharp(avif).metadata()).toMatchObject({ format: "heif", compression: "av1" });
    const taken = await upload(p.ana, p.base, p.quinielaId, avif, "boleto.avif", "image/avif");
    expect(taken.status).toBe(201);
    expect(await sharp((await imageOf(p.ana, `${p.base}/${taken.body.receipts[0].file}`)).bytes).metadata()).toMatchObject({
      format: "jpeg",
      width: 240,
      height: 120,
    });
    // fixtures/photos/hevc-64x48.heic: a HEVC-coded HEIF as an iPhone's camera writes it (fixtures/README.md).
    const heic = readFileSync(new URL("../../../fixtures/photos/hevc-64x48.heic", import.meta.url));
    expect(await sharp(heic).metadata()).toMatchObject({ format: "heif", compression: "hevc", width: 64, height: 48 });
    const refused = await upload(p.ana, p.base, p.quinielaId, heic, "IMG_0001.HEIC", "image/heic");
    expect(refused).toEqual({ status: 400, body: { message: RECEIPT_MESSAGES.heic } });
    expect(RECEIPT_MESSAGES.heic).toContain("«Más compatible»");
    expect(await stored(p.groupId)).toBe(1);
  });

  it("is for the stamper or a manager to add, for the peña's members only to see; a stranger and another peña's member reach nothing", async () => {
    const p = await peña();
    const other = await peña();
    const stranger = await t.player();
    const admin = await t.admin();
    expect(await upload(p.bea, p.base, p.quinielaId, await phonePhoto())).toEqual({ status: 403, body: { message: RECEIPT_MESSAGES.notStamper } });
    const sent = await upload(p.manager, p.base, p.quinielaId, await phonePhoto());
    expect(sent.status).toBe(201);
    const path = `${p.base}/${sent.body.receipts[0].file}`;
    expect((await p.bea.get(p.base)).body).toMatchObject({ canUpload: false, receipts: [{ canRemove: false }] });
    for (const who of [stranger, other.ana, other.manager]) {
      expect((await imageOf(who, path)).status, "outsider").toBe(403);
      expect((await imageOf(who, `${p.base}/${sent.body.receipts[0].thumbnail}`)).status).toBe(403);
      expect((await who.get(p.base)).status).toBe(403);
      expect((await upload(who as Player, p.base, p.quinielaId, await phonePhoto())).status).toBe(403);
    }
    // The same photo asked through the other peña's path is not there.
    expect((await imageOf(other.ana, `${other.base}/${sent.body.receipts[0].file}`)).status).toBe(404);
    expect((await fetch(t.url + path)).status).toBe(401);
    // An admin who is not a member of the peña is not one of its members either.
    expect((await admin.get(path)).status).toBe(403);
    // The share page's answer carries no photo.
    const share = await p.manager.post(`/group/${p.groupId}/share`, { kind: "bet", quinielaId: p.quinielaId });
    expect(share.status).toBe(201);
    const publicView = await t.api.get(`/share/${share.body.token}`);
    expect(publicView.status).toBe(200);
    expect(JSON.stringify(publicView.body)).not.toMatch(/receipt|resguardo|\.jpg/);
    expect(await stored(p.groupId)).toBe(1);
  });

  it("is removed or replaced by its uploader or a manager until the first match; after it, it stays and a replacement is added beside it", async () => {
    const p = await peña();
    const first = await upload(p.ana, p.base, p.quinielaId, await phonePhoto());
    const firstId = first.body.receipts[0].id;
    expect((await p.bea.delete(`${p.base}/${firstId}`)).status).toBe(403);
    const replaced = await upload(p.ana, p.base, p.quinielaId, await phonePhoto(), "b.jpg", "image/jpeg", { replacesId: String(firstId) });
    expect(replaced.status).toBe(201);
    expect(replaced.body.receipts.map((r: { id: number }) => r.id)).not.toContain(firstId);
    const secondId = replaced.body.receipts[0].id;
    expect((await p.manager.delete(`${p.base}/${secondId}`)).status).toBe(204);
    expect(await stored(p.groupId)).toBe(0);
    const kept = await upload(p.ana, p.base, p.quinielaId, await phonePhoto());
    const keptId = kept.body.receipts[0].id;
    t.setNow(new Date(FIRST_MATCH.getTime() + 60_000));
    try {
      expect(await p.manager.delete(`${p.base}/${keptId}`)).toEqual({ status: 409, body: { message: RECEIPT_MESSAGES.started } });
      const beside = await upload(p.ana, p.base, p.quinielaId, await phonePhoto(), "c.jpg", "image/jpeg", { replacesId: String(keptId) });
      expect(beside.status).toBe(201);
      expect(beside.body).toMatchObject({ started: true });
      expect(beside.body.receipts).toEqual([
        expect.objectContaining({ id: keptId, beforeStart: true, canRemove: false }),
        expect.objectContaining({ replacesId: keptId, beforeStart: false, canRemove: false }),
      ]);
    } finally {
      t.setNow(NOW);
    }
    const actions = await t.db.query<{ action: string }>("select action from audit_log where group_id = $1 and entity = 'receipt' order by id", [p.groupId]);
    expect(actions.map((a) => a.action)).toEqual([
      "receipt.add",
      "receipt.replace",
      "receipt.add",
      "receipt.remove",
      "receipt.add",
      "receipt.beside",
      "receipt.add",
    ]);
  });

  it("is asked for once, two hours before the first match, of the stamper; of the managers when the rota's turn has no account; not once it is there", async () => {
    const p = await peña();
    const quiet = await peña();
    const none = await peña();
    // In quiet's peña the resguardo is already up; in none's, the week's turn is a member who has left.
    expect((await upload(quiet.ana, quiet.base, quiet.quinielaId, await phonePhoto())).status).toBe(201);
    await t.db.query("update group_members set removed_at = now() where group_id = $1 and user_id = $2", [none.groupId, none.ana.id]);
    const mails = (who: Player) => t.mail.to(`${who.username}@test.local`);
    await sendDueReceiptAsks(t.deps); // three hours before: nobody
    expect(mails(p.ana)).toHaveLength(0);
    t.setNow(new Date(FIRST_MATCH.getTime() - 2 * HOUR + 60_000));
    try {
      await Promise.all([sendDueReceiptAsks(t.deps), sendDueReceiptAsks(t.deps)]);
      await sendDueReceiptAsks(t.deps);
    } finally {
      t.setNow(NOW);
    }
    expect(mails(p.ana)).toHaveLength(1);
    expect(mails(p.ana)[0]!.subject).toBe("Quiniela de peñas: falta el resguardo de la jornada 31 de Peña del Sello");
    expect(mails(p.ana)[0]!.text).toContain(`http://app.test/grupo/${p.groupId}/quiniela-grupal?quiniela=${p.quinielaId}#resguardo`);
    expect(mails(p.ana)[0]!.text).toContain("14/03/2026 20:00 (hora de Madrid)");
    for (const who of [p.bea, p.manager, quiet.ana, quiet.manager]) expect(mails(who)).toHaveLength(0);
    // ana left none's peña: its rota now names bea; she is asked.
    expect(mails(none.bea).length + mails(none.manager).length).toBe(1);
    // The mail went through the policy: it is counted against the address.
    const counted = await t.db.one<{ n: number }>("select count(*)::integer as n from mail_requests where route = 'receipt' and address = $1", [
      `${p.ana.username}@test.local`,
    ]);
    expect(counted!.n).toBe(1);
  });

  it("shows on the caja's ticket movement and in the round's digest, and says so where there is none", async () => {
    const p = await peña({ firstMatch: new Date(NOW.getTime() - 2 * 86_400_000) });
    const q = await peña({ firstMatch: new Date(NOW.getTime() - 2 * 86_400_000) });
    // p's stamper uploaded before the start; q has none. Both bets confirmed, both won 10 €.
    t.setNow(new Date(NOW.getTime() - 3 * 86_400_000));
    try {
      expect((await upload(p.manager, p.base, p.quinielaId, await phonePhoto())).status).toBe(201);
    } finally {
      t.setNow(NOW);
    }
    for (const g of [p, q]) {
      await t.db.query("update bets set confirmed = true, confirmed_at = now() where id = $1", [g.betId]);
      await build.results(
        t.db,
        g.quinielaId,
        Array.from({ length: 14 }, () => "1"),
        { home: 1, away: 0 },
      );
    }
    await runRoundCloses(t.deps);
    const movements = async (g: typeof p) => (await g.bea.get(`/group/${g.groupId}/caja`)).body.movements as { kind: string; receipt?: unknown }[];
    expect((await movements(p)).find((m) => m.kind === "ticket")?.receipt).toMatchObject({
      quinielaId: p.quinielaId,
      file: expect.stringMatching(/^\d+\.jpg$/),
      beforeStart: true,
    });
    expect((await movements(q)).find((m) => m.kind === "ticket")?.receipt).toEqual({ quinielaId: q.quinielaId, file: null, beforeStart: null });
    // The escrutinio comes: each bet's prize is credited, and the one of the jornada with no photo says so (the caja page's «sin resguardo»).
    const admin = await t.admin();
    const prizes = { especial: 100_000, primera: 50_000, segunda: 1_000, tercera: 500, cuarta: 200, quinta: 100 };
    for (const g of [p, q]) expect((await admin.put(`/Quiniela/${g.quinielaId}/Prizes`, { prizes })).status).toBe(200);
    const prize = async (g: typeof p) => (await movements(g)).find((m) => m.kind === "prize") as { amountCents: number; receipt?: unknown } | undefined;
    expect(await prize(p)).toMatchObject({ receipt: { quinielaId: p.quinielaId, file: expect.stringMatching(/^\d+\.jpg$/), beforeStart: true } });
    expect(await prize(q)).toMatchObject({ amountCents: expect.any(Number), receipt: { quinielaId: q.quinielaId, file: null, beforeStart: null } });
    expect((await prize(q))!.amountCents).toBeGreaterThan(0);

    // The round's digest says it too, with the link where members see it.
    await sendDueDigests(t.deps);
    const digest = (who: Player, type: string) => {
      const mail = t.mail.to(`${who.username}@test.local`).find((m) => m.subject.includes("resumen de la jornada 31"))!;
      const boundary = /boundary="?([^";\r\n]+)"?/i.exec(mail.raw)![1];
      const section = mail.raw.split(`--${boundary}`).find((s) => new RegExp(`content-type:\\s*${type}`, "i").test(s))!;
      return decodeBody(section.replace(/^\r?\n/, "")).text;
    };
    expect(digest(p.bea, "text/plain")).toContain("Resguardo del boleto: subido antes del primer partido.");
    expect(digest(p.bea, "text/plain")).toContain(`Ver el resguardo: http://app.test/grupo/${p.groupId}/quiniela-grupal?quiniela=${p.quinielaId}#resguardo`);
    expect(digest(p.bea, "text/html")).toContain("Ver el resguardo</a>");
    expect(digest(q.bea, "text/plain")).toContain("Resguardo del boleto: nadie subió la foto del boleto sellado.");
  });
});
