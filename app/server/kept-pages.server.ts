// Pages a browser may keep (decisions 067, 077): a reload is answered at the server's edge from the
// versions of what the page shows, before Express, any loader or any render. A matching
// If-None-Match is a 304; a validator this instance has rendered before is its stored bytes;
// anything else is rendered by Remix once and stored under that validator.
import { createHash } from "node:crypto";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import { LiveVersion } from "#core/contract/live";
import { backendFetch } from "~/server/backend-fetch.server";
import { cache, CACHES } from "~/server/caches.server";
import { embeddedVersions } from "~/server/embedded-backend";
import { positiveId } from "~/server/ids.server";
import { liveSession } from "~/server/session/session.server";

/** A page kept by version: the backend call that names its version, for a path it matches. */
interface KeptRoute {
  path: RegExp;
  version: (match: RegExpMatchArray, url: URL) => string;
}

const positiveInt = (text: string | null) => {
  const n = Number(text);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/** Every version call answers `{ version }` (core/contract: LiveVersion, StandingsVersion, RoundSummaryVersion). */
const Version = LiveVersion;

const KEPT: KeptRoute[] = [
  {
    // The live page (app/routes/grupo.$groupId.directo.tsx): its `?quiniela=` is read as loadLive reads it.
    path: /^\/grupo\/(\d+)\/directo$/,
    version: (m, url) => {
      const q = positiveInt(url.searchParams.get("quiniela"));
      return `/Group/${m[1]}/LiveVersion${q ? `?quinielaId=${q}` : ""}`;
    },
  },
  {
    // The standings (app/routes/grupo.$groupId.temporada.$seasonId.clasificacion.tsx): one version for
    // every scope and order of the season, which the address (in the validator) tells apart (decision 070).
    path: /^\/grupo\/(\d+)\/temporada\/(\d+)\/clasificacion$/,
    version: (m) => `/group/${m[1]}/season/${m[2]}/StandingsVersion`,
  },
  {
    // Results and bets (app/routes/grupo.$groupId.resultados-y-apuestas.tsx): the round is picked by
    // `?jornada=` and `?temporada=` as loadRoundResults reads them.
    path: /^\/grupo\/(\d+)\/resultados-y-apuestas$/,
    version: (m, url) => {
      const q = new URLSearchParams({ groupId: m[1]! });
      const round = positiveId(url.searchParams.get("jornada"));
      const season = positiveId(url.searchParams.get("temporada"));
      if (round) q.set("numberQuiniela", String(round));
      if (season) q.set("seasonId", String(season));
      return `/Bet/RoundSummaryVersion?${q}`;
    },
  },
];

/** The backend call that names the version of the kept page at `url`; null for a page not kept by version. */
export function versionCallOf(url: URL): string | null {
  for (const route of KEPT) {
    const found = route.path.exec(url.pathname);
    if (found) return route.version(found, url);
  }
  return null;
}

/** A flash message waits in this cookie: the page that reads it is rendered, never answered from a version. */
const TOAST_COOKIE = /(?:^|;\s*)__toast=/;

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
export function keptAnswer(request: EdgeRequest, buildVersion: string): Promise<KeptOutcome | null> | null {
  const url = new URL(request.url, "http://edge");
  const versionPath = versionCallOf(url);
  const cookie = request.header("cookie");
  if (!versionPath || !cookie || TOAST_COOKIE.test(cookie)) return null;
  return (async () => {
    const session = await liveSession(cookie);
    const version = session ? await versionOf(versionPath, session.token) : null;
    if (!session || version === null) return null;
    const encoding = encodingFor(request.header("accept-encoding") ?? null);
    const tag = `"${createHash("sha256")
      .update(`${buildVersion}\0${url.pathname}${url.search}\0${JSON.stringify(session.user)}\0${version}\0${encoding}`)
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
