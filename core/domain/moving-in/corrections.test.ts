import { describe, expect, it } from "vitest";
import { classifyMovements, keyForMember, lineOf } from "./corrections";
import type { ImportedMovement } from "./import-rows";

const line = (n: number, amount: number, reference = "Bizum"): ImportedMovement => ({
  line: n,
  date: "2025-10-03",
  memberId: 7,
  kind: "payment",
  amountCents: amount,
  reference,
  importKey: `import:2025-10-03|7|${amount}|payment|${reference}`,
});
const before = (id: number, amount: number, reference = "Bizum") => ({ id, key: line(0, amount, reference).importKey, amountCents: amount });

describe("a corrected movements file", () => {
  it("keeps the line without its amount, a reference with | included", () => {
    expect(lineOf("import:2025-10-03|7|1000|payment|a|b")).toBe("2025-10-03|7|payment|a|b");
    expect(lineOf("caja:manual")).toBeNull();
  });

  it("a linked member's copy keeps the line's key under the member, a reference with | included", () => {
    expect(keyForMember("import:2025-10-03|30|1000|payment|a|b", 7)).toBe("import:2025-10-03|7|1000|payment|a|b");
    expect(keyForMember("auto:quota:3:30", 7)).toBeNull();
    expect(keyForMember("import:roto", 7)).toBeNull();
  });

  it("the same key is unchanged, another amount corrects, another reference is new", () => {
    const known = new Set([before(1, 1000).key]);
    expect(classifyMovements([line(2, 1000)], [before(1, 1000)], known)).toEqual([{ state: "unchanged" }]);
    expect(classifyMovements([line(2, 1250)], [before(1, 1000)], known)).toEqual([{ state: "corrected", replaces: before(1, 1000) }]);
    expect(classifyMovements([line(2, 1250, "Otro")], [before(1, 1000)], known)).toEqual([{ state: "created" }]);
  });

  it("two earlier movements of one day: the unchanged one stays, the other is corrected once, a third line is new", () => {
    const earlier = [before(1, 1000), before(2, 2000)];
    const known = new Set(earlier.map((b) => b.key));
    const states = classifyMovements([line(2, 1000), line(3, 2500), line(4, 3000)], earlier, known);
    expect(states).toEqual([{ state: "unchanged" }, { state: "corrected", replaces: before(2, 2000) }, { state: "created" }]);
  });

  it("a line whose key was written and later reversed writes nothing again", () => {
    expect(classifyMovements([line(2, 1000)], [before(5, 1250)], new Set([before(1, 1000).key]))).toEqual([{ state: "unchanged" }]);
  });
});
