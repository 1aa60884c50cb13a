/**
 * El resguardo (decision 090): the photos of a jornada's stamped ticket. The week's stamper or a
 * manager adds them; every member sees them; nothing of the file that was sent is kept but the
 * picture, decoded by sharp, turned upright, fitted, re-encoded without a single metadata field.
 * Before the jornada's first match a photo can be removed or replaced by its uploader or a manager;
 * from then on it stays, and a replacement is added beside it. The audit trail records each.
 */
import sharp, { type Metadata } from "sharp";
import {
  RECEIPT_MAX_BYTES,
  RECEIPT_MAX_PIXELS,
  RECEIPT_MESSAGES,
  RECEIPT_SIDE,
  RECEIPT_THUMB_SIDE,
  type ReceiptStatus,
  type TicketReceipt,
} from "#core/contract/receipt";
import { receiptLine, receiptRemovable } from "#core/domain/bet/receipt";
import type { AuthUser, Deps } from "../../context";
import type { Db } from "../../db/db";
import { ApiError, badRequest, conflict, forbidden, notFound } from "../../errors";
import { recordAudit } from "../shelf/audit";
import { managesGroup } from "../group/group";
import { stamper } from "./stamper";

/**
 * What sharp's header reading may call a photo: JPEG, PNG, WebP and HEIF. Of HEIF, the prebuilt sharp
 * decodes AVIF (AV1) but not HEIC (HEVC, an iPhone's own format): that one is refused with its own
 * message once decoding fails (decision 093).
 */
const PHOTO_FORMATS = new Set(["jpeg", "png", "webp", "heif"]);

/** The first bytes each accepted format starts with: a file whose head is something else is not taken, whatever follows. */
function startsAsPhoto(bytes: Buffer, format: string): boolean {
  const ascii = (from: number, to: number) => bytes.subarray(from, to).toString("latin1");
  switch (format) {
    case "jpeg":
      return bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
    case "png":
      return ascii(0, 8) === "\x89PNG\r\n\x1a\n";
    case "webp":
      return ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP";
    case "heif":
      return ascii(4, 8) === "ftyp";
    default:
      return false;
  }
}

export interface ProcessedReceipt {
  image: Buffer;
  thumbnail: Buffer;
  width: number;
  height: number;
}

/**
 * The stored photo from the sent bytes, or a 400/413 saying which rule refused them: over the size,
 * not an image at all (a text file called .jpg), an image that is not a photo's format (SVG, PDF,
 * GIF), more pixels than any phone's photo (a decompression bomb, read from its header before
 * anything is decoded), or one that cannot be decoded. The format is sharp's reading of the bytes,
 * never the name or the declared type.
 */
