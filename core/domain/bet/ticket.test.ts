import { describe, expect, it } from "vitest";
import type { Pick } from "../signs";
import { guaranteeText, playedPleno, reductionMatches, reductionsFitting, ticketOptions, ticketSlip } from "./ticket";
import { REDUCTIONS } from "./reductions";
import { slipCost } from "./slip";

const T: Pick = ["1", "X", "2"];
const D: Pick = ["1", "X"];
const S: Pick = ["1"];
/** `d` doubles then `t` triples spread over the slip, the rest single signs. */
const bet = (d: number, t: number): Pick[] => Array.from({ length: 14 }, (_, i) => (i % 2 === 1 && i < 2 * t ? T : i % 2 === 0 && i < 2 * d ? D : S));

describe("the group bet played as a slip", () => {
  it("marks a 3-1 pleno as M and 1, and adds the manager's marks", () => {
    expect(playedPleno({ home: 3, away: 1 }, null)).toEqual({ home: ["M"], away: ["1"] });
    expect(playedPleno({ home: 3, away: 1 }, { home: ["0"], away: ["1", "2"] })).toEqual({ home: ["0", "M"], away: ["1", "2"] });
    expect(playedPleno(null, { home: ["0"], away: [] })).toBeNull();
  });

  it("costs what the issue says: 1 column 1,50 €, 4 D + 2 T 108,00 €, 6 D + 2 T 432,00 € or 48,00 € as the 4ª", () => {
    const pleno = { home: 1, away: 0 };
    expect(slipCost(ticketSlip(bet(0, 0), pleno, { reduction: null, plenoMarks: null }), 75)).toBe(150);
    expect(slipCost(ticketSlip(bet(4, 2), pleno, { reduction: null, plenoMarks: null }), 75)).toBe(10800);
    const options = ticketOptions(bet(6, 2), pleno, null, 75);
    expect(options.map((o) => [o.name, o.bets, o.costCents])).toEqual([
      ["Múltiple directo", 576, 43200],
      ["Reducida 4ª", 64, 4800],
    ]);
    expect(options[1].guarantee).toMatch(/^13 aciertos garantizados si aciertas los fijos/);
    expect(options[1].guarantee).toMatch(/Tabla no verificada/);
  });

  it("multiplies the bets and the cost by the pleno combinations", () => {
    const [full] = ticketOptions(bet(0, 0), { home: 1, away: 1 }, { home: ["0", "1"], away: ["1", "2", "M"] }, 75);
    expect(full).toMatchObject({ columns: 1, bets: 6, chargedBets: 6, costCents: 450 });
  });

  it("offers a reduction only when the bet has its triples and doubles; extra multiples are played in full beside it", () => {
    expect(reductionsFitting(bet(4, 2)).map((r) => r.id)).toEqual([]);
    expect(reductionsFitting(bet(7, 0)).map((r) => r.id)).toEqual([2]);
    // 7 doubles + 4 triples: the 1ª (4 T) leaves 7 doubles in full: 9 × 128 columns; the 3ª leaves 1 T and 4 D, the 4ª 2 T and 1 D.
    const picks: Pick[] = [T, T, T, T, D, D, D, D, D, D, D, S, S, S];
    const options = ticketOptions(picks, null, null, 75);
    expect(options.map((o) => [o.reduction, o.columns])).toEqual([
      [null, 81 * 128],
      [1, 9 * 128],
      [2, 81 * 16],
      [3, 24 * 3 * 16],
      [4, 64 * 9 * 2],
    ]);
    expect(reductionMatches(picks, REDUCTIONS[1])).toEqual([0, 1, 2, 3]);
    expect(() => ticketSlip(bet(4, 2), null, { reduction: 4, plenoMarks: null })).toThrow(/no cabe/);
  });

  it("says what each way guarantees", () => {
    expect(guaranteeText(null)).toMatch(/^14 aciertos garantizados/);
    expect(guaranteeText(REDUCTIONS[5])).toMatch(/^12 aciertos garantizados/);
  });
});
