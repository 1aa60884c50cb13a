// Pages a browser may keep (decisions 067, 077): a reload is answered at the server's edge from the
// versions of what the page shows, before Express, any loader or any render. A matching
// If-None-Match is a 304; a validator this instance has rendered before is its stored bytes;
// anything else is rendered by Remix once and stored under that validator.
import { createHash } from "node:crypto";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import { LiveVersion } from "#core/contract/live";
import { pathPattern } from "#core/contract/path-pattern";
import { backendFetch } from "~/server/shelf/backend-fetch.server";
import { cache, CACHES } from "~/server/shelf/caches.server";
import { embeddedVersions } from "~/server/shelf/embedded-backend";
import { positiveId } from "~/server/shelf/ids.server";
import { liveSession } from "~/server/shelf/session.server";

/**
 * A page a browser keeps (decisions 067, 077, 082), said once: what of its address chooses the view
 * (the page's loader reads the address through `args`, so a parameter renamed there is renamed for
 * its version too) and the backend call that names that view's version, null where the address names
 * no view. The route declares `handle.kept` with the page's name; its path is the route's own, read
 * from the build (routesOf).
 */
interface KeptPage<A> {
  args: (params: Readonly<Record<string, string | undefined>>, search: URLSearchParams) => A;
  version: (args: A) => string | null;
}

const keptPage = <A>(args: KeptPage<A>["args"], version: KeptPage<A>["version"]): KeptPage<A> => ({ args, version });

export const KEPT_PAGES = {
  /** The live page (app/routes/grupo.$groupId.directo.tsx): the round in play, or the pool asked by `?quiniela=`. */
  live: keptPage(
    (params, search) => ({ groupId: positiveId(params.groupId), quinielaId: positiveId(search.get("quiniela")) }),
    ({ groupId, quinielaId }) => (groupId ? `/Group/${groupId}/LiveVersion${quinielaId ? `?quinielaId=${quinielaId}` : ""}` : null),
  ),
  /**
   * The standings (app/routes/grupo.$groupId.temporada.$seasonId.clasificacion.tsx): one version for
   * every scope and order of the season, which the address (in the validator) tells apart (decision 070).
   */
  standings: keptPage(
    (params) => ({ groupId: positiveId(params.groupId), seasonId: positiveId(params.seasonId) }),
    ({ groupId, seasonId }) => (groupId && seasonId ? `/group/${groupId}/season/${seasonId}/StandingsVersion` : null),
  ),
  /** Results and bets (app/routes/grupo.$groupId.resultados-y-apuestas.tsx): the round picked by `?jornada=`, within `?temporada=`. */
  results: keptPage(
    (params, search) => ({
      groupId: positiveId(params.groupId),
      roundNumber: positiveId(search.get("jornada")),
      seasonId: positiveId(search.get("temporada")),
    }),
    ({ groupId, roundNumber, seasonId }) => {
      if (!groupId) return null;
      const q = new URLSearchParams({ groupId: String(groupId) });
      if (roundNumber) q.set("numberQuiniela", String(roundNumber));
      if (seasonId) q.set("seasonId", String(seasonId));
      return `/Bet/RoundSummaryVersion?${q}`;
    },
  ),
};

export type KeptPageName = keyof typeof KEPT_PAGES;

/** The build's routes as the edge reads them: each route's own path, its parent, and its module's handle. */
export type BuildRoutes = Readonly<Record<string, { path?: string; parentId?: string; module: { handle?: unknown } } | undefined>>;

/** Every route that declares a kept page: its whole path (its parents' joined), matched as Remix matches it. */
const routesOf = (() => {
  const made = new WeakMap<BuildRoutes, { page: KeptPage<unknown>; match: (pathname: string) => Record<string, string> | null }[]>();
  return (routes: BuildRoutes) => {
    let kept = made.get(routes);
    if (!kept) {
      kept = [];
      for (const [id, route] of Object.entries(routes)) {
        const name = (route?.module.handle as { kept?: KeptPageName } | undefined)?.kept;
        if (!name) continue;
        const segments: string[] = [];
        for (let r = routes[id]; r; r = r.parentId ? routes[r.parentId] : undefined) if (r.path) segments.unshift(r.path);
        kept.push({ page: KEPT_PAGES[name] as KeptPage<unknown>, match: pathPattern(segments.join("/")) });
      }
      made.set(routes, kept);
    }
    return kept;
  };
})();

