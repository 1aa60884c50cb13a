import { describe, expect, it } from "vitest";
import { inlineStylesheets, needsOf, parseStylesheet, tokensOf, usedCss } from "~/server/shelf/inline-styles.server";

const CSS = [
  "/*! a licence */",
  ":root{--ink:#111}",
  "*{box-sizing:border-box}",
  "body{margin:0}",
  ".card,.panel{padding:1rem}",
  '.quote:before{content:"{ not a block }"}',
  ".standings .row-more summary{cursor:pointer}",
  ".player>span:not(.badge):not(.icons){min-width:0}",
  'a[aria-current="page"]{font-weight:700}',
  ":is(.toast,.wait) p{margin:0}",
  "#main{outline:none}",
  "@media (max-width:47.99rem){.standings .wide{display:none}.toast{right:0}}",
  "@media print{.toast{display:none}}",
  "@keyframes fade{0%{opacity:1}to{opacity:0}}",
  '@charset "UTF-8";',
].join("");

const all = { has: () => true } as unknown as Set<string>;

describe("inline styles of a script-less page", () => {
  it("reads our stylesheet back whole when a page has everything", () => {
    const blocks = parseStylesheet(CSS);
    expect(usedCss(blocks, all)).toBe(CSS.replace("/*! a licence */", ""));
  });

  it("keeps only the rules whose classes and ids the page has", () => {
    const css = usedCss(parseStylesheet(CSS), new Set([".standings", ".row-more", ".card"]));
    expect(css).toContain(".card,.panel{padding:1rem}");
    expect(css).toContain(".standings .row-more summary{cursor:pointer}");
    expect(css).toContain(":root{--ink:#111}*{box-sizing:border-box}body{margin:0}");
    expect(css).toContain('a[aria-current="page"]{font-weight:700}');
    expect(css).toContain(":is(.toast,.wait) p{margin:0}");
    expect(css).toContain("@keyframes fade{0%{opacity:1}to{opacity:0}}");
    expect(css).not.toContain(".quote");
    expect(css).not.toContain("#main");
    expect(css).not.toContain(".wide");
    // A group left empty goes with its rules.
    expect(css).not.toContain("@media print");
    expect(css).not.toContain("max-width");
  });

  it("keeps a group with its used rules only", () => {
    const css = usedCss(parseStylesheet(CSS), new Set([".standings", ".wide"]));
    expect(css).toContain("@media (max-width:47.99rem){.standings .wide{display:none}}");
  });

  it("asks a selector only for its classes and ids", () => {
    expect(needsOf("table.stacked tbody th")).toEqual([".stacked"]);
    expect(needsOf(".player>span:not(.badge):not(.icons)")).toEqual([".player"]);
    expect(needsOf('a[href$=".css"]#main::after')).toEqual(["#main"]);
    expect(needsOf(".sign input:checked+span")).toEqual([".sign"]);
    expect(needsOf(":where(.a) .b")).toEqual([]);
    expect(needsOf(":focus-visible")).toEqual([]);
  });

  it("finds the classes and ids React wrote", () => {
    const html = '<main class="page"><h1 id="t">x</h1><table class="standings  wide"><tr class=""><td class="num">1</td></tr></table></main>';
    expect([...tokensOf(html)].sort()).toEqual(["#t", ".num", ".page", ".standings", ".wide"]);
  });

  it("puts the rules in place of the build's links, prefetches the whole sheets, and leaves other links alone", () => {
    const sheets: Record<string, string> = { "/build/_assets/app-X.css": ".page{margin:0}.other{color:red}", "/build/_assets/kiosk-Y.css": ".page{padding:0}" };
    const load = (href: string) => (href in sheets ? parseStylesheet(sheets[href]) : null);
    const html =
      '<head><link rel="stylesheet" href="/build/_assets/app-X.css"/><link rel="stylesheet" href="/build/_assets/kiosk-Y.css"/>' +
      '<link rel="stylesheet" href="/build/_assets/gone-Z.css"/><link rel="icon" href="/favicon.svg"/></head><body><main class="page"></main></body>';
    expect(inlineStylesheets(html, { load })).toBe(
      '<head><style data-href="/build/_assets/app-X.css">.page{margin:0}</style><style data-href="/build/_assets/kiosk-Y.css">.page{padding:0}</style>' +
        '<link rel="stylesheet" href="/build/_assets/gone-Z.css"/><link rel="icon" href="/favicon.svg"/></head><body><main class="page"></main>' +
        '<link rel="prefetch" href="/build/_assets/app-X.css"/><link rel="prefetch" href="/build/_assets/kiosk-Y.css"/></body>',
    );
  });

  it("cannot be ended early by a stylesheet's text", () => {
    const load = () => parseStylesheet('.page:after{content:"</style><script>"}');
    expect(inlineStylesheets('<link rel="stylesheet" href="/build/a.css"/><p class="page">', { load })).toBe(
      '<style data-href="/build/a.css">.page:after{content:"<\\/style><script>"}</style><p class="page">',
    );
  });

  it("on a page with the Remix client, keeps the whole sheet as a link that holds no paint, after the rules", () => {
    const load = () => parseStylesheet(".page{margin:0}.other{color:red}");
    expect(
      inlineStylesheets('<head><link rel="stylesheet" href="/build/a.css"/></head><body><main class="page"></main></body>', { load, later: "print-link" }),
    ).toBe(
      '<head><style data-href="/build/a.css">.page{margin:0}</style><link rel="stylesheet" href="/build/a.css" media="print" data-inlined=""/></head>' +
        '<body><main class="page"></main></body>',
    );
  });

  it("counts the classes of HTML that joins the page later (a held fragment), and gives the same cut for the same classes", () => {
    const blocks = parseStylesheet(".page{margin:0}.standings{width:100%}.other{color:red}");
    const load = () => blocks;
    const page = '<link rel="stylesheet" href="/build/b.css"/><main class="page"><!--held:0--></main>';
    const first = inlineStylesheets(page, { load, extraTokens: [new Set([".standings"])] });
    expect(first).toContain('<style data-href="/build/b.css">.page{margin:0}.standings{width:100%}</style>');
    expect(inlineStylesheets(page, { load, extraTokens: [new Set([".standings"])] })).toBe(first);
    expect(inlineStylesheets(page, { load })).toContain(".page{margin:0}</style>");
  });
});
