import { formatHits, pctOf15 } from "./format";
import { LINE_BOX, lineChartModel, type EvolutionPoint } from "./evolution";

const COLORS = { bet: "#0b5cad", average: "#c25e00", users: "#6b4c9a", best: "#146c2e", worst: "#a4161a" };

/**
 * The group bet's hits per jornada as inline SVG: each point is a link to that round's results
 * with a `<title>` tooltip in the spec's words, the overall average as a dashed line, the users'
 * average only when it loaded. The 'Detalle por jornada' table is its text alternative.
 */
export function BetEvolutionChart({
  hrefOf,
  points,
  average,
  best,
  worst,
  showUsers,
}: {
  /** The results page of a jornada: /grupo/{groupId}/resultados-y-apuestas?jornada={N}. */
  hrefOf: (numberQuiniela: number) => string;
  points: EvolutionPoint[];
  average: number;
  best: number[];
  worst: number[];
  showUsers: boolean;
}) {
  const m = lineChartModel(showUsers ? points : points.map((p) => ({ ...p, usersAvg: null })), average, { best, worst });
  const { width, height } = LINE_BOX;
  return (
    <figure className="chart">
      <svg
        viewBox={`0 0 ${width} ${height}`}
        role="group"
        aria-labelledby="evolution-chart-title"
        aria-describedby="evolution-chart-desc"
        className="chart-svg"
      >
        <title id="evolution-chart-title">Aciertos de la quiniela grupal por jornada</title>
        <desc id="evolution-chart-desc">
          {`${points.length} jornadas; media general ${formatHits(average)} aciertos. Cada punto enlaza con los resultados de su jornada; el detalle está en la tabla 'Detalle por jornada'.`}
        </desc>
        <g className="axis" aria-hidden="true">
          {m.yTicks.map((t) => (
            <g key={t.value}>
              <line x1={m.plot.x0} x2={m.plot.x1} y1={t.pos} y2={t.pos} className="grid" />
              <text x={m.plot.x0 - 6} y={t.pos} dy="0.32em" textAnchor="end">
                {t.value}
              </text>
            </g>
          ))}
          {m.xTicks.map((t) => (
            <text key={t.value} x={t.pos} y={m.plot.y0 + 16} textAnchor="middle">
              {t.value}
            </text>
          ))}
          <text x={(m.plot.x0 + m.plot.x1) / 2} y={height - 4} textAnchor="middle" className="axis-label">
            Jornada
          </text>
          <text transform={`translate(11 ${(m.plot.y0 + m.plot.y1) / 2}) rotate(-90)`} textAnchor="middle" className="axis-label">
            Aciertos
          </text>
        </g>
        <line x1={m.plot.x0} x2={m.plot.x1} y1={m.averageY} y2={m.averageY} stroke={COLORS.average} strokeWidth={2} strokeDasharray="6 4" aria-hidden="true" />
        {m.usersPath ? <path d={m.usersPath} fill="none" stroke={COLORS.users} strokeWidth={2} strokeDasharray="2 3" aria-hidden="true" /> : null}
        <path d={m.betPath} fill="none" stroke={COLORS.bet} strokeWidth={2.5} pathLength={1} className="chart-line" aria-hidden="true" />
        {m.points.map((p) => {
          const tip = [
            `Jornada ${p.numberQuiniela}`,
            `Quiniela grupal: ${p.betHits} aciertos (${pctOf15(p.betHits)}%)`,
            ...(showUsers && p.usersAvg !== null ? [`Media usuarios: ${formatHits(p.usersAvg)} aciertos`] : []),
            `Media general: ${formatHits(average)} aciertos`,
          ].join("\n");
          const fill = p.best ? COLORS.best : p.worst ? COLORS.worst : COLORS.bet;
          return (
            <a key={p.numberQuiniela} href={hrefOf(p.numberQuiniela)} aria-label={tip.replace(/\n/g, ". ")}>
              <title>{tip}</title>
              <circle cx={p.x} cy={p.y} r={9} fill="transparent" />
              <circle cx={p.x} cy={p.y} r={p.best || p.worst ? 5.5 : 4} fill={fill} stroke="#fff" strokeWidth={1.5} />
            </a>
          );
        })}
      </svg>
      <figcaption>
        <ul className="chart-legend">
          <li>
            <svg width="28" height="10" aria-hidden="true">
              <line x1="0" x2="28" y1="5" y2="5" stroke={COLORS.bet} strokeWidth="3" />
            </svg>
            Quiniela grupal
          </li>
          <li>
            <svg width="28" height="10" aria-hidden="true">
              <line x1="0" x2="28" y1="5" y2="5" stroke={COLORS.average} strokeWidth="3" strokeDasharray="6 4" />
            </svg>
            Media general
          </li>
          {showUsers ? (
            <li>
              <svg width="28" height="10" aria-hidden="true">
                <line x1="0" x2="28" y1="5" y2="5" stroke={COLORS.users} strokeWidth="3" strokeDasharray="2 3" />
              </svg>
              Media usuarios
            </li>
          ) : null}
          <li>
            <svg width="12" height="12" aria-hidden="true">
              <circle cx="6" cy="6" r="5" fill={COLORS.best} />
            </svg>
            Mejor jornada
          </li>
          <li>
            <svg width="12" height="12" aria-hidden="true">
              <circle cx="6" cy="6" r="5" fill={COLORS.worst} />
            </svg>
            Peor jornada
          </li>
        </ul>
      </figcaption>
    </figure>
  );
}
