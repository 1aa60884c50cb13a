import { z } from "zod";
import type { FeedMatch, LiveFeed } from "./feed";

/**
 * football-data.org, API v4 (decision 050): `GET /v4/matches?competitions=PD,SD&dateFrom&dateTo`
 * with the key in the `X-Auth-Token` header. Each match carries `status` (SCHEDULED, TIMED,
 * IN_PLAY, PAUSED, FINISHED, …), `homeTeam`/`awayTeam` (`name`, `shortName`) and
 * `score.fullTime` (`home`, `away`: the score so far while in play, null before kick-off).
 * Only what is read here is checked; the rest of the answer may change without breaking this.
 */
const team = z.object({ name: z.string().nullable(), shortName: z.string().nullable().optional() });
const goals = z.number().int().min(0).nullable().optional();
export const FootballDataMatches = z.object({
  matches: z.array(
    z.object({
      status: z.string(),
      homeTeam: team,
      awayTeam: team,
      score: z.object({ fullTime: z.object({ home: goals, away: goals }) }),
    }),
  ),
});

/** Statuses in which `score.fullTime` is a score: the match has started. */
const STARTED = new Set(["IN_PLAY", "PAUSED", "FINISHED", "AWARDED"]);
/** The competitions a Quiniela takes its matches from: LaLiga and LaLiga Hypermotion. */
export const COMPETITIONS = "PD,SD";

const day = (d: Date) => d.toISOString().slice(0, 10);

/** The matches of an answer that have a score, in the feed's own words. */
export function readFootballData(body: unknown): FeedMatch[] {
  const parsed = FootballDataMatches.parse(body);
  return parsed.matches.flatMap((m): FeedMatch[] => {
    const { home, away } = m.score.fullTime;
    if (!STARTED.has(m.status) || home == null || away == null || !m.homeTeam.name || !m.awayTeam.name) return [];
    return [
      {
        home: m.homeTeam.name,
        homeAlso: m.homeTeam.shortName ? [m.homeTeam.shortName] : [],
        away: m.awayTeam.name,
        awayAlso: m.awayTeam.shortName ? [m.awayTeam.shortName] : [],
        score: { home: Math.min(home, 10), away: Math.min(away, 10) },
        finished: m.status === "FINISHED" || m.status === "AWARDED",
      },
    ];
  });
}

export function footballData(options: { baseUrl: string; key: string; timeoutMs?: number; fetch?: typeof fetch }): LiveFeed {
  const get = options.fetch ?? fetch;
  return {
    name: "football-data.org",
    async matches(from, to) {
      const url = `${options.baseUrl.replace(/\/$/, "")}/v4/matches?competitions=${COMPETITIONS}&dateFrom=${day(from)}&dateTo=${day(to)}`;
      const response = await get(url, { headers: { "X-Auth-Token": options.key }, signal: AbortSignal.timeout(options.timeoutMs ?? 10_000) });
      if (!response.ok) throw new Error(`football-data.org answered ${response.status}`);
      return readFootballData(await response.json());
    },
  };
}
