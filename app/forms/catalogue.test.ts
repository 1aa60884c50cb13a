import { describe, expect, it } from "vitest";
import { createUserSchema, poolSchema, readMatchesJson, resultsSchema, teamSchema } from "./catalogue";

const fifteen = JSON.stringify(Array.from({ length: 15 }, (_, i) => ({ Home: `L${i}`, away: `V${i}` })));
const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.success ? [] : r.error!.issues.map((i) => i.message));

describe("catalogue forms", () => {
  it("reads the pasted matches with the spec's messages", () => {
    expect(readMatchesJson(fifteen)).toMatchObject({ matches: expect.arrayContaining([{ home: "L0", away: "V0" }]) });
    expect(readMatchesJson("[1,2]")).toEqual({ error: "El JSON debe contener un array de 15 partidos." });
    expect(readMatchesJson("{")).toEqual({ error: "El JSON debe contener un array de 15 partidos." });
    expect(readMatchesJson(JSON.stringify(Array(15).fill({ home: "A", away: " " })))).toEqual({ error: 'Cada partido debe tener "home" y "away".' });
  });

  it("turns Madrid wall-clock dates into instants and wants all of number and dates", () => {
    const ok = poolSchema.safeParse({ numberQuiniela: "3", startDate: "2024-10-04T12:00", closingDate: "2024-10-05T16:00", matchesJson: fifteen });
    expect(ok.success && ok.data.closingDate.toISOString()).toBe("2024-10-05T14:00:00.000Z");
    const missing = poolSchema.safeParse({ numberQuiniela: "3", closingDate: "2024-10-05T16:00", matchesJson: fifteen });
    expect(messages(missing)).toEqual(["Todos los campos de fecha y jornada son obligatorios."]);
  });

  it("reads aliases as a JSON array of strings without empties", () => {
    expect(teamSchema.parse({ name: "Sevilla FC", alias: '["SFC", "", 7]' }).alias).toEqual(["SFC", "7"]);
    expect(messages(teamSchema.safeParse({ name: "Sevilla FC", alias: "SFC, Sevilla" }))).toEqual(["Alias debe ser un array JSON"]);
    expect(messages(teamSchema.safeParse({ alias: "[]" }))).toEqual(["El nombre es obligatorio"]);
  });

  it("wants all 14 signs, each one told at its own match when missing", () => {
    const fourteen = ["1", "X", "2", "1", "X", "2", "1", "X", "2", "1", "X", "2", "1", "X"];
    expect(resultsSchema.parse({ quinielaId: "4", signs: fourteen }).signs).toEqual(fourteen);
    const gap = resultsSchema.safeParse({ quinielaId: "4", signs: ["1", undefined, "X"] });
    expect(gap.success).toBe(false);
    const paths = gap.error!.issues.map((i) => i.path.join("."));
    expect(paths).toEqual([1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13].map((i) => `signs.${i}`));
    expect(new Set(messages(gap))).toEqual(new Set(["Elige el resultado de este partido: 1, X o 2."]));
    expect(resultsSchema.safeParse({ quinielaId: "4" }).error!.issues.map((i) => i.path.join("."))).toHaveLength(14);
    expect(messages(resultsSchema.safeParse({ quinielaId: "4", signs: ["1X", ...fourteen.slice(1)] }))).toEqual(["Usa 1, X o 2."]);
  });

  it("takes goals from 0 to 10 and lets one side alone through (the action leaves that pleno out)", () => {
    const fourteen = Array(14).fill("1");
    const none = resultsSchema.parse({ quinielaId: "4", signs: fourteen });
    expect([none.plenoHome, none.plenoAway]).toEqual([undefined, undefined]);
    const half = resultsSchema.parse({ quinielaId: "4", signs: fourteen, plenoHome: "2" });
    expect([half.plenoHome, half.plenoAway]).toEqual(["2", undefined]);
    expect(messages(resultsSchema.safeParse({ quinielaId: "4", signs: fourteen, plenoHome: "11", plenoAway: "0" }))).toEqual([
      "Introduce los goles del pleno al quince (0-10).",
    ]);
  });

  it("drops rows without a group and wants a role for each group, once", () => {
    const base = { email: " a@b.es ", username: " ana " };
    expect(createUserSchema.parse({ ...base, groups: [{ groupId: "3", roleId: "2" }, {}] })).toEqual({
      email: "a@b.es",
      username: "ana",
      groups: [{ groupId: 3, roleId: 2 }],
    });
    expect(
      messages(
        createUserSchema.safeParse({
          ...base,
          groups: [
            { groupId: "3", roleId: "1" },
            { groupId: "3", roleId: "1" },
          ],
        }),
      ),
    ).toEqual(["No repitas el mismo grupo en varias filas."]);
    expect(messages(createUserSchema.safeParse({ ...base, groups: [{ groupId: "3" }] }))).toEqual(["Selecciona un rol para cada grupo indicado."]);
    expect(messages(createUserSchema.safeParse({ email: "", username: "" }))).toEqual([
      "Email y nombre de usuario son obligatorios.",
      "Email y nombre de usuario son obligatorios.",
    ]);
  });
});
