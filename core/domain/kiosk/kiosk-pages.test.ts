import { describe, expect, it } from "vitest";
import { kioskPage, nextKioskPage } from "./kiosk-pages";

const players = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

/** Following the refresh from page 1 until it wraps: every page the screen shows, in order. */
function tour(n: number) {
  const shown = [kioskPage(players(n), 1)];
  while (nextKioskPage(shown.at(-1)!) !== 1) shown.push(kioskPage(players(n), nextKioskPage(shown.at(-1)!)));
  return shown;
}

describe("kiosk pages", () => {
  it("show the demo's office of 11 on one page, one column", () => {
    const p = kioskPage(players(11), 1);
    expect(p).toEqual({ page: 1, pages: 1, columns: [players(11)], rowsPerColumn: 11 });
    expect(nextKioskPage(p)).toBe(1);
  });

  it("split a page of more than 12 into two columns, the first one the longer", () => {
    const p = kioskPage(players(23), 1);
    expect(p.pages).toBe(1);
    expect(p.columns.map((c) => c.length)).toEqual([12, 11]);
    expect(p.rowsPerColumn).toBe(12);
  });

  it.each([25, 40, 49, 200])("put each of %i players on exactly one page, in order, with pages of at most 24", (n) => {
    const pages = tour(n);
    expect(pages.length).toBe(Math.ceil(n / 24));
    expect(pages.flatMap((p) => p.columns.flat())).toEqual(players(n));
    for (const p of pages) {
      expect(p.columns.flat().length).toBeLessThanOrEqual(24);
      expect(p.rowsPerColumn).toBeLessThanOrEqual(12);
    }
  });

  it("balance the pages: 40 players make two pages of 20", () => {
    expect(tour(40).map((p) => p.columns.flat().length)).toEqual([20, 20]);
  });

  it("wrap a page number past the end, and read junk as the first page", () => {
    expect(kioskPage(players(40), 3).page).toBe(1);
    expect(kioskPage(players(40), 4).page).toBe(2);
    for (const junk of [0, -2, 1.5, Number.NaN]) expect(kioskPage(players(40), junk).page).toBe(1);
    expect(kioskPage([], 1)).toEqual({ page: 1, pages: 1, columns: [[]], rowsPerColumn: 1 });
  });
});
