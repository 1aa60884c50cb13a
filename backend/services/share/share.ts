import { createHash, randomBytes } from "node:crypto";
import { betShareFields } from "#core/contract/bet";
import { SHARE_INVALID, type ShareLink, type SharedView } from "#core/contract/share";
import type { Deps } from "../../context";
import { ApiError, notFound } from "../../errors";
import { linkOwner, revokeLinkRow } from "../kiosk/link-rows";
import { getBet } from "../bet/bet";
import { seasonStandings } from "../standings/standings";
import { readSignedToken, signToken } from "../shelf/signed-token";

const PURPOSE = "share";
/** Rows of the standings a public link shows: the top, not the whole group. */
const STANDINGS_ROWS = 10;

interface LinkRow {
  id: number;
  kind: "bet" | "standings";
  quiniela_id: number | null;
  number: number | null;
  nonce: string;
  created_at: Date;
  created_by: string | null;
}

const toLink = (secret: string, row: LinkRow): ShareLink => ({
  id: row.id,
  kind: row.kind,
  quinielaId: row.quiniela_id,
  numberQuiniela: row.number,
  token: signToken(secret, PURPOSE, row.id, row.nonce),
  createdAt: new Date(row.created_at).toISOString(),
  createdBy: row.created_by,
});

const SELECT_LINK = `select s.id, s.kind, s.quiniela_id, q.number, s.nonce, s.created_at, u.username as created_by
  from share_links s left join quinielas q on q.id = s.quiniela_id left join users u on u.id = s.created_by`;

export async function createShareLink(
  { db, config, clock }: Deps,
  groupId: number,
  userId: number,
  input: { kind: "bet" | "standings"; quinielaId?: number },
): Promise<ShareLink> {
  if (input.kind === "bet") {
    const round = await db.one("select 1 from group_quinielas where group_id = $1 and quiniela_id = $2", [groupId, input.quinielaId]);
    if (!round) throw notFound("Esa jornada no es del grupo.");
  }
  const made = await db.one<{ id: number }>(
    "insert into share_links (group_id, kind, quiniela_id, nonce, created_by, created_at) values ($1, $2, $3, $4, $5, $6) returning id",
    [groupId, input.kind, input.kind === "bet" ? input.quinielaId : null, randomBytes(16).toString("hex"), userId, clock()],
  );
  const row = await db.one<LinkRow>(`${SELECT_LINK} where s.id = $1`, [made!.id]);
  return toLink(config.linkSecret, row!);
}

/** Links still working, newest first. */
export async function listShareLinks({ db, config }: Deps, groupId: number): Promise<ShareLink[]> {
  const rows = await db.query<LinkRow>(`${SELECT_LINK} where s.group_id = $1 and s.revoked_at is null order by s.created_at desc, s.id desc`, [groupId]);
  return rows.map((row) => toLink(config.linkSecret, row));
}

export const shareLinkGroup = (deps: Deps, linkId: number) => linkOwner(deps.db, "share_links", linkId, "Enlace no encontrado.");

export const revokeShareLink = (deps: Deps, linkId: number) => revokeLinkRow(deps, "share_links", linkId, "Enlace no encontrado.");

const points = (x: number) => x.toLocaleString("es-ES", { maximumFractionDigits: 2, useGrouping: false });

/**
 * What a public link opens: its group's bet of one jornada, or the top of its current standings,
 * and nothing more. A forged, altered or revoked token is a 404 that names nothing.
 */
export async function sharedView(deps: Deps, token: string): Promise<SharedView> {
  const parsed = readSignedToken(deps.config.linkSecret, PURPOSE, token);
  const link =
    parsed &&
    (await deps.db.one<{ group_id: number; name: string; kind: "bet" | "standings"; quiniela_id: number | null; number: number | null }>(
      `select s.group_id, g.name, s.kind, s.quiniela_id, q.number
         from share_links s join groups g on g.id = s.group_id left join quinielas q on q.id = s.quiniela_id
        where s.id = $1 and s.nonce = $2 and s.revoked_at is null`,
      [parsed.id, parsed.nonce],
    ));
  if (!link) throw notFound(SHARE_INVALID);
  let view: Omit<SharedView, "version">;
  if (link.kind === "bet" && link.quiniela_id !== null) {
    const matches = await deps.db.query<{ position: number; home: string; away: string }>(
      "select position, home, away from quiniela_matches where quiniela_id = $1 order by position",
      [link.quiniela_id],
    );
    const bet = await getBet(deps, link.group_id, link.quiniela_id).catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    });
    const ticket = bet ? betShareFields(bet) : null;
    const number = link.number ?? 0;
    view = {
      kind: "bet",
      groupName: link.name,
      title: `Quiniela grupal de ${link.name} · jornada ${number}`,
      description: ticket
        ? `${ticket.bets} ${ticket.bets === 1 ? "apuesta" : "apuestas"}${ticket.hits === null ? "" : ` · ${ticket.hits} aciertos de 15`}${ticket.confirmed ? "" : " · sin confirmar"}`
        : "La quiniela grupal de esta jornada todavía no está hecha.",
      bet: { numberQuiniela: number, matches, ticket },
      standings: null,
    };
  } else {
    const standings = await seasonStandings(deps, link.group_id);
    const rows = [...standings.rows]
      .sort((a, b) => a.position - b.position)
      .slice(0, STANDINGS_ROWS)
      .map((r) => ({ position: r.position, userName: r.userName, totalPoints: r.totalPoints }));
    const leader = rows[0];
    view = {
      kind: "standings",
      groupName: link.name,
      title: `Clasificación de ${link.name}${standings.season ? ` · ${standings.season.name}` : ""}`,
      description: leader ? `Líder: ${leader.userName} con ${points(leader.totalPoints)} puntos.` : "Todavía sin puntos.",
      bet: null,
      standings: { seasonName: standings.season?.name ?? null, rows },
    };
  }
  // The version is the content's: the image's address changes exactly when what it draws does.
  const version = createHash("sha256").update(JSON.stringify(view)).digest("hex").slice(0, 16);
  return { ...view, version };
}
