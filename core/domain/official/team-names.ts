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
  /** The operator's own id of the club (`idLocal`/`idVisitante`), once known (decision 091). */
  operatorId?: string | null;
}

export interface TeamMatch {
  id: number;
  name: string;
}

/**
 * The index's key of an operator's club id: it starts with a character no name's key holds (a
 * name is typed text, never a control character), so an id and a spelling never meet.
 */
export const operatorKey = (id: string) => `\u0001${id.trim()}`;

/** Every spelling (name and aliases) of every team, by key, and every known operator id, by `operatorKey`. */
export function teamIndex(teams: readonly NamedTeam[]): Map<string, TeamMatch> {
  const index = new Map<string, TeamMatch>();
  for (const team of teams) {
    for (const spelling of [team.name, ...team.alias]) {
      const key = teamKey(spelling);
      if (key && !index.has(key)) index.set(key, { id: team.id, name: team.name });
    }
    if (team.operatorId) index.set(operatorKey(team.operatorId), { id: team.id, name: team.name });
  }
  return index;
}

/**
 * The team of one side of an operator's match: by the operator's id first, then by the name or an
 * alias (decision 091). `by` says which, so a club known by name can learn its id.
 */
export function resolveTeam(index: Map<string, TeamMatch>, name: string, operatorId?: string | null): (TeamMatch & { by: "id" | "name" }) | null {
  const byId = operatorId ? index.get(operatorKey(operatorId)) : undefined;
  if (byId) return { ...byId, by: "id" };
  const byName = index.get(teamKey(name.trim()));
  return byName ? { ...byName, by: "name" } : null;
}

/** A side of a match that may carry the operator's club ids. */
export interface WithOperatorIds {
  home: string;
  away: string;
  homeId?: string | null;
  awayId?: string | null;
}

interface NameResolution<M> {
  /** The matches with each known name replaced by its team's own name. */
  matches: (M & { homeTeamId: number | null; awayTeamId: number | null })[];
  /** Names that were written differently from their team's name (an alias, other case or accents). */
  normalized: number;
  /** Names no team answers to, each once, in the order they first appear. */
  unknown: string[];
  /** Operator ids seen beside a name that resolved by name or alias: what the teams may learn (decision 091). */
  learnt: { operatorId: string; teamId: number }[];
}

/** Resolves the home and away names of a pool's matches against the teams: the operator's club id first, when a match carries one, then the name. */
export function resolveTeamNames<M extends { home: string; away: string; homeId?: string | null; awayId?: string | null }>(
  matches: readonly M[],
  index: Map<string, TeamMatch>,
): NameResolution<M> {
  let normalized = 0;
  const unknown: string[] = [];
  const unknownKeys = new Set<string>();
  const learnt: NameResolution<M>["learnt"] = [];
  const resolve = (raw: string, operatorId: string | null | undefined) => {
    const name = raw.trim();
    const key = teamKey(name);
    const team = resolveTeam(index, name, operatorId);
    if (team?.by === "name" && operatorId && !learnt.some((l) => l.operatorId === operatorId)) learnt.push({ operatorId, teamId: team.id });
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
    const home = resolve(m.home, m.homeId);
    const away = resolve(m.away, m.awayId);
    return { ...m, home: home.name, away: away.name, homeTeamId: home.id, awayTeamId: away.id };
  });
  return { matches: resolved, normalized, unknown, learnt };
}

/**
 * The positions (1..15) whose home or away team differs between two lists of the operator's
 * matches: each side compared as the team it resolves to (the operator's id, then the name or an
 * alias), so one club spelled two ways is no change; a side no team answers to is compared by its
 * folded name (decision 091).
 */
export function changedTeams(before: readonly WithOperatorIds[], after: readonly WithOperatorIds[], index: Map<string, TeamMatch>): number[] {
  const same = (a: string | undefined, aId: string | null | undefined, b: string | undefined, bId: string | null | undefined) => {
    if (a === undefined || b === undefined) return a === b;
    if (aId && bId && aId === bId) return true;
    const ta = resolveTeam(index, a, aId);
    const tb = resolveTeam(index, b, bId);
    if (ta && tb) return ta.id === tb.id;
    return !ta && !tb && teamKey(a) === teamKey(b);
  };
  const out: number[] = [];
  for (let i = 0; i < Math.max(before.length, after.length); i++) {
    const [x, y] = [before[i], after[i]];
    if (!same(x?.home, x?.homeId, y?.home, y?.homeId) || !same(x?.away, x?.awayId, y?.away, y?.awayId)) out.push(i + 1);
  }
  return out;
}

