import { randomBytes } from "node:crypto";
import { sign, unsign } from "cookie-signature";
import type { KioskBet, KioskLink, KioskStandings } from "#core/contract/kiosk";
import { KIOSK_INVALID } from "#core/contract/kiosk";
import { firstReceipt } from "../bet/receipt";
import type { Deps } from "../../context";
import { notFound } from "../../errors";
import { linkOwner, revokeLinkRow } from "./link-rows";
import { SELECT_BET, toBet, type BetRow } from "../bet/row";
import { iconsWhereWanted, seasonStandings } from "../standings/standings";

// cookie-signature signs in base64, but the token travels as a path segment, and paths are matched
// case-insensitively (backend/app.ts lower-cases them): the link carries the signature in hex.
const toUrlSafe = (b64: string) => Buffer.from(b64, "base64").toString("hex");
const fromUrlSafe = (hex: string) => Buffer.from(hex, "hex").toString("base64").replace(/=+$/, "");

/** The token names the link's row and carries its nonce, signed so a forged one is refused before any query. */
function kioskToken(secret: string, id: number, nonce: string): string {
  const signed = sign(`${id}.${nonce}`, secret);
  const dot = signed.lastIndexOf(".");
  return `${signed.slice(0, dot)}.${toUrlSafe(signed.slice(dot + 1))}`;
}

function readToken(secret: string, token: string): { id: number; nonce: string } | null {
  const dot = token.lastIndexOf(".");
  if (dot < 0) return null;
  const value = unsign(`${token.slice(0, dot)}.${fromUrlSafe(token.slice(dot + 1).toLowerCase())}`, secret);
  if (value === false) return null;
  const [id, nonce] = value.toLowerCase().split(".");
  return { id: Number(id), nonce };
}

interface LinkRow {
  id: number;
  nonce: string;
  created_at: Date;
  created_by: string | null;
}

const toLink = (secret: string, row: LinkRow): KioskLink => ({
  id: row.id,
  token: kioskToken(secret, row.id, row.nonce),
  createdAt: new Date(row.created_at).toISOString(),
  createdBy: row.created_by,
});

export async function createLink({ db, config, clock }: Deps, groupId: number, userId: number): Promise<KioskLink> {
  const row = await db.one<LinkRow>(
    `with made as (insert into kiosk_links (group_id, nonce, created_by, created_at) values ($1, $2, $3, $4) returning *)
     select made.id, made.nonce, made.created_at, u.username as created_by from made left join users u on u.id = made.created_by`,
    [groupId, randomBytes(16).toString("hex"), userId, clock()],
  );
  return toLink(config.linkSecret, row!);
}

/** Links still working, newest first. */
export async function listLinks({ db, config }: Deps, groupId: number): Promise<KioskLink[]> {
  const rows = await db.query<LinkRow>(
    `select k.id, k.nonce, k.created_at, u.username as created_by
       from kiosk_links k left join users u on u.id = k.created_by
      where k.group_id = $1 and k.revoked_at is null
      order by k.created_at desc, k.id desc`,
    [groupId],
  );
  return rows.map((row) => toLink(config.linkSecret, row));
}

export const linkGroup = (deps: Deps, linkId: number) => linkOwner(deps.db, "kiosk_links", linkId, "Enlace de pantalla no encontrado.");

export const revokeLink = (deps: Deps, linkId: number) => revokeLinkRow(deps, "kiosk_links", linkId, "Enlace de pantalla no encontrado.");

/**
 * The group bet of the group's latest round (already open, in the season shown) that has one: the
 * current round's once it is generated, else the previous one with its hits. The hits are the
 * spec's count (core/domain/hits), once the round has official results; the prize is its played
 * ticket's escrutinio (decision 034), once every prize it wins is known.
 */
async function latestBet({ db, clock }: Deps, groupId: number, seasonId: number): Promise<KioskBet | null> {
  const row = await db.one<BetRow>(
    `${SELECT_BET}
       join group_quinielas gq on gq.group_id = b.group_id and gq.quiniela_id = b.quiniela_id
      where b.group_id = $1 and q.season_id = $2 and gq.open_date <= $3
      order by gq.open_date desc, q.number desc limit 1`,
    [groupId, seasonId, clock()],
  );
  if (!row) return null;
  const bet = toBet(row);
  const s = bet.ticket.scrutiny;
  return {
    quinielaId: bet.quinielaId,
    numberQuiniela: bet.numberQuiniela,
    matches: bet.mergedPrediction.matches,
    pleno: bet.mergedPrediction.pl15,
    confirmed: bet.confirmBet,
    hits: bet.hits,
    prizeCents: bet.confirmBet && s?.prizesComplete ? s.totalPrizeCents : null,
    receipt: kioskReceipt(await firstReceipt(db, groupId, bet.quinielaId)),
  };
}

/** The office screen has no session to fetch an image with: its thumbnail travels inside the page, seen by whoever the kiosk link shows the peña to. */
const kioskReceipt = (r: Awaited<ReturnType<typeof firstReceipt>>) =>
  r
    ? {
        thumbnail: `data:image/jpeg;base64,${Buffer.from(r.thumbnail).toString("base64")}`,
        uploadedAt: new Date(r.uploaded_at).toISOString(),
        beforeStart: r.before_start,
      }
    : null;

/** What a kiosk token opens: its group's current standings, last round and group bet, nothing more. */
export async function kioskStandings(deps: Deps, token: string): Promise<KioskStandings> {
  const link = await kioskLinkOf(deps, token);
  const standings = await seasonStandings(deps, link.group_id);
  return {
    group: { name: link.name, officeIcons: link.office_icons },
    ...standings,
    rows: iconsWhereWanted(standings.rows, link.office_icons),
    bet: standings.season ? await latestBet(deps, link.group_id, standings.season.id) : null,
  };
}

/** A kiosk token's link and group: a token that opens nothing is a 404. */
export async function kioskLinkOf(deps: Deps, token: string): Promise<{ group_id: number; name: string; office_icons: boolean }> {
  const parsed = readToken(deps.config.linkSecret, token);
  const link =
    parsed &&
    (await deps.db.one<{ group_id: number; name: string; office_icons: boolean }>(
      `select k.group_id, g.name, g.office_icons from kiosk_links k join groups g on g.id = k.group_id
        where k.id = $1 and k.nonce = $2 and k.revoked_at is null`,
      [parsed.id, parsed.nonce],
    ));
  if (!link) throw notFound(KIOSK_INVALID);
  return link;
}
