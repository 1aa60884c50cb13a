import { describe, it, expect } from "vitest";
import { accuracy, wilsonLowerBound } from "./wilson";

describe("wilsonLowerBound", () => {
  it("follows the Wilson formula with z = 1.96", () => {
    expect(wilsonLowerBound(8, 10)).toBeCloseTo(0.49016, 4);
    expect(wilsonLowerBound(1, 1)).toBeCloseTo(0.20654, 4);
  });

  it("is zero with no attempts or no hits", () => {
    expect(wilsonLowerBound(0, 0)).toBe(0);
    expect(wilsonLowerBound(0, 50)).toBe(0);
  });

  it("ranks a long steady record above a short perfect one", () => {
    expect(wilsonLowerBound(80, 100)).toBeGreaterThan(wilsonLowerBound(3, 3));
  });

  it("stays below the raw accuracy and grows with a smaller z", () => {
    expect(wilsonLowerBound(7, 10)).toBeLessThan(0.7);
    expect(wilsonLowerBound(7, 10, 1)).toBeGreaterThan(wilsonLowerBound(7, 10));
  });
});

describe("accuracy", () => {
  it("is hits over attempts, zero with none", () => {
    expect(accuracy(3, 4)).toBe(0.75);
    expect(accuracy(0, 0)).toBe(0);
  });
});