export const normalizedMessage = (n: number) => `Normalicé ${n} nombre(s) por alias.`;

/** Words a club's name may carry or drop without naming another club («Racing de Santander» = «Racing Santander»). */
const FILLER = new Set(["de", "del", "la", "el", "los", "las", "y", "club", "cf", "fc", "cd", "ud", "sd", "sad", "rc", "rcd", "ad"]);
/** Words that name another team of the same club: its women's, its reserve. Both names must carry the same. */
const OTHER_TEAM = /^(?:f|fem|femenino|b|c|ii|iii|promesas)$/;

/** A word that, added to a club's name, names its reserve team. */
const RESERVE_WORD = /^(?:atletico|at\.|atl\.|promesas|mirandilla|fabril)$/;

/** A name's words for closeness: accents, case, punctuation, the men's «(M)» and filler words dropped; «R.» and «At.» kept as prefixes. */
function clubWords(name: string): { words: string[]; other: string[] } {
  const words = teamKey(name)
    .replace(/\(m\)/g, " ")
    .replace(/\(f\)/g, " f ")
    .replace(/[^\p{L}\p{N}.\s]/gu, " ")
    .split(/\s+/)
    // Dotted initials are one word («C.F.» = «cf»); a word cut short keeps its dot («R.», «At.»).
    .map((w) => (/^(?:\p{L}\.){2,}$/u.test(w) ? w.replace(/\./g, "") : w.replace(/\.+$/, ".")))
    .filter((w) => w && w !== "." && !FILLER.has(w.replace(/\.$/, "")));
  return { words: words.filter((w) => !OTHER_TEAM.test(w)), other: words.filter((w) => OTHER_TEAM.test(w)).sort() };
}

/** One word stands for another: the same, or an abbreviation of it ("r." for "real", "at." for "atletico"). */
const standsFor = (short: string, long: string) => short === long || (short.endsWith(".") && long.startsWith(short.slice(0, -1)) && short.length >= 2);

/**
 * How close a new spelling is to a known club's name: 3 the same words (accents, case, «De», «(M)»,
 * punctuation apart), 2 the same words with abbreviations («R. Oviedo» / «Real Oviedo»), 1 one name's
 * words all in the other's, in order, the shorter with a word of five letters or more («Racing» /
 * «Racing Santander»); 0 not close. A women's or reserve marker must be on both or neither.
 */
export function closeness(spelling: string, known: string): number {
  const a = clubWords(spelling);
  const b = clubWords(known);
  if (!a.words.length || !b.words.length || a.other.join(" ") !== b.other.join(" ")) return 0;
  if (a.words.join(" ") === b.words.join(" ")) return 3;
  if (a.words.length === b.words.length && a.words.every((w, i) => standsFor(w, b.words[i]) || standsFor(b.words[i], w))) return 2;
  const [short, long] = a.words.length < b.words.length ? [a.words, b.words] : [b.words, a.words];
  let at = 0;
  const extra: string[] = [];
  for (const w of long) {
    if (at < short.length && standsFor(short[at], w)) at++;
    else extra.push(w);
  }
  // «Las Palmas Atlético» is Las Palmas' reserve, not Las Palmas spelled longer.
  if (extra.some((w) => RESERVE_WORD.test(w))) return 0;
  return at === short.length && short.some((w) => w.length >= 5 && !w.endsWith(".")) ? 1 : 0;
}

/** The known clubs close to a new spelling (each by its name or an alias), the closest first; the first is the card's default choice. */
export function closeTeams(spelling: string, teams: readonly NamedTeam[]): TeamMatch[] {
  const scored = teams
    .map((t) => ({ id: t.id, name: t.name, score: Math.max(...[t.name, ...t.alias].map((n) => closeness(spelling, n))) }))
    .filter((t) => t.score > 0);
  scored.sort((x, y) => y.score - x.score || x.name.localeCompare(y.name, "es"));
  return scored.map(({ id, name }) => ({ id, name }));
}
