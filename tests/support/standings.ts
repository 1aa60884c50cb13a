import { computeClassification, type ClassificationRow } from "#core/domain/standings/standings";
import { resultsComplete, roundStatus } from "#core/domain/rounds/round-status";
import { isSign, normalizePick, type Sign } from "#core/domain/signs";
import type { Db } from "../../backend/db/db";

const json = (v: unknown): unknown => (typeof v === "string" ? JSON.parse(v) : v);

/**
 * A group's standings recomputed from scratch, straight from the tables and core/domain, sharing
 * nothing with the backend's stored standings: what every read must equal after any write.
 * Returns the season's rows, each counted round's rows, and the counted rounds in order.
 */
export async function standingsFromScratch(db: Db, now: Date, groupId: number, seasonId: number) {
  const season = (await db.one<Record<string, unknown>>("select * from seasons where id = $1", [seasonId]))!;
  const points = {
    single: Number(season.points_single),
    double: Number(season.points_double),
    triple: Number(season.points_triple),
    pleno: Number(season.points_pleno),
  };
  const rounds = (
    await db.query<{
      id: number;
      number: number;
      open_date: Date;
      close_date: Date;
      force_closed: boolean;
      matches: unknown;
      pleno_home: number | null;
      pleno_away: number | null;
    }>(
      `select q.id, q.number, gq.open_date, gq.close_date, gq.force_closed, r.matches, r.pleno_home, r.pleno_away
         from group_quinielas gq join quinielas q on q.id = gq.quiniela_id join quiniela_results r on r.quiniela_id = q.id
        where gq.group_id = $1 and q.season_id = $2 order by gq.close_date, q.number`,
      [groupId, seasonId],
    )
  )
    // Closed for the group, or over for everyone: complete official results end a round.
    .filter(
      (r) =>
        resultsComplete(r.matches, r.pleno_home, r.pleno_away) ||
        roundStatus({ openDate: r.open_date, closeDate: r.close_date, forceClosed: r.force_closed }, now).state === "closed",
    )
    .map((r) => ({
      quinielaId: r.id,
      numberQuiniela: r.number,
      closeDate: new Date(r.close_date).toISOString(),
      results: {
        matches: (json(r.matches) as unknown[]).map((s): Sign | null => (isSign(s) ? s : null)),
        pleno: r.pleno_home === null || r.pleno_away === null ? null : { home: r.pleno_home, away: r.pleno_away },
      },
    }));
  const members = await db.query<{ id: number; username: string; avatar_version: number | null }>(
    `select u.id, u.username, u.avatar_version from group_members m join users u on u.id = m.user_id
      where m.group_id = $1 and (m.removed_at is null or exists (
        select 1 from predictions p join quinielas q on q.id = p.quiniela_id where p.group_id = $1 and p.user_id = m.user_id and q.season_id = $2))`,
    [groupId, seasonId],
  );
  const predictions = (
    await db.query<{ user_id: number; quiniela_id: number; matches: unknown; pleno_home: number; pleno_away: number }>(
      "select user_id, quiniela_id, matches, pleno_home, pleno_away from predictions where group_id = $1",
      [groupId],
    )
  ).map((p) => ({
    userId: p.user_id,
    quinielaId: p.quiniela_id,
    matches: (json(p.matches) as unknown[]).map(normalizePick),
    pleno: { home: p.pleno_home, away: p.pleno_away },
  }));
  const input = {
    members: members.map((m) => ({ userId: m.id, userName: m.username, avatarPath: m.avatar_version ? `/avatars/${m.id}-${m.avatar_version}.jpg` : null })),
    points,
  };
  const compute = (rs: typeof rounds) =>
    computeClassification({ ...input, rounds: rs, predictions: predictions.filter((p) => rs.some((r) => r.quinielaId === p.quinielaId)) });
  const byRound = new Map<number, ClassificationRow[]>(rounds.map((r) => [r.quinielaId, compute([r])]));
  return { season: compute(rounds), byRound, rounds: rounds.map(({ quinielaId, numberQuiniela, closeDate }) => ({ quinielaId, numberQuiniela, closeDate })) };
}
