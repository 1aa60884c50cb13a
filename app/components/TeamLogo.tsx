import { createContext, useContext } from "react";
import { teamKey } from "#core/domain/official/team-names";

/** The symbol id of a team's crest in the /crests.svg sprite (same on server and client). */
export function crestSymbolId(name: string) {
  let hash = 0x811c9dc5;
  for (const ch of teamKey(name)) hash = Math.imul(hash ^ ch.codePointAt(0)!, 0x01000193) >>> 0;
  return `team-${hash.toString(36)}`;
}

/** The sprite of every crest a page shows: one request for all of them. */
export function crestSpriteHref(names: string[]) {
  const unique = [...new Set(names)].sort();
  return `/crests.svg?${new URLSearchParams(unique.map((n) => ["n", n]))}`;
}

const SpriteContext = createContext<string | null>(null);

/** Inside it, TeamLogo draws from one sprite holding the crests of `names` instead of one image each. */
export function CrestSprite({ names, children }: { names: string[]; children: React.ReactNode }) {
  return <SpriteContext.Provider value={crestSpriteHref(names)}>{children}</SpriteContext.Provider>;
}

/**
 * A team's logo through /crest/{name} (or, inside a CrestSprite, its symbol in /crests.svg), which
 * answers with the first logo that exists or a crest drawn from the name: the server decides, so it
 * works without JavaScript and never breaks. Decorative by default, because the name is written next to it.
 */
export function TeamLogo({ name, size = 32, label }: { name: string; size?: number; label?: string }) {
  const sprite = useContext(SpriteContext);
  const height = Math.round(size * (56 / 48));
  if (sprite) {
    return (
      <svg className="team-logo" width={size} height={height} viewBox="0 0 48 56" {...(label ? { role: "img", "aria-label": label } : { "aria-hidden": true })}>
        <use href={`${sprite}#${crestSymbolId(name)}`} />
      </svg>
    );
  }
  return <img className="team-logo" src={`/crest/${encodeURIComponent(name)}`} alt={label ?? ""} width={size} height={height} loading="lazy" />;
}

/** A match's two teams, each with its crest, read as "home contra away" (nothing for a match not there). */
export function MatchTeams({ match, size }: { match: { home: string; away: string } | undefined; size: number }) {
  if (!match) return null;
  return (
    <span className="teams">
      <span className="team">
        <TeamLogo name={match.home} size={size} />
        {match.home}
      </span>
      <span aria-hidden="true"> – </span>
      <span className="sr-only"> contra </span>
      <span className="team">
        <TeamLogo name={match.away} size={size} />
        {match.away}
      </span>
    </span>
  );
}
