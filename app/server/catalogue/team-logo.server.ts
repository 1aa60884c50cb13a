import { access } from "node:fs/promises";
import path from "node:path";
import { teamList } from "#core/contract/team";
import { teamKey } from "#core/domain/official/team-names";
import { cache, CACHES } from "~/server/shelf/caches.server";
import { api } from "~/server/shelf/client.server";

const PUBLIC_DIR = path.resolve("public");

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

/** A file under public/ for a site path, or null when the path would leave it. */
function publicFile(sitePath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(sitePath);
  } catch {
    // A broken escape ("/%E0%A4%A") names no file: the crest is drawn instead.
    return null;
  }
  const file = path.resolve(PUBLIC_DIR, `.${decoded}`);
  return file.startsWith(PUBLIC_DIR + path.sep) ? file : null;
}

/** The admin's team list as logos by team name, under the one key "teams". */
const teamLogos = cache<Map<string, string | null>>(CACHES.teamLogos);

/** The logo URL the admin gave the team; the list is the same for everyone, so it is shared a minute. */
async function configuredLogo(request: Request, name: string): Promise<string | null> {
  let logos = teamLogos.get("teams");
  if (!logos) {
    try {
      const teams = await api.read(request, "/team/List", teamList);
      logos = teamLogos.set("teams", new Map(teams.flatMap((t) => [t.name, ...t.alias].map((n) => [teamKey(n), t.logo]))));
    } catch {
      return null;
    }
  }
  return logos.get(teamKey(name)) ?? null;
}

const remoteChecks = cache<boolean>(CACHES.remoteLogoChecks);

/** Whether an https logo answers with an image; remembered for a while so pages stay fast. */
async function remoteImageExists(url: string): Promise<boolean> {
  const known = remoteChecks.get(url);
  if (known !== undefined) return known;
  const response = await fetch(url, { method: "HEAD", redirect: "follow", signal: AbortSignal.timeout(3000) }).catch(() => null);
  const ok = Boolean(response?.ok && response.headers.get("content-type")?.startsWith("image/"));
  remoteChecks.set(url, ok);
  return ok;
}

/**
 * Where a team's logo is, checked on the server so a page never shows a broken image, with or
 * without JavaScript: the team's own logo (a site path or an https address), then
 * /logo/{name}.png, /logos/{name}.png and /logos/{name}.PNG (docs/architecture.md#screens-and-who-reaches-them). Null: draw a crest.
 */
export async function findTeamLogo(request: Request, name: string): Promise<string | null> {
  const logo = await configuredLogo(request, name);
  if (logo?.startsWith("/") && !logo.startsWith("//")) {
    const file = publicFile(logo);
    if (file && (await exists(file))) return logo;
  } else if (logo?.startsWith("https://") && (await remoteImageExists(logo))) {
    return logo;
  }
  if (/[/\\\0]|\.\./.test(name)) return null;
  for (const candidate of [`/logo/${name}.png`, `/logos/${name}.png`, `/logos/${name}.PNG`]) {
    const file = path.join(PUBLIC_DIR, candidate);
    if (await exists(file)) return candidate.split("/").map(encodeURIComponent).join("/");
  }
  return null;
}

const SKIPPED_WORDS = new Set(["cf", "fc", "cd", "ud", "sd", "rc", "rcd", "ca", "sad", "club", "de", "del", "la", "el", "y", "real"]);

/** Up to three letters that name the club: "Real Betis Balompié" → "BB", "Granada CF" → "GRA". */
function crestInitials(name: string): string {
  const words = name
    .normalize("NFC")
    .split(/[\s.\-']+/)
    .filter(Boolean);
  const meaningful = words.filter((w) => !SKIPPED_WORDS.has(w.toLowerCase()));
  const pick = meaningful.length ? meaningful : words;
  if (!pick.length) return "?";
  if (pick.length === 1) return pick[0].slice(0, 3).toUpperCase();
  return pick
    .slice(0, 3)
    .map((w) => w[0])
    .join("")
    .toUpperCase();
}

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A shield in a colour of the name's own, with its initials in white: dark enough to read (WCAG AA). */
export function crestSvg(name: string): string {
  let hash = 0;
  for (const ch of teamKey(name)) hash = (hash * 31 + ch.codePointAt(0)!) >>> 0;
  const hue = hash % 360;
  const initials = escapeXml(crestInitials(name));
  const size = initials.length > 2 ? 15 : 18;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 56" width="48" height="56" role="img" aria-label="${escapeXml(name)}">
<title>${escapeXml(name)}</title>
<path d="M24 2 L45 9 V27 C45 41 35 50 24 54 C13 50 3 41 3 27 V9 Z" fill="hsl(${hue} 55% 30%)" stroke="hsl(${hue} 45% 18%)" stroke-width="2"/>
<path d="M24 7 L40 12.5 V27 C40 38 32.5 45 24 48.5 C15.5 45 8 38 8 27 V12.5 Z" fill="none" stroke="#fff" stroke-opacity="0.55" stroke-width="1.5"/>
<text x="24" y="31" text-anchor="middle" dominant-baseline="middle" font-family="system-ui, sans-serif" font-weight="700" font-size="${size}" fill="#fff">${initials}</text>
</svg>`;
}

const SPRITE_MAX_TEAMS = 64;

/** A logo file under public/ (a site path findTeamLogo gave) as a small PNG data URI, or null. */
async function embeddedLogo(sitePath: string): Promise<string | null> {
  const file = publicFile(sitePath);
  if (!file) return null;
  const { default: sharp } = await import("sharp");
  const png = await sharp(file)
    .resize(96, 112, { fit: "contain", background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer()
    .catch(() => null);
  return png ? `data:image/png;base64,${png.toString("base64")}` : null;
}

/**
 * One SVG sprite with a `<symbol>` per team (id from crestSymbolId): the team's local logo resized
 * to the display size and embedded, else its https logo by address, else the crest drawn from its name.
 */
export async function crestSprite(request: Request, names: string[], symbolId: (name: string) => string): Promise<string> {
  const symbols = await Promise.all(
    [...new Set(names)].slice(0, SPRITE_MAX_TEAMS).map(async (name) => {
      const logo = await findTeamLogo(request, name);
      const href =
        (logo?.startsWith("/") ? await embeddedLogo(logo) : logo) ?? `data:image/svg+xml;base64,${Buffer.from(crestSvg(name || "?")).toString("base64")}`;
      return `<symbol id="${symbolId(name)}" viewBox="0 0 48 56"><title>${escapeXml(name)}</title><image href="${escapeXml(href)}" width="48" height="56" preserveAspectRatio="xMidYMid meet"/></symbol>`;
    }),
  );
  return `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join("")}</svg>`;
}
