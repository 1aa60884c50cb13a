import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { registerBody } from "#core/contract/auth";
import { firstIssue } from "#core/contract/common";
import { groupBody } from "#core/contract/group";
import { phraseBody } from "#core/contract/phrase";
import { createSeasonBody, seasonPointsBody } from "#core/contract/season";
import { createTeamBody } from "#core/contract/team";
import { registerSchema } from "./auth";
import { pointsSchema, seasonSchema, teamSchema } from "./catalogue";
import { groupSchema, roundStatusSchema } from "./groups";
import { phraseSchema } from "./profile";

/** A form post as a browser without JavaScript sends it: every value is text. */
const post = (fields: Record<string, string>) => {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.set(name, value);
  return formData;
};

/** The form's errors by field, as the action answers them. */
const fieldErrors = (schema: z.ZodTypeAny, fields: Record<string, string>) => {
  const submission = parseWithZod(post(fields), { schema });
  return submission.status === "success" ? {} : submission.error;
};

/** What the backend answers for the same value (its first message). */
const contractSays = (schema: z.ZodTypeAny, body: unknown) => {
  const result = schema.safeParse(body);
  return result.success ? null : firstIssue(result.error);
};

describe("forms refuse what the contract refuses, on the field and in its words", () => {
  it("a 30 February as the season's start date", () => {
    const message = "La fecha de inicio no es válida (AAAA-MM-DD).";
    expect(fieldErrors(seasonSchema, { name: "2025-26", startDate: "2025-02-30" })).toEqual({ startDate: [message] });
    expect(contractSays(createSeasonBody, { name: "2025-26", startDate: "2025-02-30" })).toBe(message);
    expect(fieldErrors(seasonSchema, { name: "2024-25", startDate: "2024-02-29" })).toEqual({});
  });

  it("points and a price per bet out of range, or not numbers", () => {
    const points = { seasonId: "1", single: "1", double: "2", triple: "3", pleno: "5", betPrice: "0,75" };
    expect(fieldErrors(pointsSchema, { ...points, betPrice: "0.75", pleno: "150" })).toEqual({
      pleno: ["Cada valor de puntos debe ser un número entre 0 y 100."],
    });
    expect(fieldErrors(pointsSchema, { ...points, betPrice: "100.5" })).toEqual({ betPrice: ["El precio por apuesta debe ser un número entre 0 y 100 €."] });
    expect(fieldErrors(pointsSchema, points)).toEqual({ betPrice: ["El precio por apuesta debe ser un número entre 0 y 100 €."] });
    expect(contractSays(seasonPointsBody, { single: 1, double: 2, triple: 3, pleno: 150 })).toBe("Cada valor de puntos debe ser un número entre 0 y 100.");
    const ok = parseWithZod(post({ ...points, betPrice: "0.755" }), { schema: pointsSchema });
    expect(ok.status === "success" && ok.value).toEqual({ seasonId: 1, single: 1, double: 2, triple: 3, pleno: 5, betPrice: 0.76 });
  });

  it("a team's logo path that does not decode, and an alias too long", () => {
    const logo = "El logo debe ser una URL https:// o una ruta del sitio (/logos/…).";
    expect(fieldErrors(teamSchema, { name: "Sevilla FC", logo: "/logos/%E0%A4%A" })).toEqual({ logo: [logo] });
    expect(contractSays(createTeamBody, { name: "Sevilla FC", logo: "/logos/%E0%A4%A", alias: [] })).toBe(logo);
    expect(fieldErrors(teamSchema, { name: "Sevilla FC", alias: JSON.stringify(["x".repeat(101)]) })).toEqual({
      alias: ["Cada alias tiene como máximo 100 caracteres."],
    });
  });

  it("a group name of control characters only", () => {
    expect(fieldErrors(groupSchema, { name: "\u0007\u0007" })).toEqual({ name: ["El nombre es obligatorio."] });
    expect(contractSays(groupBody, { name: "\u0007\u0007" })).toBe("El nombre es obligatorio.");
  });

  it("a phrase of control characters only", () => {
    expect(fieldErrors(phraseSchema, { text: "\u0001", author: "Anónimo" })).toEqual({ text: ["La frase no puede estar vacía"] });
    expect(contractSays(phraseBody, { text: "\u0001", author: "Anónimo" })).toBe("La frase no puede estar vacía");
  });

  it("a username longer than the contract's 30 characters", () => {
    const body = { email: "ana@example.com", username: "a".repeat(31), password: "Secreta#2026" };
    expect(fieldErrors(registerSchema, { ...body, confirm: body.password })).toEqual({ username: ["Máximo 30 caracteres."] });
    expect(contractSays(registerBody, body)).toBe("Máximo 30 caracteres.");
  });

  it("a round's dates in a year the contract does not take, as a browser without date inputs sends them", () => {
    const dates = { quinielaId: "3", openDate: "0999-01-01T10:00", closeDate: "2025-05-01T10:00" };
    expect(fieldErrors(roundStatusSchema, dates)).toEqual({ openDate: ["Fecha no válida."] });
    expect(fieldErrors(roundStatusSchema, { ...dates, openDate: "2025-02-30T10:00" })).toEqual({ openDate: ["Fecha no válida."] });
    expect(fieldErrors(roundStatusSchema, { ...dates, openDate: "2025-05-02T10:00" })).toEqual({
      closeDate: ["La fecha de cierre debe ser posterior a la de apertura."],
    });
  });
});
