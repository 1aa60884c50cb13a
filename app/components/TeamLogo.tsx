/**
 * A team's logo through /crest/{name}, which answers with the first logo that exists or a crest
 * drawn from the name: the server decides, so it works without JavaScript and never breaks.
 * Decorative by default, because the name is written next to it.
 */
export function TeamLogo({ name, size = 32, label }: { name: string; size?: number; label?: string }) {
  return (
    <img
      className="team-logo"
      src={`/crest/${encodeURIComponent(name)}`}
      alt={label ?? ""}
      width={size}
      height={Math.round(size * (56 / 48))}
      loading="lazy"
    />
  );
}
