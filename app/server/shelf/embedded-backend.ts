// Shared by both bundles: build/server.js registers, build/index.js (the BFF) reads. No imports, so
// server.ts can import it without the app's aliases.

/**
 * One request to the backend, in the backend's own terms: Fastify's `inject` options and answer.
 * server.ts registers it when the backend runs in this same process (`npm start` without API_URL).
 */
export type EmbeddedBackend = (request: {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}) => Promise<{ statusCode: number; headers: Record<string, string | string[] | number | undefined>; rawPayload: Buffer }>;

/** The one global the two bundles (build/server.js and build/index.js) share. */
const EMBEDDED = Symbol.for("quiniela.embedded-backend");

export function registerEmbeddedBackend(dispatch: EmbeddedBackend) {
  (globalThis as Record<symbol, unknown>)[EMBEDDED] = dispatch;
}

export const embeddedBackend = () => (globalThis as Record<symbol, EmbeddedBackend | undefined>)[EMBEDDED];

/**
 * A kept page's version read (backend/kept-versions.ts, `heldVersions`) called as a function, when
 * the backend runs in this process: held until a write it depends on, so a reload between two
 * changes reads nothing (decision 077).
 */
export type EmbeddedVersions = (authorization: string, address: string) => Promise<string | null>;

const VERSIONS = Symbol.for("quiniela.embedded-versions");

export function registerEmbeddedVersions(read: EmbeddedVersions) {
  (globalThis as Record<symbol, unknown>)[VERSIONS] = read;
}

export const embeddedVersions = () => (globalThis as Record<symbol, EmbeddedVersions | undefined>)[VERSIONS];
