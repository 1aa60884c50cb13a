import { randomBytes } from "node:crypto";
import { UNSUBSCRIBE_INVALID } from "#core/contract/digest";
import { scorePrediction } from "#core/domain/hits";
import { digestHtml, digestSubject, digestText, roundDigest, type DigestMail } from "#core/domain/mail/round-digest";
import { normalizePick } from "#core/domain/signs";
import { plenoHit } from "#core/domain/bet/slip";
import type { Deps } from "../../context";
import { LOCK_KEYS } from "../../db/advisory";
import { notFound } from "../../errors";
import { roundClosedSql } from "../rounds/closed-sql";
import { sendClaimed, sendOnceAcrossInstances, type DueMail } from "./sent-once";
import { startJob } from "../../jobs";
import { computeStandings, resultsOf } from "../shelf/standings-store";
import { betById } from "../bet/row";
import { readSignedToken, signToken } from "../shelf/signed-token";
import { firstReceipt } from "../bet/receipt";

const DAY_MS = 86_400_000;
const DIGEST_INTERVAL_MS = 60_000;
const PURPOSE = "digest-off";
/**
 * Only rounds that closed this recently get a digest: results typed in for an old jornada (or a
 * database loaded with a past season) mail nobody.
 */
export const DIGEST_WINDOW_DAYS = 14;

interface DueDigest extends DueMail {
  season_id: number;
}

/**
 * Members owed a digest now: the round is closed for the group (its close passed, forced, or its
 * official results complete, which close it whatever its date), its official results are complete (14 signs and the pleno), it closed within the window, and the
 * member is in the group, wants the digest and has not had it.
 */
async function dueDigests({ db, clock }: Deps): Promise<DueDigest[]> {
  const now = clock();
  return db.query<DueDigest>(
    `select gq.id as group_quiniela_id, gq.group_id, g.name as group_name, gq.quiniela_id, q.season_id, q.number,
            u.id as user_id, u.username, u.email
       from group_quinielas gq
       join groups g on g.id = gq.group_id
       join quinielas q on q.id = gq.quiniela_id
       join quiniela_results r on r.quiniela_id = gq.quiniela_id
       join group_members m on m.group_id = gq.group_id and m.removed_at is null
       join users u on u.id = m.user_id and u.send_digest
      where ${roundClosedSql("gq", "$1")} and gq.close_date >= $2
        and jsonb_array_length(r.matches) = 14 and not (r.matches @> '[null]'::jsonb)
        and r.pleno_home is not null and r.pleno_away is not null
        and not exists (select 1 from digests_sent d where d.group_quiniela_id = gq.id and d.user_id = u.id)
      order by gq.id, u.id`,
    [now, new Date(now.getTime() - DIGEST_WINDOW_DAYS * DAY_MS)],
  );
}

/** What every member of one group round reads alike: the standings, the MVP, the group bet. */
async function groupRoundDigest(deps: Deps, due: DueDigest) {
  const { db, clock } = deps;
  // The standings as they stood with this jornada: a later one scored together is not in them yet.
  const standings = await computeStandings(db, clock(), due.group_id, due.season_id, { asOf: due.quiniela_id });
  const season = standings?.scopes.get(0) ?? [];
  const round = standings?.scopes.get(due.quiniela_id) ?? [];
  const bet = await db.one<{
    id: number;
    matches: unknown;
    pleno_home: number | null;
    pleno_away: number | null;
    confirmed: boolean;
    r_matches: unknown;
    r_home: number;
    r_away: number;
  }>(
    `select b.id, b.matches, b.pleno_home, b.pleno_away, b.confirmed, r.matches as r_matches, r.pleno_home as r_home, r.pleno_away as r_away
       from bets b join quiniela_results r on r.quiniela_id = b.quiniela_id
      where b.group_id = $1 and b.quiniela_id = $2`,
    [due.group_id, due.quiniela_id],
  );
  let betHits: DigestMail["bet"] = null;
  if (bet) {
    const raw = typeof bet.matches === "string" ? JSON.parse(bet.matches) : bet.matches;
    const pleno = bet.pleno_home === null || bet.pleno_away === null ? null : { home: bet.pleno_home, away: bet.pleno_away };
    const results = resultsOf({ matches: bet.r_matches, pleno_home: bet.r_home, pleno_away: bet.r_away });
    const score = scorePrediction({ matches: (Array.isArray(raw) ? raw : []).map(normalizePick), pleno }, results);
    // The ticket's escrutinio (its best column, the category, the prize at the official prizes) when it has one.
    const { ticket } = await betById(db, bet.id);
    const scrutiny = ticket.scrutiny;
    betHits = scrutiny
      ? {
          hits: scrutiny.best.hits,
          // The pleno as the slip played it (its marks), whatever the 14.
          pleno: results.pleno !== null && plenoHit(ticket.plenoMarks, results.pleno),
          confirmed: bet.confirmed,
          category: scrutiny.best.category,
          prizeCents: scrutiny.prizesComplete ? scrutiny.totalPrizeCents : null,
        }
      : { hits: score.hits - score.pleno15Hits, pleno: score.pleno15Hits > 0, confirmed: bet.confirmed };
  }
  const myHits = new Map(round.map((r) => [r.userId, r.lastRoundHits]));
  const receipt = bet ? await firstReceipt(db, due.group_id, due.quiniela_id) : null;
  return { digest: roundDigest(season, round), bet: betHits, myHits, receipt: receipt ? { beforeStart: receipt.before_start } : null };
}

