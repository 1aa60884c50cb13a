import { createHash } from "node:crypto";
import { constants, crc32, deflateRawSync } from "node:zlib";
import { cache, CACHES } from "~/server/shelf/caches.server";
import { tokensOf } from "~/server/shelf/inline-styles.server";

// A held view's HTML (decision 027) is the same text for every view of a version: on a script-less
// page's document request it travels beside the loader data, not in it (decision 038). The loader
// data holds a marker; entry.server.tsx puts the fragment's bytes where the marker is. So the 160 KB
// table is not encoded into the loader data (turbo-stream runs before the entry can drop it), not
// scanned for its classes, not encoded to UTF-8 and not hashed again on each view: all of that is done
// once per version, here.

const encoder = new TextEncoder();

/** The rendered HTML of a held view, with what a page needs of it, each computed once. */
export class Fragment {
  #bytes?: Uint8Array;
  #tokens?: Set<string>;
  #digest?: Buffer;
  #deflated?: Buffer;
  constructor(readonly html: string) {}
  get bytes(): Uint8Array {
    return (this.#bytes ??= encoder.encode(this.html));
  }
  /** Its ".classes" and "#ids", for the page's used-rules cut. */
  get tokens(): Set<string> {
    return (this.#tokens ??= tokensOf(this.html));
  }
  /** Its bytes as raw deflate blocks ending on a byte boundary (a sync flush), to go inside a page's gzip. */
  get deflated(): Buffer {
    return (this.#deflated ??= deflateRawSync(this.bytes, { finishFlush: constants.Z_SYNC_FLUSH }));
  }
  /** A sha256 of its bytes, which a page's ETag hashes instead of the bytes. */
  get digest(): Buffer {
    return (this.#digest ??= createHash("sha256").update(this.bytes).digest());
  }
}

/** What server.ts puts in the load context of a document GET (not a client's `.data` request). */
export interface FragmentContext {
  fragments?: Fragment[];
}

const MARK = /<!--held:(\d+)-->/g;

/**
 * What a loader returns where the fragment's HTML goes: on a document request a marker (an HTML
 * comment, which no escaped text can contain), replaced by entry.server.tsx; on a client-side
 * navigation (`.data`), the HTML itself. Only script-less routes may use it: a hydrating page would
 * read the marker back from its loader data.
 */
export function fragmentInData(context: unknown, fragment: Fragment): string {
  const list = (context as FragmentContext | undefined)?.fragments;
  if (!list) return fragment.html;
  list.push(fragment);
  return `<!--held:${list.length - 1}-->`;
}

const ofText = cache<Fragment>(CACHES.fragmentTexts);

/**
 * A text that many views repeat (a page's cut of the stylesheet, which depends only on its classes)
 * as a fragment added to `list`: encoded and compressed once while it is kept. Returns its marker.
 */
export function heldText(list: Fragment[], text: string): string {
  const fragment = ofText.get(text) ?? ofText.set(text, new Fragment(text));
  return fragmentInData({ fragments: list }, fragment);
}

/** The fragments a document's loaders handed over (none on other requests). */
export const fragmentsOf = (context: unknown): Fragment[] => (context as FragmentContext | undefined)?.fragments ?? [];

/** The page's text split at its markers: text, fragment, text… (a marker of no fragment stays text). */
export function splitAtFragments(html: string, fragments: Fragment[]): (string | Fragment)[] {
  if (!fragments.length) return [html];
  const parts: (string | Fragment)[] = [];
  let at = 0;
  for (const m of html.matchAll(MARK)) {
    const fragment = fragments[Number(m[1])];
    if (!fragment) continue;
    parts.push(html.slice(at, m.index), fragment);
    at = m.index + m[0].length;
  }
  parts.push(html.slice(at));
  return parts;
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/**
 * The page as gzip, its fragments compressed once per version: a deflate stream is a run of blocks,
 * so each text part is deflated on its own up to a byte boundary and the fragment's kept blocks go
 * between them; only the last part ends the stream. The parts cannot refer back to one another,
 * which costs a few bytes, and the whole page's CRC is still computed (fast, in zlib).
 */
export function gzipOf(parts: (Uint8Array | Fragment)[]): Buffer {
  const out: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  parts.forEach((part, i) => {
    const bytes = part instanceof Fragment ? part.bytes : part;
    crc = crc32(bytes, crc);
    size += bytes.byteLength;
    const last = i === parts.length - 1;
    if (part instanceof Fragment && !last) out.push(part.deflated);
    else out.push(deflateRawSync(bytes, last ? {} : { finishFlush: constants.Z_SYNC_FLUSH }));
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size % 2 ** 32, 4);
  out.push(trailer);
  return Buffer.concat(out);
}
