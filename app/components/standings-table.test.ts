import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { ClassificationRow } from "#core/contract/standings";
import { PlayerFigures, StandingsTable } from "./StandingsTable";

function row(position: number, userName: string, extra: Partial<ClassificationRow> = {}): ClassificationRow {
  return {
    position,
    userId: position * 10,
    userName,
    avatarPath: null,
    totalPoints: 100 - position,
    simpleHits: 20,
    dobleHits: 3,
    pleno15Hits: 1,
    simpleTotal: 40,
    dobleTotal: 4,
    pleno15Total: 3,
    hits: 24,
    allHits: 25,
    n: 47,
    accuracy: 24 / 47,
    wilson: 0.3712,
    isSubGroup: false,
    icons: [],
    lastRoundHits: 9,
    ...extra,
  };
}

const rows = [row(1, "ismael", { isSubGroup: true, icons: ["burro"] }), row(2, "fatima", { isSubGroup: true }), row(3, "beatriz", { icons: ["pina"] })];

/** The text a browser without CSS reads: tags dropped, entities of the test's own names only. */
const text = (html: string) => html.replace(/<[^>]+>/g, "").replace(/\s+/g, " ");

describe("the standings table read without CSS (decision 075)", () => {
  const html = renderToStaticMarkup(createElement(StandingsTable, { rows, caption: "Clasificación", playerHref: (id: number) => `?jugador=${id}#cifras` }));
  const body = html.slice(html.indexOf("<tbody>"), html.indexOf("</tbody>"));

  it("holds one row per player and nothing else: the figures in words are outside the table", () => {
    expect(body.match(/<tr[ >]/g)).toHaveLength(rows.length);
    expect(html).not.toMatch(/<details|<dl|<summary/);
    // Each figure once per row, in its column: a text browser prints no second copy.
    expect(text(body).match(/0,3712/g)).toHaveLength(rows.length);
  });

  it("keeps a space between a name, its badge and its icons, and says in the row what each means", () => {
    const rowsText = body.split("</tr>").map(text);
    expect(rowsText[0]).toContain("ismael Top 5 Wilson Burro");
    expect(rowsText[1]).toContain("fatima Top 5 Wilson");
    expect(rowsText[2]).toContain("beatriz Piña");
    expect(body).toContain('title="líder de la clasificación por puntos"');
    expect(body).toContain('title="los 5 mejores de la temporada por Wilson, que juegan la quiniela grupal"');
  });

  it("links each name to that player's figures", () => {
    expect(body).toContain('href="?jugador=10#cifras"');
    expect(body).toContain('href="?jugador=30#cifras"');
  });
});

describe("a player's figures", () => {
  it("says every figure with its label, and each badge and icon with its meaning", () => {
    const html = renderToStaticMarkup(createElement(PlayerFigures, { row: rows[0]!, closeHref: "?" }));
    const said = text(html);
    for (const label of [
      "Posición1",
      "Puntos99",
      "Aciertos25",
      "Aciertos simples20/40",
      "Aciertos dobles3/4",
      "Plenos al 151/3",
      "Aciertos sin triples24/47",
      "Wilson0,3712",
    ]) {
      expect(said).toContain(label);
    }
    expect(said).toContain("Top 5 Wilson: los 5 mejores de la temporada por Wilson, que juegan la quiniela grupal.");
    expect(said).toContain("Burro: líder de la clasificación por puntos.");
    expect(html).toContain('id="cifras"');
  });

  it("counts one round's hits out of 15 and leaves the icons out when the group has them off", () => {
    const html = renderToStaticMarkup(createElement(PlayerFigures, { row: rows[0]!, perRound: true, showIcons: false, closeHref: "?" }));
    expect(text(html)).toContain("Aciertos25 de 15");
    expect(text(html)).not.toContain("Burro");
  });
});
