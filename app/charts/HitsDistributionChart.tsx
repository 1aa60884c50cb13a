import { BAR_BOX, barChartModel } from "./evolution";

/**
 * 'Distribución de aciertos': jornadas per hit count 0..15 as inline SVG bars, each with a
 * `<title>` tooltip; the same figures follow as a table for screen readers and copy-paste.
 */
export function HitsDistributionChart({ histogram }: { histogram: number[] }) {
  const m = barChartModel(histogram);
  const { width, height } = BAR_BOX;
  const summary = m.bars
    .filter((b) => b.rounds > 0)
    .map((b) => `${b.hits} aciertos: ${b.rounds} ${b.rounds === 1 ? "jornada" : "jornadas"}`)
    .join("; ");
  return (
    <figure className="chart">
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={`Jornadas por número de aciertos. ${summary}.`} className="chart-svg">
        {m.yTicks.map((t) => (
          <g key={t.value} className="axis">
            <line x1={m.plot.x0} x2={m.plot.x1} y1={t.pos} y2={t.pos} className="grid" />
            <text x={m.plot.x0 - 6} y={t.pos} dy="0.32em" textAnchor="end">
              {t.value}
            </text>
          </g>
        ))}
        {m.bars.map((b) => (
          <g key={b.hits}>
            <title>{`Aciertos: ${b.hits}\nJornadas: ${b.rounds}`}</title>
            <rect x={b.x} y={m.plot.y1} width={b.width} height={m.plot.y0 - m.plot.y1} fill="transparent" />
            <rect x={b.x} y={b.y} width={b.width} height={b.height} fill="#0b5cad" />
            <text x={b.x + b.width / 2} y={m.plot.y0 + 14} textAnchor="middle" className="axis">
              {b.hits}
            </text>
          </g>
        ))}
        <text x={(m.plot.x0 + m.plot.x1) / 2} y={height - 4} textAnchor="middle" className="axis axis-label">
          Aciertos
        </text>
        <text transform={`translate(11 ${(m.plot.y0 + m.plot.y1) / 2}) rotate(-90)`} textAnchor="middle" className="axis axis-label">
          Jornadas
        </text>
      </svg>
      <details>
        <summary>Ver los datos</summary>
        <table className="compact">
          <caption className="sr-only">Jornadas por número de aciertos</caption>
          <thead>
            <tr>
              <th scope="col">Aciertos</th>
              <th scope="col" className="num">
                Jornadas
              </th>
            </tr>
          </thead>
          <tbody>
            {m.bars.map((b) => (
              <tr key={b.hits}>
                <th scope="row">{b.hits}</th>
                <td className="num">{b.rounds}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
