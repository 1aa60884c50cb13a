import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, madridLocalToUtc, utcToMadridLocal } from "./dates";

describe("Madrid wall-clock dates", () => {
  it("converts summer and winter local times to UTC and back", () => {
    expect(madridLocalToUtc("2025-08-17T21:30")!.toISOString()).toBe("2025-08-17T19:30:00.000Z");
    expect(madridLocalToUtc("2025-12-01T10:00")!.toISOString()).toBe("2025-12-01T09:00:00.000Z");
    expect(utcToMadridLocal("2025-08-17T19:30:00.000Z")).toBe("2025-08-17T21:30");
    expect(madridLocalToUtc("2025-02-30T10:00")).toBeNull();
    expect(madridLocalToUtc("mañana")).toBeNull();
  });

  it("formats in es-ES order, with '-' for nothing", () => {
    expect(formatDateTime("2025-08-17T19:30:00.000Z")).toBe("17/08/2025 21:30");
    expect(formatDate("2025-08-15")).toBe("15/08/2025");
    expect(formatDateTime(null)).toBe("-");
  });
});
