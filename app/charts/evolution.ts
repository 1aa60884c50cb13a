import { line } from "d3-shape";
import { scaleBand, scaleLinear } from "d3-scale";
import { MAX_HITS } from "#core/domain/bet/bet-stats";

/**
 * The charts of the bet evolution screen, computed with d3 (scales, line generator, ticks) into
 * plain numbers and path strings that React renders as inline SVG on the server: they show with no
 * script at all. The view boxes are small on purpose: text drawn at 12-13 units stays readable when
 * a 390 px phone shrinks the chart, and scales up cleanly on a TV.
 */

export const LINE_BOX = { width: 400, height: 250, top: 16, right: 14, bottom: 40, left: 36 };
export const BAR_BOX = { width: 400, height: 220, top: 14, right: 10, bottom: 40, left: 36 };

export interface EvolutionPoint {
  numberQuiniela: number;
  betHits: number;
  /** The players' mean that jornada, when the users' average loaded and has it. */
  usersAvg: number | null;
}

interface Tick {
  value: number;
  pos: number;
}

interface LineChartModel {
  points: { numberQuiniela: number; betHits: number; usersAvg: number | null; x: number; y: number; yAvg: number | null; best: boolean; worst: boolean }[];
  betPath: string;
  usersPath: string | null;
  averageY: number;
  xTicks: Tick[];
  yTicks: Tick[];
  plot: { x0: number; x1: number; y0: number; y1: number };
}

/** Hits clamped to 0..15, so a stray value never leaves the plot. */
const clamp = (h: number) => Math.min(MAX_HITS, Math.max(0, h));

export function lineChartModel(
  points: readonly EvolutionPoint[],
  average: number,
  marks: { best: readonly number[]; worst: readonly number[] },
): LineChartModel {
  const { width, height, top, right, bottom, left } = LINE_BOX;
  const numbers = points.map((p) => p.numberQuiniela);
  const [lo, hi] = numbers.length ? [Math.min(...numbers), Math.max(...numbers)] : [1, 1];
  // A single jornada sits in the middle rather than on the axis.
  const x = scaleLinear()
    .domain(lo === hi ? [lo - 1, hi + 1] : [lo, hi])
    .range([left + 8, width - right - 8]);
  // The spec's y axis: 0..15 with one of padding either side.
  const y = scaleLinear()
    .domain([-1, MAX_HITS + 1])
    .range([height - bottom, top]);

  const placed = points.map((p) => ({
    ...p,
    x: x(p.numberQuiniela),
    y: y(clamp(p.betHits)),
    yAvg: p.usersAvg === null ? null : y(clamp(p.usersAvg)),
    best: marks.best.includes(p.numberQuiniela),
    worst: marks.worst.includes(p.numberQuiniela),
  }));
  const betPath = line<(typeof placed)[number]>()
    .x((p) => p.x)
    .y((p) => p.y)(placed);
  const withAvg = placed.filter((p) => p.yAvg !== null);
  const usersPath = withAvg.length
    ? line<(typeof placed)[number]>()
        .x((p) => p.x)
        .y((p) => p.yAvg!)(withAvg)
    : null;

  const xTicks = (lo === hi ? [lo] : x.ticks(Math.min(8, hi - lo + 1)))
    .filter((v) => Number.isInteger(v) && v >= lo && v <= hi)
    .map((value) => ({ value, pos: x(value) }));
  const yTicks = y
    .ticks(8)
    .filter((v) => Number.isInteger(v) && v >= 0 && v <= MAX_HITS)
    .map((value) => ({ value, pos: y(value) }));

  return {
    points: placed,
    betPath: betPath ?? "",
    usersPath: usersPath ?? null,
    averageY: y(clamp(average)),
    xTicks,
    yTicks,
    plot: { x0: left, x1: width - right, y0: height - bottom, y1: top },
  };
}

interface BarChartModel {
  bars: { hits: number; rounds: number; x: number; y: number; width: number; height: number }[];
  yTicks: Tick[];
  plot: { x0: number; x1: number; y0: number; y1: number };
}

/** The distribution of hits: one bar per hit count 0..15, the height the number of jornadas. */
export function barChartModel(histogram: readonly number[]): BarChartModel {
  const { width, height, top, right, bottom, left } = BAR_BOX;
  const x = scaleBand<number>()
    .domain(Array.from({ length: MAX_HITS + 1 }, (_, i) => i))
    .range([left, width - right])
    .padding(0.2);
  const max = Math.max(1, ...histogram);
  const y = scaleLinear()
    .domain([0, max])
    .nice()
    .range([height - bottom, top]);
  return {
    bars: x.domain().map((hits) => {
      const rounds = histogram[hits] ?? 0;
      return { hits, rounds, x: x(hits)!, y: y(rounds), width: x.bandwidth(), height: y(0) - y(rounds) };
    }),
    yTicks: y
      .ticks(Math.min(5, max))
      .filter(Number.isInteger)
      .map((value) => ({ value, pos: y(value) })),
    plot: { x0: left, x1: width - right, y0: height - bottom, y1: top },
  };
}