/** The backend call that names the version of the kept page at `url`; null for a page not kept by version. */
export function versionCallOf(url: URL, routes: BuildRoutes): string | null {
  for (const { page, match } of routesOf(routes)) {
    const params = match(url.pathname);
    if (!params) continue;
    try {
      // Remix gives a loader its params decoded: so does the edge.
      const decoded = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, decodeURIComponent(v)]));
      return page.version(page.args(decoded, url.searchParams));
    } catch {
      return null;
    }
  }
  return null;
}

/** Every version call answers `{ version }` (core/contract: LiveVersion, StandingsVersion, RoundSummaryVersion). */
const Version = LiveVersion;

/** A flash message's cookie (app/server/shelf/toast.server.ts). */
const TOAST_COOKIE = /(?:^|;\s*)__toast=([^;]*)/;

/**
 * A flash message waits in the cookie: the page that reads it is rendered, never answered from a
 * version. A cookie whose data is empty (`{}`, as a browser may still hold one from before the message
 * was read) waits with nothing. Its signature is not checked here: a forged empty one only skips the
 * reader's own message, and anything that does not read as empty counts as waiting.
 */
export function toastWaiting(cookie: string): boolean {
  const found = TOAST_COOKIE.exec(cookie);
  if (!found) return false;
  try {
    const signed = decodeURIComponent(found[1]!);
    const data = JSON.parse(Buffer.from(signed.slice(0, signed.lastIndexOf(".")), "base64").toString("utf8")) as unknown;
    return !(data && typeof data === "object" && Object.keys(data).length === 0);
  } catch {
    return true;
  }
}

type Encoding = "br" | "gzip" | "identity";

/** The encoding the page is stored in for this visitor: brotli, else gzip, else none (a q=0 refuses one). */
export function encodingFor(acceptEncoding: string | null): Encoding {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? "").split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const takes = (name: string) => (accepted.get(name) ?? accepted.get("*") ?? 0) > 0;
  if (takes("br")) return "br";
  if (takes("gzip")) return "gzip";
  return "identity";
}

interface Stored {
  body: Uint8Array<ArrayBuffer>;
  headers: [string, string][];
}

/** Rendered pages by validator, least recently served out first, within a byte budget per instance (caches.server.ts). */
const stored = cache<Stored>(CACHES.keptPages, (page) => page.body.byteLength);
const remember = (tag: string, page: Stored) => stored.set(tag, page);
const recall = (tag: string): Stored | undefined => stored.get(tag);

/** What a document render that Remix does after a miss needs to store itself (entry.server.tsx). */
export interface KeptRender {
  tag: string;
  /** The page's bytes, encoded for this visitor, stored under the tag, as the 200 to send. */
  answer: (html: Uint8Array, headers: Headers) => Response;
}

export interface KeptContext {
  kept?: KeptRender;
}

/**
 * A page that could not read what it shows (the backend failed, its message is on the page) is not
 * stored under the versions: they still name the view it should have shown, so the next view renders
 * again (decision 070). Loaders of kept pages call this on a failed read.
 */
export function keepNot(context: unknown): void {
  if (context && typeof context === "object") delete (context as KeptContext).kept;
}

const matches = (ifNoneMatch: string | null, tag: string) =>
  (ifNoneMatch ?? "")
    .split(",")
    .map((t) => t.trim())
    .includes(tag);

/** Headers every answer of a kept page carries: a browser keeps it for this visitor only and asks again each time. */
function validatorHeaders(tag: string, encoding: Encoding): Headers {
  const headers = new Headers({ ETag: tag, "Cache-Control": "private, no-cache" });
  headers.append("Vary", "Cookie");
  headers.append("Vary", "Accept-Encoding");
  if (encoding !== "identity") headers.set("Content-Encoding", encoding);
  return headers;
}

