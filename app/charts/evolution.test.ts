import { describe, expect, it } from "vitest";
import { barChartModel, LINE_BOX, lineChartModel } from "./evolution";

const points = [
  { numberQuiniela: 1, betHits: 10, usersAvg: 8.5 },
  { numberQuiniela: 2, betHits: 15, usersAvg: null },
  { numberQuiniela: 4, betHits: 0, usersAvg: 7 },
];

describe("lineChartModel", () => {
  const m = lineChartModel(points, 25 / 3, { best: [2], worst: [4] });

  it("maps 0..15 hits with one of padding onto the plot, higher hits higher up", () => {
    const { height, top, bottom } = LINE_BOX;
    const step = (height - bottom - top) / 17;
    expect(m.points[2].y).toBeCloseTo(height - bottom - step);
    expect(m.points[1].y).toBeCloseTo(top + step);
    expect(m.points[0].y).toBeGreaterThan(m.points[1].y);
  });

  it("places jornadas by number, so a missing one leaves its gap", () => {
    const [a, b, c] = m.points.map((p) => p.x);
    expect(c - b).toBeCloseTo(2 * (b - a));
  });

  it("gives integer ticks inside 0..15 and jornada ticks inside the played range", () => {
    expect(m.yTicks.map((t) => t.value).every((v) => Number.isInteger(v) && v >= 0 && v <= 15)).toBe(true);
    expect(m.yTicks.map((t) => t.value)).toContain(0);
    expect(m.xTicks.map((t) => t.value)).toEqual([1, 2, 3, 4]);
  });

  it("draws the bet through every point, the users' line only where it loaded, and marks best and worst", () => {
    expect(m.betPath.match(/[ML]/g)).toHaveLength(3);
    expect(m.usersPath?.match(/[ML]/g)).toHaveLength(2);
    expect(m.points.map((p) => [p.best, p.worst])).toEqual([
      [false, false],
      [true, false],
      [false, true],
    ]);
    expect(
      lineChartModel(
        points.map((p) => ({ ...p, usersAvg: null })),
        8,
        { best: [], worst: [] },
      ).usersPath,
    ).toBeNull();
  });

  it("keeps a stray value inside the plot and a lone jornada off the axis", () => {
    const lone = lineChartModel([{ numberQuiniela: 7, betHits: 40, usersAvg: null }], 40, { best: [7], worst: [7] });
    expect(lone.points[0].y).toBeCloseTo(m.points[1].y);
    expect(lone.points[0].x).toBeGreaterThan(lone.plot.x0 + 50);
    expect(lone.xTicks.map((t) => t.value)).toEqual([7]);
  });
});

describe("barChartModel", () => {
  it("has one bar per hit count 0..15, as tall as its jornadas, with integer ticks", () => {
    const histogram = Array.from({ length: 16 }, (_, i) => (i === 10 ? 3 : i === 12 ? 1 : 0));
    const m = barChartModel(histogram);
    expect(m.bars.map((b) => b.hits)).toEqual(Array.from({ length: 16 }, (_, i) => i));
    expect(m.bars[10].height).toBeCloseTo(3 * m.bars[12].height);
    expect(m.bars[0].height).toBe(0);
    expect(m.yTicks.map((t) => t.value)).toEqual([0, 1, 2, 3]);
  });
});
