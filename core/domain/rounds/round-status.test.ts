import { describe, it, expect } from "vitest";
import { roundReasonText, roundStateLabel, roundStatus } from "./round-status";

const now = new Date("2025-03-10T12:00:00Z");
const round = (over: Partial<Parameters<typeof roundStatus>[0]> = {}) => ({
  openDate: "2025-03-08T00:00:00Z",
  closeDate: "2025-03-15T18:00:00Z",
  forceClosed: false,
  ...over,
});

describe("roundStatus", () => {
  it("is open between the open and close dates", () => {
    expect(roundStatus(round(), now)).toEqual({ state: "open", reason: null });
  });

  it("is not open before the open date", () => {
    expect(roundStatus(round({ openDate: new Date("2025-03-11T00:00:00Z") }), now)).toEqual({
      state: "not-open",
      reason: "before-open",
    });
  });

  it("opens exactly at the open date and closes exactly at the close date", () => {
    expect(roundStatus(round({ openDate: now }), now).state).toBe("open");
    expect(roundStatus(round({ closeDate: now }), now)).toEqual({ state: "closed", reason: "date-passed" });
  });

  it("is closed by the manager whatever the dates say", () => {
    expect(roundStatus(round({ forceClosed: true }), now)).toEqual({ state: "closed", reason: "forced" });
    expect(roundStatus(round({ forceClosed: true, openDate: "2030-01-01" }), now).reason).toBe("forced");
  });

  it("is closed by complete official results before its close date, even before it opens, as the round-close job reasons", () => {
    expect(roundStatus(round({ resultsComplete: true }), now)).toEqual({ state: "closed", reason: "results" });
    expect(roundStatus(round({ resultsComplete: true, openDate: "2030-01-01" }), now)).toEqual({ state: "closed", reason: "results" });
    expect(roundStatus(round({ resultsComplete: true, forceClosed: true }), now).reason).toBe("forced");
    // A bet generated at the close forces the round too: past its date it reads as passed, not as the manager's.
    expect(roundStatus(round({ forceClosed: true, closeDate: "2025-03-09T12:00:00Z" }), now)).toEqual({ state: "closed", reason: "date-passed" });
    expect(roundStatus(round({ resultsComplete: true, closeDate: now }), now).reason).toBe("date-passed");
    expect(roundReasonText("results")).toBe("Resultados oficiales completos");
  });

  it("treats missing or unreadable dates as no limit", () => {
    expect(roundStatus(round({ openDate: null, closeDate: null }), now).state).toBe("open");
    expect(roundStatus(round({ openDate: "nonsense", closeDate: "nonsense" }), now).state).toBe("open");
  });
});

describe("labels", () => {
  it("speaks Spanish", () => {
    expect(roundStateLabel("not-open")).toBe("Todavía no abierta");
    expect(roundStateLabel("open")).toBe("Abierta");
    expect(roundStateLabel("closed")).toBe("Cerrada");
    expect(roundReasonText("before-open")).toBe("Se abre más adelante");
    expect(roundReasonText("forced")).toBe("Cerrada por el gestor");
    expect(roundReasonText("date-passed")).toBe("Fecha de cierre pasada");
    expect(roundReasonText(null)).toBe("");
  });
});
