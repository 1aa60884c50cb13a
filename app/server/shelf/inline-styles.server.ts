import { readFileSync } from "node:fs";
import path from "node:path";
import { cache, CACHES, type Cache } from "~/server/shelf/caches.server";

// A script-less page carries its stylesheets inline, cut to the rules it can use (decision 026): on
// a slow phone a <link> in the head is one more round trip before anything paints. Such a page has no
// script that could add a class or an id later (its enhancements only follow links), so the
// classes and ids in its HTML are all it will ever have.

/** A rule, a group of rules (@media, @supports) or something kept whole (@keyframes, @font-face…). */
export type Block = { kind: "rule"; text: string; selectors: Needs[] } | { kind: "group"; open: string; blocks: Block[] } | { kind: "keep"; text: string };

/** What a selector needs in the page to match anything: ".class" and "#id" names. */
type Needs = string[];

/**
 * Reads a stylesheet into blocks. Our own CSS, as the build writes it: brace-balanced, strings
 * quoted, comments possible. Anything it does not understand is kept whole.
 */
export function parseStylesheet(css: string): Block[] {
  let i = 0;
  const blocks = (): Block[] => {
    const out: Block[] = [];
    let start = i;
    while (i < css.length) {
      const c = css[i];
      if (c === "/" && css[i + 1] === "*") {
        const end = css.indexOf("*/", i + 2);
        const before = css.slice(start, i);
        i = end < 0 ? css.length : end + 2;
        // A comment between rules is dropped (one inside a prelude is removed with the prelude's below).
        if (!before.trim()) start = i;
      } else if (c === '"' || c === "'") {
        i = skipString(css, i);
      } else if (c === ";") {
        // A statement at this level (@charset, @import, @layer a, b;).
        const text = css.slice(start, i + 1).trim();
        if (text) out.push({ kind: "keep", text });
        start = ++i;
      } else if (c === "{") {
        const prelude = css
          .slice(start, i)
          .replace(/\/\*[\s\S]*?\*\//g, "")
          .trim();
        const bodyStart = ++i;
        if (/^@(media|supports|layer|container)\b/i.test(prelude)) {
          out.push({ kind: "group", open: prelude, blocks: blocks() });
        } else {
          i = matchingBrace(css, bodyStart);
          const text = `${prelude}{${css.slice(bodyStart, i)}}`;
          out.push(prelude.startsWith("@") ? { kind: "keep", text } : { kind: "rule", text, selectors: splitSelectors(prelude).map(needsOf) });
        }
        start = ++i;
      } else if (c === "}") {
        return out;
      } else {
        i++;
      }
    }
    return out;
  };
  return blocks();
}

function skipString(css: string, at: number): number {
  const quote = css[at];
  let i = at + 1;
  while (i < css.length && css[i] !== quote) i += css[i] === "\\" ? 2 : 1;
  return i + 1;
}

/** The index of the "}" that closes a block whose body starts at `from`. */
function matchingBrace(css: string, from: number): number {
  let depth = 0;
  for (let i = from; i < css.length; i++) {
    const c = css[i];
    if (c === '"' || c === "'") i = skipString(css, i) - 1;
    else if (c === "/" && css[i + 1] === "*") {
      const end = css.indexOf("*/", i + 2);
      i = end < 0 ? css.length : end + 1;
    } else if (c === "{") depth++;
    else if (c === "}" && depth-- === 0) return i;
  }
  return css.length;
}

/** "a, b:is(c, d)" → ["a", "b:is(c, d)"]: commas inside brackets or parentheses do not split. */
function splitSelectors(list: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    if (c === "(" || c === "[") depth++;
    else if (c === ")" || c === "]") depth--;
    else if (c === '"' || c === "'") i = skipString(list, i) - 1;
    else if (c === "," && depth === 0) {
      out.push(list.slice(start, i));
      start = i + 1;
    }
  }
  out.push(list.slice(start));
  return out.map((s) => s.trim()).filter(Boolean);
}

/**
 * The classes and ids a selector cannot match without. Tags, attribute selectors, pseudo-classes and
 * :not(…) ask for nothing (tags: nearly every page has the few a rule names alone, and scanning a
 * page's tags costs more than the bytes it would save). A selector with :is, :where or :has asks for
 * nothing either, so it is always kept: cutting too little costs bytes, cutting too much breaks a page.
 */
