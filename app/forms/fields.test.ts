import { describe, expect, it } from "vitest";
import { WEEK_RULE } from "#core/contract/week-rule";
import { POOL_FIELDS_REQUIRED } from "#core/contract/quiniela";
import { weekRuleSchema } from "./week-rule";
import { poolSchema } from "./catalogue";
import { readDigits, readTypedNumber } from "./fields";

/** Decision 061: a number on a form is what a person types, not whatever JavaScript's Number() reads. */
describe("numbers typed on a form", () => {
  it("reads digits, a minus and a decimal point, and nothing else", () => {
    expect(readTypedNumber(" 12 ")).toBe(12);
    expect(readTypedNumber("0.75")).toBe(0.75);
    expect(readTypedNumber("-3")).toBe(-3);
    for (const odd of ["1e1", "1e2", "0x10", "Infinity", "1_000", "+5", ".5", "5."]) expect(readTypedNumber(odd), odd).toBeNaN();
    expect(readDigits("10")).toBe(10);
    for (const odd of ["1e1", "-1", "1.0", "0x0a", ""]) expect(readDigits(odd), odd).toBeNaN();
  });

  it("the week-rule form refuses topN '1e2' with its Spanish message", () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({
      autoOpen: "on",
      typeRota1: "1",
      openAt: "publication",
      closeBeforeMinutes: "60",
      betRule: "wilson",
      topN: "1e2",
      absentFill: "off",
      absentMax: "3",
    }))
      form.set(k, v);
    const read = weekRuleSchema.safeParse(Object.fromEntries(form));
    expect(read.success).toBe(false);
    expect(read.error?.issues.map((i) => i.message)).toContain(WEEK_RULE.topN);
    form.set("topN", "100");
    const typed = weekRuleSchema.safeParse(Object.fromEntries(form));
    expect(typed.success ? [] : typed.error.issues.map((i) => i.message)).not.toContain(WEEK_RULE.topN);
  });

  it("the catalogue's pool form refuses jornada number '1e1'", () => {
    const messages = (numberQuiniela: string) => {
      const read = poolSchema.safeParse({ numberQuiniela, startDate: "2026-03-01T10:00", closingDate: "2026-03-02T10:00", matchesJson: "[]" });
      return read.success ? [] : read.error.issues.map((i) => i.message);
    };
    expect(messages("1e1")).toContain(POOL_FIELDS_REQUIRED);
    expect(messages("10")).not.toContain(POOL_FIELDS_REQUIRED);
  });
});
