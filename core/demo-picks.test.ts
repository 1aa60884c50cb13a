import { describe, expect, it } from "vitest";
import { demoTicket, groupHunches, TASTES, tasteOf } from "./demo-picks";
import type { SignProbs } from "./domain/bet/chances";
import { seededRandom } from "./seeded-random";

const views: SignProbs[] = Array.from({ length: 14 }, (_, i) => (i % 2 ? [0.6, 0.25, 0.15] : [0.2, 0.3, 0.5]));
const favourite = (i: number) => (i % 2 ? "1" : "2");

describe("demoTicket", () => {
  it("is the same for the same seed, and plays the type's doubles and triples", () => {
    const hunches = groupHunches(seededRandom(1), 14);
    const a = demoTicket(seededRandom(5), views, hunches, "home fan", { numDouble: 2, numTriple: 1 });
    const b = demoTicket(seededRandom(5), views, hunches, "home fan", { numDouble: 2, numTriple: 1 });
    expect(a).toEqual(b);
    expect(a.matches.filter((m) => m.length === 3)).toHaveLength(1);
    expect(a.matches.filter((m) => m.length === 2)).toHaveLength(2);
  });

  it("follows the favourites, the more so for a favourite follower than for a long-shot hunter", () => {
    const share = (taste: (typeof TASTES)[number]) => {
      let fav = 0;
      for (let seed = 0; seed < 200; seed++) {
        const t = demoTicket(seededRandom(seed), views, groupHunches(seededRandom(1000 + seed), 14), taste, { numDouble: 0, numTriple: 0 });
        t.matches.forEach((m, i) => (fav += m[0] === favourite(i) ? 1 : 0));
      }
      return fav / (200 * 14);
    };
    expect(share("favourite follower")).toBeGreaterThan(0.75);
    expect(share("long-shot hunter")).toBeLessThan(share("favourite follower"));
  });

  it("gives every player a taste of the list, fixed by their name", () => {
    expect(TASTES).toContain(tasteOf("marta"));
    expect(tasteOf("marta")).toBe(tasteOf("marta"));
  });
});