export function needsOf(selector: string): Needs {
  if (/:(is|where|has|matches|-webkit-any|-moz-any)\(/i.test(selector)) return [];
  const plain = selector
    .replace(/"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'/g, "")
    .replace(/\[[^\]]*\]/g, " ")
    .replace(/:not\([^)]*\)/gi, "");
  return [...plain.matchAll(/([.#])(-?[_a-zA-Z][\w-]*)/g)].map((m) => m[1] + m[2]);
}

/** The ".classes" and "#ids" a page's HTML has (as React writes it: attributes in double quotes). */
export function tokensOf(html: string): Set<string> {
  const tokens = new Set<string>();
  // indexOf, not a regular expression: a 200-row page is scanned in about half a millisecond.
  const values = (attribute: string, prefix: string) => {
    const seen = new Set<string>();
    for (let i = html.indexOf(attribute); i >= 0; i = html.indexOf(attribute, i + 1)) {
      const start = i + attribute.length;
      const end = html.indexOf('"', start);
      if (end < 0) break;
      seen.add(html.slice(start, end));
    }
    for (const value of seen) for (const name of value.split(/\s+/)) if (name) tokens.add(prefix + name);
  };
  values(' class="', ".");
  values(' id="', "#");
  return tokens;
}

/** The stylesheet's text with only the rules that can match something in a page with `tokens`. */
export function usedCss(blocks: Block[], tokens: Set<string>): string {
  let out = "";
  for (const b of blocks) {
    if (b.kind === "keep") out += b.text;
    else if (b.kind === "rule") {
      if (b.selectors.some((needs) => needs.every((t) => tokens.has(t)))) out += b.text;
    } else {
      const inner = usedCss(b.blocks, tokens);
      if (inner) out += `${b.open}{${inner}}`;
    }
  }
  return out;
}

const BUILD_LINK = /<link rel="stylesheet" href="(\/build\/[^"?#]+\.css)"\/>/g;
/** Each sheet's blocks, or `false` when it is not there (a cache holds no null). */
const parsed = cache<Block[] | false>(CACHES.stylesheets);

/** The built stylesheet at `href` (under public/), read and parsed once; null when it is not there. */
function stylesheet(href: string): Block[] | null {
  let blocks = parsed.get(href);
  if (blocks === undefined) {
    blocks = false;
    try {
      blocks = parseStylesheet(readFileSync(path.join(process.cwd(), "public", href), "utf8"));
    } catch {
      // Not built where we look (an unusual working dir): the page keeps its <link>.
    }
    parsed.set(href, blocks);
  }
  return blocks || null;
}

/** The cut of each sheet per set of tokens, kept: a page's small rest has few distinct sets (decision 038). */
const cuts = new WeakMap<Block[], Cache<string, string>>();

function cutOf(blocks: Block[], tokens: Set<string>): string {
  let byTokens = cuts.get(blocks);
  if (!byTokens) cuts.set(blocks, (byTokens = cache<string>(CACHES.styleCuts)));
  const key = [...tokens].sort().join(" ");
  let css = byTokens.get(key);
  if (css === undefined) css = byTokens.set(key, usedCss(blocks, tokens).replace(/<\/style/gi, "<\\/style"));
  return css;
}

export interface InlineOptions {
  /** The tokens of HTML that is not in `html` but will be in the page (held fragments, decision 038). */
  extraTokens?: Set<string>[];
  /**
   * What the page's own `<link>` becomes once inlined: a page without scripts keeps none (its classes
   * never change) and prefetches the sheet for the next page; a page with the Remix client keeps a
   * `media="print"` link, which does not hold the paint, and the client turns it on (entry.client.tsx).
   */
  later?: "prefetch" | "print-link";
  /** What goes in the `<style>` for a cut: by default the cut itself; entry.server.tsx hands it over as a held fragment. */
  hold?: (css: string) => string;
  load?: (href: string) => Block[] | null;
}

/**
 * The page with each of the build's stylesheets (`<link rel="stylesheet" href="/build/…css"/>`, as
 * Remix's <Links/> writes it) replaced by a `<style data-href="/build/…css">` of the rules the page
 * can use, in the same place so the cascade keeps its order. A sheet that cannot be read stays a link.
 * Then the whole sheet is fetched without holding the paint (see `later`).
 */
export function inlineStylesheets(html: string, { extraTokens = [], later = "prefetch", hold = (css) => css, load = stylesheet }: InlineOptions = {}): string {
  let tokens: Set<string> | null = null;
  const inlined: string[] = [];
  const page = html.replace(BUILD_LINK, (link, href: string) => {
    const blocks = load(href);
    if (!blocks) return link;
    if (!tokens) {
      tokens = tokensOf(html);
      for (const extra of extraTokens) for (const t of extra) tokens.add(t);
    }
    inlined.push(href);
    // data-href names the sheet the rules come from (and lets a test put the whole sheet back).
    const style = `<style data-href="${href}">${hold(cutOf(blocks, tokens))}</style>`;
    return later === "print-link" ? `${style}<link rel="stylesheet" href="${href}" media="print" data-inlined=""/>` : style;
  });
  if (later !== "prefetch") return page;
  const end = page.lastIndexOf("</body>");
  if (!inlined.length || end < 0) return page;
  return page.slice(0, end) + inlined.map((href) => `<link rel="prefetch" href="${href}"/>`).join("") + page.slice(end);
}
