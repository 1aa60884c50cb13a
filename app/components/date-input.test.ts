import { describe, expect, it } from "vitest";
import { isDateValue } from "./date-input";

describe("isDateValue", () => {
  it("takes real calendar days, and a time for datetime-local", () => {
    expect(isDateValue("2025-02-28", "date")).toBe(true);
    expect(isDateValue("2024-02-29", "date")).toBe(true);
    expect(isDateValue("2025-02-29T10:00", "datetime-local")).toBe(false);
    expect(isDateValue("2024-02-29T23:59", "datetime-local")).toBe(true);
  });

  it("refuses what such an input cannot hold", () => {
    for (const bad of ["2025-02-30", "2025-13-01", "2025-00-10", "30/02/2025", "", "2025-2-3"]) expect(isDateValue(bad, "date"), bad).toBe(false);
    for (const bad of ["2025-02-28", "2025-02-28T24:00", "2025-02-28T10:60", "2025-04-31T10:00"]) expect(isDateValue(bad, "datetime-local"), bad).toBe(false);
    expect(isDateValue(undefined, "date")).toBe(false);
  });
});