export async function processReceipt(bytes: Buffer): Promise<ProcessedReceipt> {
  if (bytes.length > RECEIPT_MAX_BYTES) throw new ApiError(413, RECEIPT_MESSAGES.tooLarge);
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw badRequest(RECEIPT_MESSAGES.notImage);
  }
  if (!meta.format || !PHOTO_FORMATS.has(meta.format)) throw badRequest(RECEIPT_MESSAGES.notPhoto);
  if (!startsAsPhoto(bytes, meta.format)) throw badRequest(RECEIPT_MESSAGES.notPhoto);
  if (!meta.width || !meta.height) throw badRequest(RECEIPT_MESSAGES.unreadable);
  if (meta.width * meta.height > RECEIPT_MAX_PIXELS) throw badRequest(RECEIPT_MESSAGES.tooManyPixels);
  try {
    // rotate() applies the photo's orientation; a JPEG written without withMetadata() carries no EXIF, GPS, ICC or XMP.
    const upright = sharp(bytes, { limitInputPixels: RECEIPT_MAX_PIXELS, failOn: "error" }).rotate();
    const { data: image, info } = await upright
      .clone()
      .resize({ width: RECEIPT_SIDE, height: RECEIPT_SIDE, fit: "inside", withoutEnlargement: true })
      .jpeg({ quality: 80, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    const thumbnail = await upright
      .clone()
      .resize({ width: RECEIPT_THUMB_SIDE, height: RECEIPT_THUMB_SIDE, fit: "inside", withoutEnlargement: true })
      .jpeg({ quality: 70, mozjpeg: true })
      .toBuffer();
    return { image, thumbnail, width: info.width, height: info.height };
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw badRequest(RECEIPT_MESSAGES.tooManyPixels);
    if (meta.format === "heif" && meta.compression === "hevc") throw badRequest(RECEIPT_MESSAGES.heic);
    throw badRequest(RECEIPT_MESSAGES.unreadable);
  }
}

interface RoundRow {
  group_quiniela_id: number;
  quiniela_id: number;
  number: number;
  first_match_at: Date | string;
  first_match_known: boolean;
  has_bet: boolean;
}

/**
 * The jornada of the group asked for, or by default the latest that has a group bet (the one
 * whose ticket is or was to be stamped). Its first match starts at the earliest official start the
 * operator gave its matches; without them, at the pool's official close (`first_match_at`,
 * migration 041, decision 093).
 */
async function roundOf(db: Db, groupId: number, quinielaId: number | undefined, now: Date): Promise<RoundRow | null> {
  const row = await db.one<RoundRow>(
    `select gq.id as group_quiniela_id, gq.quiniela_id, q.number, first_match_at(q.id) as first_match_at,
            (select count(*) > 0 and count(*) = count(m.kick_off) from quiniela_matches m where m.quiniela_id = q.id) as first_match_known,
            exists (select 1 from bets b where b.group_id = gq.group_id and b.quiniela_id = gq.quiniela_id) as has_bet
       from group_quinielas gq join quinielas q on q.id = gq.quiniela_id
      where gq.group_id = $1
        and (case when $2::integer is null
                  then gq.open_date <= $3 and exists (select 1 from bets b where b.group_id = gq.group_id and b.quiniela_id = gq.quiniela_id)
                  else gq.quiniela_id = $2::integer end)
      order by q.closing_date desc, q.id desc limit 1`,
    [groupId, quinielaId ?? null, now],
  );
  return row ?? null;
}

interface ReceiptRow {
  id: number;
  uploaded_by: number | null;
  uploaded_by_name: string | null;
  uploaded_at: Date | string;
  before_start: boolean;
  replaces_id: number | null;
  width: number;
  height: number;
}

const RECEIPT_COLUMNS = `r.id, r.uploaded_by, case when r.uploaded_by is null then null else member_name(r.group_id, r.uploaded_by) end as uploaded_by_name,
  r.uploaded_at, r.before_start, r.replaces_id, r.width, r.height`;

async function receiptRows(db: Db, groupId: number, quinielaId: number): Promise<ReceiptRow[]> {
  return db.query<ReceiptRow>(`select ${RECEIPT_COLUMNS} from ticket_receipts r where r.group_id = $1 and r.quiniela_id = $2 order by r.uploaded_at, r.id`, [
    groupId,
    quinielaId,
  ]);
}

/** Whether the caller is this jornada's stamper (the rota's turn, fixed at the confirm: decision 065). */
async function stampsIt(deps: Deps, userId: number, groupId: number, quinielaId: number): Promise<{ stamps: boolean; name: string | null }> {
  const turn = await stamper(deps, groupId, quinielaId);
  return { stamps: turn.current?.userId === userId, name: turn.current?.username ?? null };
}

/** GET /group/{id}/receipts: a jornada's resguardo as a member sees it. */
export async function receiptStatus(deps: Deps, user: AuthUser, groupId: number, quinielaId?: number): Promise<ReceiptStatus> {
  const now = deps.clock();
  const round = await roundOf(deps.db, groupId, quinielaId, now);
  if (!round)
    return {
      quinielaId: null,
      numberQuiniela: null,
      firstMatchAt: null,
      firstMatchKnown: false,
      started: false,
      hasBet: false,
      canUpload: false,
      stamper: null,
      receipts: [],
    };
  const [rows, manager, turn] = await Promise.all([
    receiptRows(deps.db, groupId, round.quiniela_id),
    managesGroup(deps.db, user, groupId),
    stampsIt(deps, user.id, groupId, round.quiniela_id),
  ]);
  const open = receiptRemovable(round.first_match_at, now);
  return {
    quinielaId: round.quiniela_id,
    numberQuiniela: round.number,
    firstMatchAt: new Date(round.first_match_at).toISOString(),
    firstMatchKnown: round.first_match_known,
    started: !open,
    hasBet: round.has_bet,
    canUpload: round.has_bet && (manager || turn.stamps),
    stamper: turn.name,
    receipts: rows.map((r) => toReceipt(r, open && (manager || r.uploaded_by === user.id))),
  };
}

const toReceipt = (r: ReceiptRow, canRemove: boolean): TicketReceipt => ({
  id: r.id,
  uploadedById: r.uploaded_by,
  uploadedBy: r.uploaded_by_name,
  uploadedAt: new Date(r.uploaded_at).toISOString(),
  beforeStart: r.before_start,
  replacesId: r.replaces_id,
  width: r.width,
  height: r.height,
  file: `${r.id}.jpg`,
  thumbnail: `${r.id}-mini.jpg`,
  canRemove,
});

async function removable(deps: Deps, tx: Db, user: AuthUser, groupId: number, receiptId: number) {
  const row = await tx.one<ReceiptRow & { quiniela_id: number; number: number; first_match_at: Date | string }>(
    `select ${RECEIPT_COLUMNS}, r.quiniela_id, q.number, first_match_at(q.id) as first_match_at
       from ticket_receipts r join quinielas q on q.id = r.quiniela_id where r.group_id = $1 and r.id = $2 for update of r`,
    [groupId, receiptId],
  );
  if (!row) throw notFound(RECEIPT_MESSAGES.notFound);
  if (row.uploaded_by !== user.id && !(await managesGroup(tx, user, groupId))) throw forbidden(RECEIPT_MESSAGES.notYours);
  return { row, open: receiptRemovable(row.first_match_at, deps.clock()) };
}

/**
 * POST /group/{id}/receipts: adds a photo to the jornada's resguardo. With `replacesId` before the
 * first match, the old photo goes in the same transaction; after it, the old one stays and the new
 * one is added beside it, naming it.
 */
export async function addReceipt(
  deps: Deps,
  user: AuthUser,
  groupId: number,
  input: { quinielaId: number; replacesId?: number | null; photo: Buffer | undefined },
): Promise<ReceiptStatus> {
  const now = deps.clock();
  const round = await roundOf(deps.db, groupId, input.quinielaId, now);
  if (!round) throw notFound(RECEIPT_MESSAGES.notFound);
  if (!round.has_bet) throw conflict(RECEIPT_MESSAGES.noBet);
  const manager = await managesGroup(deps.db, user, groupId);
  if (!manager && !(await stampsIt(deps, user.id, groupId, round.quiniela_id)).stamps) throw forbidden(RECEIPT_MESSAGES.notStamper);
  if (!input.photo?.length) throw badRequest(RECEIPT_MESSAGES.missing);
  const photo = await processReceipt(input.photo);
  const beforeStart = receiptRemovable(round.first_match_at, now);
  await deps.db.tx(async (tx) => {
    let replaced: number | null = null;
    if (input.replacesId) {
      const { row, open } = await removable(deps, tx, user, groupId, input.replacesId);
      if (row.quiniela_id !== round.quiniela_id) throw notFound(RECEIPT_MESSAGES.notFound);
      if (open) await tx.query("delete from ticket_receipts where id = $1", [row.id]);
      else replaced = row.id;
      await recordAudit(tx, {
        at: now,
        actorId: user.id,
        groupId,
        action: open ? "receipt.replace" : "receipt.beside",
        entity: "receipt",
        entityId: row.id,
        subject: `Jornada ${round.number}`,
        before: { foto: row.id, subida: receiptLine({ uploadedAt: row.uploaded_at, beforeStart: row.before_start }) },
      });
    }
    const added = await tx.one<{ id: number }>(
      `insert into ticket_receipts (group_id, quiniela_id, uploaded_by, uploaded_at, before_start, replaces_id, width, height, image, thumbnail)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning id`,
      [groupId, round.quiniela_id, user.id, now, beforeStart, replaced, photo.width, photo.height, photo.image, photo.thumbnail],
    );
    await recordAudit(tx, {
      at: now,
      actorId: user.id,
      groupId,
      action: "receipt.add",
      entity: "receipt",
      entityId: added!.id,
      subject: `Jornada ${round.number}`,
      after: { foto: added!.id, subida: receiptLine({ uploadedAt: now, beforeStart }), ...(replaced ? { junto_a: replaced } : {}) },
    });
  });
  return receiptStatus(deps, user, groupId, round.quiniela_id);
}

/** DELETE /group/{id}/receipts/{receiptId}: only its uploader or a manager, and only before the first match. */
export async function removeReceipt(deps: Deps, user: AuthUser, groupId: number, receiptId: number): Promise<void> {
  await deps.db.tx(async (tx) => {
    const { row, open } = await removable(deps, tx, user, groupId, receiptId);
    if (!open) throw conflict(RECEIPT_MESSAGES.started);
    await tx.query("delete from ticket_receipts where id = $1", [row.id]);
    await recordAudit(tx, {
      at: deps.clock(),
      actorId: user.id,
      groupId,
      action: "receipt.remove",
      entity: "receipt",
      entityId: row.id,
      subject: `Jornada ${row.number}`,
      before: { foto: row.id, subida: receiptLine({ uploadedAt: row.uploaded_at, beforeStart: row.before_start }) },
    });
  });
}

/** GET /group/{id}/receipts/{file}: the stored JPEG or its thumbnail, for the group's members only (the route's guard). */
export async function receiptImage({ db }: Deps, groupId: number, file: string): Promise<Buffer> {
  const match = /^(\d{1,10})(-mini)?\.jpg$/.exec(file);
  const receiptId = match ? Number(match[1]) : 0;
  if (!match || receiptId > 2_147_483_647) throw notFound(RECEIPT_MESSAGES.notFound);
  const row = await db.one<{ bytes: Uint8Array }>(`select ${match[2] ? "thumbnail" : "image"} as bytes from ticket_receipts where group_id = $1 and id = $2`, [
    groupId,
    receiptId,
  ]);
  if (!row) throw notFound(RECEIPT_MESSAGES.notFound);
  return Buffer.from(row.bytes);
}

/** The first photo of a jornada's resguardo as other screens show it (the office screen, the digest, the caja). */
export async function firstReceipt(db: Db, groupId: number, quinielaId: number) {
  return db.one<{ id: number; uploaded_at: Date | string; before_start: boolean; thumbnail: Uint8Array }>(
    `select id, uploaded_at, before_start, thumbnail from ticket_receipts where group_id = $1 and quiniela_id = $2
      order by before_start desc, uploaded_at, id limit 1`,
    [groupId, quinielaId],
  );
}