function encode(html: Uint8Array, encoding: Encoding): Uint8Array<ArrayBuffer> {
  // Quality 5, as server.ts's compression (decision 027): done once per version, not once per view.
  if (encoding === "br") return new Uint8Array(brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }));
  if (encoding === "gzip") return new Uint8Array(gzipSync(html));
  return new Uint8Array(html);
}

/** A visitor's GET as the HTTP edge has it (http/kept-edge.ts): no Request is made for a kept page's reload. */
export interface EdgeRequest {
  /** The path and query, as sent. */
  url: string;
  header: (name: string) => string | undefined;
}

/** An answer the edge sends itself: a 304, or the stored bytes of a page already rendered. */
export interface EdgeAnswer {
  status: 200 | 304;
  headers: [string, string][];
  body: Uint8Array | null;
}

/** What the edge does with a kept page's request: send an answer, or let Remix render and store the page. */
export type KeptOutcome = { answer: EdgeAnswer } | { render: KeptRender };

/**
 * What the backend says a kept page's version is, for this caller; null when it will not say (Remix
 * answers as always). A backend in this process is asked by a function call (decision 077).
 */
async function versionOf(path: string, token: string): Promise<string | null> {
  const authorization = `Bearer ${token}`;
  const direct = embeddedVersions();
  if (direct) return direct(authorization, path);
  const response = await backendFetch(path, { headers: { accept: "application/json", authorization }, signal: AbortSignal.timeout(15_000) });
  if (!response.ok) {
    await response.body?.cancel();
    return null;
  }
  const parsed = Version.safeParse(await response.json());
  return parsed.success ? parsed.data.version : null;
}

/**
 * A kept page's answer before Express and Remix (`keptEdge` in http/kept-edge.ts): a 304 for a matching
 * If-None-Match, the stored bytes for a validator already rendered, else the validator to store
 * Remix's render under. Null at once for anything else (not a GET of a kept page, no session
 * cookie, a flash message waiting), and after the checks when there is no live session or the
 * backend will not name a version: Remix answers those as always.
 *
 * The validator hashes the build, the address (its query is part of the view: `?pausa`, `?todos`),
 * the session's user as the page's header shows it, the backend's version of the view for this
 * caller (role included) and the encoding. Costs: the session check (remembered a few seconds,
 * decision 014) and the version, which an embedded backend holds until a write it depends on
 * (decision 077).
 */
export function keptAnswer(request: EdgeRequest, build: { assets: { version: string }; routes: BuildRoutes }): Promise<KeptOutcome | null> | null {
  const url = new URL(request.url, "http://edge");
  const versionPath = versionCallOf(url, build.routes);
  const buildId = build.assets.version;
  const cookie = request.header("cookie");
  if (!versionPath || !cookie || toastWaiting(cookie)) return null;
  return (async () => {
    const session = await liveSession(cookie);
    const version = session ? await versionOf(versionPath, session.token) : null;
    if (!session || version === null) return null;
    const encoding = encodingFor(request.header("accept-encoding") ?? null);
    const tag = `"${createHash("sha256")
      .update(`${buildId}\0${url.pathname}${url.search}\0${JSON.stringify(session.user)}\0${version}\0${encoding}`)
      .digest("base64url")}"`;
    if (matches(request.header("if-none-match") ?? null, tag)) return { answer: { status: 304, headers: [...validatorHeaders(tag, encoding)], body: null } };
    const page = recall(tag);
    if (page) return { answer: { status: 200, headers: page.headers, body: page.body } };
    return {
      render: {
        tag,
        answer(html, routeHeaders) {
          const body = encode(html, encoding);
          const headers = new Headers(routeHeaders);
          for (const [key, value] of validatorHeaders(tag, encoding)) headers.set(key, value);
          headers.set("Content-Length", String(body.byteLength));
          // Only what the route and the entry set: helmet's headers (the CSP's nonce) are the server's, per answer.
          const kept = [...headers].filter(([key]) => key.toLowerCase() !== "set-cookie");
          remember(tag, { body, headers: kept });
          return new Response(body, { status: 200, headers });
        },
      },
    };
  })();
}
