import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { BetEvolutionChart } from "./BetEvolutionChart";
import { HitsDistributionChart } from "./HitsDistributionChart";

const points = [
  { numberQuiniela: 1, betHits: 10, usersAvg: 8.5 },
  { numberQuiniela: 2, betHits: 13, usersAvg: 9 },
  { numberQuiniela: 3, betHits: 7, usersAvg: null },
];
const chart = (showUsers: boolean) =>
  renderToStaticMarkup(
    createElement(BetEvolutionChart, {
      hrefOf: (n: number) => `/grupo/4/resultados-y-apuestas?jornada=${n}`,
      points,
      average: 10,
      best: [2],
      worst: [3],
      showUsers,
    }),
  );

describe("BetEvolutionChart, rendered on the server", () => {
  const html = chart(true);

  it("is an inline SVG whose every point links to its round's results page", () => {
    expect(html).toContain("<svg");
    for (const n of [1, 2, 3]) expect(html).toContain(`href="/grupo/4/resultados-y-apuestas?jornada=${n}"`);
  });

  it("gives each point the spec's tooltip", () => {
    expect(html).toContain("<title>Jornada 2\nQuiniela grupal: 13 aciertos (87%)\nMedia usuarios: 9 aciertos\nMedia general: 10 aciertos</title>");
    expect(html).toContain("<title>Jornada 3\nQuiniela grupal: 7 aciertos (47%)\nMedia general: 10 aciertos</title>");
  });

  it("marks the best round green and the worst red, and draws the dashed average", () => {
    expect(html).toMatch(/<circle[^>]*r="5.5"[^>]*fill="#146c2e"/);
    expect(html).toMatch(/<circle[^>]*r="5.5"[^>]*fill="#a4161a"/);
    expect(html).toMatch(/<line[^>]*stroke="#c25e00"[^>]*stroke-dasharray="6 4"/);
  });

  it("has the legend and a text alternative, and leaves the users' line out when it did not load", () => {
    expect(html).toContain("Quiniela grupal</li>");
    expect(html).toContain("Media general</li>");
    expect(html).toContain("Media usuarios</li>");
    expect(html).toContain('aria-labelledby="evolution-chart-title"');
    const without = chart(false);
    expect(without).not.toContain("Media usuarios");
    expect(without.match(/<path /g)).toHaveLength(1);
    expect(html.match(/<path /g)).toHaveLength(2);
  });
});

describe("HitsDistributionChart, rendered on the server", () => {
  const histogram = Array.from({ length: 16 }, (_, i) => (i === 10 ? 2 : i === 7 ? 1 : 0));
  const html = renderToStaticMarkup(createElement(HitsDistributionChart, { histogram }));

  it("draws 16 bars with the spec's tooltips and axis names", () => {
    expect(html.match(/<title>Aciertos: \d+\nJornadas: \d+<\/title>/g)).toHaveLength(16);
    expect(html).toContain("<title>Aciertos: 10\nJornadas: 2</title>");
    expect(html).toContain(">Aciertos</text>");
    expect(html).toContain(">Jornadas</text>");
  });

  it("describes itself for screen readers and keeps the figures as a table", () => {
    expect(html).toContain('aria-label="Jornadas por número de aciertos. 7 aciertos: 1 jornada; 10 aciertos: 2 jornadas."');
    expect(html).toContain('<th scope="row">10</th><td class="num">2</td>');
  });
});
