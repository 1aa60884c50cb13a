import { randomBytes } from "node:crypto";
import { CALENDAR_INVALID, type CalendarLink } from "#core/contract/calendar";
import { buildCalendar, type CalendarEvent } from "#core/domain/icalendar";
import type { Deps } from "../../context";
import { notFound } from "../../errors";
import { readSignedToken, signToken } from "../shelf/signed-token";

const PURPOSE = "calendar";
const DAY_MS = 86_400_000;
/** Rounds that closed this long ago still show, so the phone keeps last week's jornada. */
export const CALENDAR_PAST_DAYS = 21;

const newNonce = () => randomBytes(16).toString("hex");

/** The member's feed token, made the first time it is asked for. */
export async function calendarLink({ db, config, clock }: Deps, userId: number): Promise<CalendarLink> {
  await db.query("insert into calendar_feeds (user_id, nonce, created_at) values ($1, $2, $3) on conflict (user_id) do nothing", [userId, newNonce(), clock()]);
  const row = await db.one<{ nonce: string }>("select nonce from calendar_feeds where user_id = $1", [userId]);
  return { token: signToken(config.linkSecret, PURPOSE, userId, row!.nonce) };
}

/** 'Revocar': a new nonce, so every address made from the old one stops answering. */
export async function revokeCalendar({ db, config, clock }: Deps, userId: number): Promise<CalendarLink> {
  const nonce = newNonce();
  await db.query(
    `insert into calendar_feeds (user_id, nonce, created_at) values ($1, $2, $3)
     on conflict (user_id) do update set nonce = excluded.nonce, created_at = excluded.created_at`,
    [userId, nonce, clock()],
  );
  return { token: signToken(config.linkSecret, PURPOSE, userId, nonce) };
}

interface RoundRow {
  group_quiniela_id: number;
  group_id: number;
  group_name: string;
  quiniela_id: number;
  number: number;
  close_date: Date | string;
  version: number;
}

/**
 * The feed of the token's member: every round of their groups that is open, upcoming or closed in
 * the last CALENDAR_PAST_DAYS. A forged, altered or revoked token is a 404 with nothing of anyone.
 */
export async function calendarFeed(deps: Deps, token: string): Promise<string> {
  const { db, config, clock } = deps;
  const parsed = readSignedToken(config.linkSecret, PURPOSE, token);
  const owner =
    parsed && (await db.one<{ user_id: number }>("select user_id from calendar_feeds where user_id = $1 and nonce = $2", [parsed.id, parsed.nonce]));
  if (!owner) throw notFound(CALENDAR_INVALID);
  const now = clock();
  const rounds = await db.query<RoundRow>(
    `select gq.id as group_quiniela_id, gq.group_id, g.name as group_name, gq.quiniela_id, q.number, gq.close_date, gq.version
       from group_members m
       join groups g on g.id = m.group_id
       join group_quinielas gq on gq.group_id = m.group_id
       join quinielas q on q.id = gq.quiniela_id
      where m.user_id = $1 and m.removed_at is null and gq.close_date >= $2
      order by gq.close_date, gq.id
      limit 500`,
    [owner.user_id, new Date(now.getTime() - CALENDAR_PAST_DAYS * DAY_MS)],
  );
  const base = config.publicUrl.replace(/\/$/, "");
  const host = new URL(base).hostname;
  const events: CalendarEvent[] = rounds.map((r) => {
    const url = `${base}/grupo/${r.group_id}/predictions?quiniela=${r.quiniela_id}`;
    return {
      uid: `jornada-${r.group_quiniela_id}@${host}`,
      // Every change of the round (its dates above all) bumps its version; version 1 is the first.
      sequence: Math.max(0, r.version - 1),
      at: new Date(r.close_date),
      summary: `Cierre jornada ${r.number} · ${r.group_name}`,
      description: `La jornada ${r.number} de ${r.group_name} cierra a esta hora (hora de Madrid). Tu pronóstico: ${url}`,
      url,
    };
  });
  return buildCalendar({ name: "Quiniela de peñas", now, events });
}
