import type { Score } from "#core/domain/signs";
import { teamKey } from "#core/domain/official/team-names";

/**
 * A live feed of football scores (decision 050): something that, asked for a span of
 * dates, answers the matches it knows with their current score. The first adapter reads
 * football-data.org v4 (backend/services/live/football-data.ts); a test passes its own.
 */
export interface FeedMatch {
  home: string;
  /** Other spellings of the home side the feed gives (its short name). */
  homeAlso: string[];
  away: string;
  awayAlso: string[];
  /** The score now: final once `finished`. */
  score: Score;
  finished: boolean;
}

export interface LiveFeed {
  /** The provider's name, for the audit trail ("football-data.org"). */
  name: string;
  matches(from: Date, to: Date): Promise<FeedMatch[]>;
}

export interface PoolSide {
  /** The pool's spelling and the team's aliases. */
  names: string[];
}

/** Words that say what kind of club it is, not which: "Real Betis Balompié" and "Real Betis" are one team. */
const GENERIC = new Set(["real", "club", "de", "del", "la", "cf", "fc", "sad", "ud", "cd", "sd", "rcd", "rc", "ad", "balompie", "futbol", "deportivo"]);
/** Each name as the set of its telling words, sorted and joined: "Club Atlético de Madrid" → "atletico madrid". */
const keys = (names: readonly string[]) =>
  new Set(
    names.map((n) =>
      teamKey(n)
        .replace(/[.,'’-]/g, " ")
        .split(" ")
        .filter((w) => w && !GENERIC.has(w))
        .sort()
        .join(" "),
    ),
  );
const meets = (a: Set<string>, b: Set<string>) => [...a].some((k) => k !== "" && b.has(k));

/**
 * Each pool match (1–15) paired with the feed's match of the same two sides, by name keys (the
 * pool's names and aliases against the feed's name and short name, each as its telling words).
 */
export function pairFeed(pool: readonly { home: PoolSide; away: PoolSide }[], feed: readonly FeedMatch[]): (FeedMatch | null)[] {
  const feedKeys = feed.map((f) => ({ f, home: keys([f.home, ...f.homeAlso]), away: keys([f.away, ...f.awayAlso]) }));
  return pool.map((m) => {
    const home = keys(m.home.names);
    const away = keys(m.away.names);
    return feedKeys.find((f) => meets(home, f.home) && meets(away, f.away))?.f ?? null;
  });
}
