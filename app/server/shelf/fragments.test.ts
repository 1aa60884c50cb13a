import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { Fragment, fragmentInData, fragmentsOf, gzipOf, splitAtFragments } from "~/server/shelf/fragments.server";

const encode = (s: string) => new TextEncoder().encode(s);

describe("held fragments beside the loader data", () => {
  it("hands the HTML itself over when there is no document to put it in (a client's .data request)", () => {
    const table = new Fragment('<table class="standings"></table>');
    expect(fragmentInData({}, table)).toBe(table.html);
    expect(fragmentInData(undefined, table)).toBe(table.html);
  });

  it("on a document request leaves a marker, and the page is split at it", () => {
    const context = { fragments: [] as Fragment[] };
    const a = new Fragment("<li>ana</li>");
    const b = new Fragment("<li>bea</li>");
    const page = `<ul>${fragmentInData(context, a)}</ul><ol>${fragmentInData(context, b)}</ol>`;
    expect(fragmentsOf(context)).toEqual([a, b]);
    expect(splitAtFragments(page, fragmentsOf(context))).toEqual(["<ul>", a, "</ul><ol>", b, "</ol>"]);
    // A marker of no fragment (none handed over) stays as text.
    expect(splitAtFragments("<p><!--held:5--></p>", [a])).toEqual(["<p><!--held:5--></p>"]);
  });

  it("knows its classes, its bytes and its digest, once", () => {
    const f = new Fragment('<td class="num wide" id="x">ñ</td>');
    expect([...f.tokens].sort()).toEqual(["#x", ".num", ".wide"]);
    expect(f.bytes).toEqual(encode('<td class="num wide" id="x">ñ</td>'));
    expect(f.bytes).toBe(f.bytes);
    expect(f.digest.length).toBe(32);
  });

  it("gzips a page from its parts and its fragments' kept blocks into one stream any gunzip reads", () => {
    const rows = new Fragment(Array.from({ length: 300 }, (_, i) => `<tr><td>${i}</td><td>socio${i}</td></tr>`).join(""));
    const parts = [encode("<!DOCTYPE html><table>"), rows, encode("</table><p>ñandú</p></html>")];
    const text = "<!DOCTYPE html><table>" + rows.html + "</table><p>ñandú</p></html>";
    expect(gunzipSync(gzipOf(parts)).toString("utf8")).toBe(text);
    // Two fragments in a row, and a page that ends right after one.
    expect(gunzipSync(gzipOf([rows, rows, encode("!")])).toString("utf8")).toBe(`${rows.html}${rows.html}!`);
    expect(gunzipSync(gzipOf([encode("a"), rows])).toString("utf8")).toBe(`a${rows.html}`);
  });
});
