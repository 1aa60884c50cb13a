import { describe, it, expect } from "vitest";
import { emptyBreakdown } from "./hits";
import { DEFAULT_POINTS, pointsOf } from "./points";

const b = (over: Partial<ReturnType<typeof emptyBreakdown>>) => ({ ...emptyBreakdown(), ...over });

describe("pointsOf", () => {
  it("uses the default values: single 1, double 0.75, triple 0, pleno 5", () => {
    expect(DEFAULT_POINTS).toEqual({ single: 1, double: 0.75, triple: 0, pleno: 5 });
    expect(pointsOf(b({ simpleHits: 9, dobleHits: 3, tripleHits: 2, pleno15Hits: 1 }), DEFAULT_POINTS)).toBe(16.25);
  });

  it("is zero without hits", () => {
    expect(pointsOf(emptyBreakdown(), DEFAULT_POINTS)).toBe(0);
  });

  it("rounds away float noise from season values", () => {
    expect(pointsOf(b({ simpleHits: 3 }), { single: 0.1, double: 0, triple: 0, pleno: 0 })).toBe(0.3);
    expect(pointsOf(b({ dobleHits: 1 }), { single: 0, double: 1 / 3, triple: 0, pleno: 0 })).toBe(0.33);
  });
});
