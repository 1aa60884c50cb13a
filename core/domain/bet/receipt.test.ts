import { describe, expect, it } from "vitest";
import { firstMatchLine, madridTimeAndDay, receiptLine, receiptRemovable } from "./receipt";

describe("a resguardo's line", () => {
  it("says the time and weekday in Madrid, summer and winter, and whether it was before the first match", () => {
    // Saturday 13 December 2025, 19:42 in Madrid (UTC+1).
    expect(receiptLine({ uploadedAt: "2025-12-13T18:42:00Z", beforeStart: true })).toBe("Sellado y subido a las 19:42 del sábado, antes del primer partido");
    // Sunday 17 August 2025, 00:05 in Madrid (UTC+2): still Saturday in UTC.
    expect(madridTimeAndDay("2025-08-16T22:05:00Z")).toBe("00:05 del domingo");
    expect(receiptLine({ uploadedAt: "2025-08-17T19:10:00Z", beforeStart: false })).toBe("A las 21:10 del domingo, subido después del comienzo de la jornada");
  });

  it("may be removed until the first match, not at it", () => {
    const start = "2025-12-13T20:00:00Z";
    expect(receiptRemovable(start, new Date("2025-12-13T19:59:59Z"))).toBe(true);
    expect(receiptRemovable(start, new Date(start))).toBe(false);
  });

  it("names the first match's start, or the close standing in for it when the match times are unknown (decision 093)", () => {
    const at = "2026-11-28T15:15:00Z";
    expect(firstMatchLine({ firstMatchAt: at, firstMatchKnown: true, started: false })).toBe(
      "El primer partido empieza el sábado 28/11/2026 a las 16:15 (hora de Madrid).",
    );
    expect(firstMatchLine({ firstMatchAt: at, firstMatchKnown: true, started: true })).toBe(
      "El primer partido empezó el sábado 28/11/2026 a las 16:15 (hora de Madrid).",
    );
    expect(firstMatchLine({ firstMatchAt: "2026-11-28T14:00:00Z", firstMatchKnown: false, started: false })).toBe(
      "Sin la hora de los partidos, la jornada cuenta desde el cierre oficial: el sábado 28/11/2026 a las 15:00 (hora de Madrid).",
    );
    expect(firstMatchLine({ firstMatchAt: null, firstMatchKnown: false, started: false })).toBeNull();
  });
});
