import { z } from "zod";
import { id, wireId, wireInt } from "./common";

/**
 * El resguardo (decision 090): the photo of the stamped ticket the rota's stamper (or a manager)
 * adds to a jornada's group bet, for every member of the peña to see. Only members read it.
 */

/** The largest photo taken (a phone's photo is 2–8 MB; a 30 MB file is not a photo of a ticket). */
export const RECEIPT_MAX_BYTES = 12 * 1024 * 1024;
/** The most pixels decoded: a 50-megapixel phone passes; a decompression bomb (a tiny file of a huge image) does not. */
export const RECEIPT_MAX_PIXELS = 64_000_000;
/** What is kept: the photo fitted in a square of this side, re-encoded, and a thumbnail for lists and the office screen. */
export const RECEIPT_SIDE = 1600;
export const RECEIPT_THUMB_SIDE = 320;

export const RECEIPT_MESSAGES = {
  missing: "Elige la foto del resguardo.",
  tooLarge: `La foto es demasiado grande: el máximo es ${RECEIPT_MAX_BYTES / 1024 / 1024} MB.`,
  notImage: "Ese archivo no es una foto: sube una imagen JPEG, PNG, WebP o AVIF del resguardo.",
  notPhoto: "Solo se admiten fotos JPEG, PNG, WebP o AVIF: un SVG, un PDF o un GIF no valen como resguardo.",
  /** A HEIC (HEVC-coded HEIF, an iPhone's own format): the server's image library cannot decode it (decision 093). */
  heic: "Esa foto está en HEIC, el formato propio del iPhone, y aquí no se puede abrir. Súbela en JPEG: hazla con «Hacer foto» o elígela de la «Fototeca» (no con «Seleccionar archivo»), o pon en el iPhone Ajustes › Cámara › Formatos › «Más compatible».",
  tooManyPixels: `La imagen tiene demasiados píxeles (más de ${RECEIPT_MAX_PIXELS / 1_000_000} megapíxeles): haz la foto con la cámara normal del móvil.`,
  unreadable: "No se pudo leer la foto (está dañada o en un formato que el servidor no sabe abrir): prueba con otra, en JPEG.",
  notStamper: "Solo quien sella el boleto esta semana, o un gestor, puede subir el resguardo.",
  noBet: "Esta jornada todavía no tiene quiniela grupal: el resguardo se sube cuando hay boleto que sellar.",
  notFound: "Resguardo no encontrado en esta jornada.",
  notYours: "Solo quien subió la foto, o un gestor, puede quitarla o sustituirla.",
  started: "La jornada ya ha empezado: la foto se queda. Puedes añadir otra a su lado.",
} as const;

export const receiptGroupParams = z.object({ id });
export const receiptParams = z.object({ id, receiptId: id });
export const receiptQuery = z.object({ quinielaId: id.optional().describe("La jornada; sin ella, la última con quiniela grupal") });
/** `12.jpg` (the photo) or `12-mini.jpg` (its thumbnail). */
export const RECEIPT_FILE = /^(\d{1,10})(-mini)?\.jpg$/;
export const receiptFileParams = z.object({ id, file: z.string().regex(RECEIPT_FILE, RECEIPT_MESSAGES.notFound) });

/** POST /group/{id}/receipts (multipart: quinielaId, replacesId?, photo). */
export const receiptUpload = z.object({
  quinielaId: id,
  replacesId: z
    .union([z.literal(""), id])
    .optional()
    .describe("La foto a la que sustituye (antes del primer partido) o junto a la que se añade (después)"),
  photo: z
    .unknown()
    .optional()
    .describe("La foto del boleto sellado (JPEG, PNG, WebP o AVIF; un HEIC se rechaza con su mensaje), como archivo del formulario multipart."),
});

export const TicketReceipt = z.object({
  id: wireId,
  uploadedById: wireId.nullable(),
  uploadedBy: z.string().nullable(),
  uploadedAt: z.string(),
  /** Uploaded before the jornada's first match started (decision 093: its official start, or the pool's close when unknown). */
  beforeStart: z.boolean(),
  /** The photo it was added beside, after the start, in place of (a replacement that could not remove it). */
  replacesId: wireId.nullable(),
  width: wireInt,
  height: wireInt,
  /** `12.jpg` and `12-mini.jpg`: the web app serves them under the group's page. */
  file: z.string(),
  thumbnail: z.string(),
  /** The caller may remove or replace it: its uploader or a manager, before the first match. */
  canRemove: z.boolean(),
});
export type TicketReceipt = z.infer<typeof TicketReceipt>;

/** GET /group/{id}/receipts: a jornada's resguardo as its members see it. */
export const ReceiptStatus = z.object({
  quinielaId: wireId.nullable(),
  numberQuiniela: wireInt.nullable(),
  /** When the jornada's first match starts: the earliest official start of its matches, or the pool's official close when they are not known (decision 093). */
  firstMatchAt: z.string().nullable(),
  /** The matches' official starts are known (false: `firstMatchAt` is the pool's close standing in for them). */
  firstMatchKnown: z.boolean(),
  started: z.boolean(),
  /** The jornada has a group bet (there is a ticket to stamp). */
  hasBet: z.boolean(),
  /** The caller is the week's stamper or a manager. */
  canUpload: z.boolean(),
  stamper: z.string().nullable(),
  receipts: z.array(TicketReceipt),
});
export type ReceiptStatus = z.infer<typeof ReceiptStatus>;

/** The office screen's thumbnail: the image itself (a data: address), as the screen has no session. */
export const KioskReceipt = z.object({ thumbnail: z.string(), uploadedAt: z.string(), beforeStart: z.boolean() });
