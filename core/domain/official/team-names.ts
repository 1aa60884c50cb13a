/**
 * The key one spelling of a team is known by: accents, case, punctuation spacing and repeated
 * blanks do not matter ("Atlético  de Madrid" = "atletico de madrid"). team_aliases.alias_key holds
 * exactly this value, so the database and the code agree on what "the same name" is.
 */
export function teamKey(name: string): string {
  return name.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/\s+/g, " ").trim();
}

interface NamedTeam {
  id: number;
  name: string;
  alias: readonly string[];
}

export interface TeamMatch {
  id: number;
  name: string;
}

/** Every spelling (name and aliases) of every team, by key. */
export function teamIndex(teams: readonly NamedTeam[]): Map<string, TeamMatch> {
  const index = new Map<string, TeamMatch>();
  for (const team of teams) {
    for (const spelling of [team.name, ...team.alias]) {
      const key = teamKey(spelling);
      if (key && !index.has(key)) index.set(key, { id: team.id, name: team.name });
    }
  }
  return index;
}

interface NameResolution<M> {
  /** The matches with each known name replaced by its team's own name. */
  matches: (M & { homeTeamId: number | null; awayTeamId: number | null })[];
  /** Names that were written differently from their team's name (an alias, other case or accents). */
  normalized: number;
  /** Names no team answers to, each once, in the order they first appear. */
  unknown: string[];
}

/** Resolves the home and away names of a pool's matches against the teams. */
export function resolveTeamNames<M extends { home: string; away: string }>(matches: readonly M[], index: Map<string, TeamMatch>): NameResolution<M> {
  let normalized = 0;
  const unknown: string[] = [];
  const unknownKeys = new Set<string>();
  const resolve = (raw: string) => {
    const name = raw.trim();
    const key = teamKey(name);
    const team = index.get(key);
    if (!team) {
      if (!unknownKeys.has(key)) {
        unknownKeys.add(key);
        unknown.push(name);
      }
      return { name, id: null };
    }
    if (team.name !== name) normalized++;
    return { name: team.name, id: team.id };
  };
  const resolved = matches.map((m) => {
    const home = resolve(m.home);
    const away = resolve(m.away);
    return { ...m, home: home.name, away: away.name, homeTeamId: home.id, awayTeamId: away.id };
  });
  return { matches: resolved, normalized, unknown };
}

export const normalizedMessage = (n: number) => `Normalicé ${n} nombre(s) por alias.`;