/** The link of the digest's List-Unsubscribe: signed for the member, it turns the digest off. */
export function unsubscribeToken(secret: string, userId: number): string {
  return signToken(secret, PURPOSE, userId, randomBytes(16).toString("hex"));
}

export async function unsubscribe({ db, config }: Deps, token: string): Promise<{ sendDigest: boolean }> {
  const parsed = readSignedToken(config.linkSecret, PURPOSE, token);
  const row = parsed && (await db.one("update users set send_digest = false where id = $1 returning id", [parsed.id]));
  if (!row) throw notFound(UNSUBSCRIBE_INVALID);
  return { sendDigest: false };
}

/** Sends the digests that are due, each at most once (claimed in digests_sent). Returns how many went out. */
export async function sendDueDigests(deps: Deps): Promise<number> {
  const base = deps.config.publicUrl.replace(/\/$/, "");
  const shared = new Map<number, Awaited<ReturnType<typeof groupRoundDigest>>>();
  return sendClaimed(deps, "digests_sent", await dueDigests(deps), async (due) => {
    let round = shared.get(due.group_quiniela_id);
    if (!round) shared.set(due.group_quiniela_id, (round = await groupRoundDigest(deps, due)));
    const unsubscribeUrl = `${base}/baja/resumen/${unsubscribeToken(deps.config.linkSecret, due.user_id)}`;
    const mail: DigestMail = {
      username: due.username,
      groupName: due.group_name,
      number: due.number,
      myHits: round.myHits.get(due.user_id) ?? null,
      bet: round.bet,
      digest: round.digest,
      roundUrl: `${base}/grupo/${due.group_id}/resultados-y-apuestas?quiniela=${due.quiniela_id}`,
      unsubscribeUrl,
      receipt: round.receipt && { url: `${base}/grupo/${due.group_id}/quiniela-grupal?quiniela=${due.quiniela_id}#resguardo`, ...round.receipt },
    };
    return {
      to: due.email,
      subject: digestSubject(mail),
      text: digestText(mail),
      html: digestHtml(mail),
      headers: { "List-Unsubscribe": `<${unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
      wayOut: { userId: due.user_id, kind: "digest" as const },
    };
  });
}

/** With several instances on one PostgreSQL, only the one holding the lock reads and sends this minute. */
export async function sendDueDigestsOnce(deps: Deps): Promise<number> {
  return sendOnceAcrossInstances(deps, LOCK_KEYS.digests, sendDueDigests);
}

/** The first run waits a moment, so it does not slow down the start. */
export const DIGEST_FIRST_RUN_MS = 6_000;

/** Runs shortly after start and then every minute; the returned function stops it and waits for a run in progress. */
export function startDigests(deps: Deps, options: { intervalMs?: number; log: (message: string) => void }): () => Promise<void> {
  return startJob({
    name: "digests",
    run: () => sendDueDigestsOnce(deps),
    firstRunMs: DIGEST_FIRST_RUN_MS,
    intervalMs: options.intervalMs ?? DIGEST_INTERVAL_MS,
    doneLine: (sent) => `Resúmenes de jornada enviados: ${sent}`,
    failedLine: (reason) => `No se pudieron enviar los resúmenes de jornada: ${reason}`,
    log: options.log,
  });
}
