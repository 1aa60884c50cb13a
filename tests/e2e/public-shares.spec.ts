import { expect, test } from "./fixtures";
import { apiCall, E2E, expectAccessible, roundWithBet, signIn, signOut } from "./helpers";

/** The operator's table as an admin pastes it: a header, then one match a line. */
const TABLE = ["Partido 1 X 2", ...Array.from({ length: 14 }, (_, i) => `${i + 1}. Local ${i + 1} - Visitante ${i + 1} ${50 - i}% 30% ${20 + i}%`)].join("\n");

test.describe("the public's percentages of a jornada", () => {
  test("the admin pastes the operator's table, a wrong one is refused on the field, and the expected prize shares the funds", async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    const { admin, manager, groupId, round } = await roundWithBet({ home: 1, away: 0 });

    await signIn(page, E2E.admin.username, E2E.admin.password);
    await page.goto(`/admin/resultados?quiniela=${round.id}`);
    const form = page.locator("form.shares-form");
    await expect(form.getByRole("heading", { name: "Porcentajes del público" })).toBeVisible();
    // Folded under its title below the results (decision 069).
    await form.locator("summary").click();
    // A row that does not add up to 100: refused on the field, in Spanish, what was typed still there.
    const wrong = TABLE.replace("50% 30% 20%", "50% 30% 40%");
    await form.getByLabel("Tabla de porcentajes").fill(wrong);
    await form.getByRole("button", { name: "Guardar porcentajes" }).click();
    await expect(form.locator(".error")).toContainText("no tiene tres porcentajes (1, X y 2) que sumen unos 100");
    await expect(form.getByLabel("Tabla de porcentajes")).toHaveValue(wrong);
    await form.getByLabel("Tabla de porcentajes").fill(TABLE);
    await form.getByRole("button", { name: "Guardar porcentajes" }).click();
    await expect(page.locator(".toast").filter({ hasText: "Porcentajes del público guardados." })).toBeVisible();
    await expect(form.getByLabel("Tabla de porcentajes")).toHaveValue(/^1\. 50 30 20\n2\. 49 30 21\n/);
    await expect(form).toContainText("Los actuales los pegó un administrador.");
    await expectAccessible(page, testInfo);
    const saved = await apiCall<{ version: number; shares: number[][] }>("GET", `/Quiniela/${round.id}/PublicShares`, undefined, admin);
    expect(saved.body.version).toBe(1);
    expect(saved.body.shares[13]).toEqual([3700, 3000, 3300]);

    await signOut(page);
    await signIn(page, manager.username);
    await page.goto(`/grupo/${groupId}/quiniela-grupal?quiniela=${round.id}&objetivo=prize`);
    await expect(page.getByRole("region", { name: "Probabilidades" })).toContainText(
      "el fondo de cada categoría repartido entre este boleto y los demás acertantes que se esperan con sus mismos signos, según los porcentajes de apuestas del público de esta jornada",
    );
  });
});
