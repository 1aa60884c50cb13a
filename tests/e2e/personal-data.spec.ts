import { execFileSync } from "node:child_process";
import { expect, test } from "./fixtures";
import { expectAccessible, newGroup, newPlayer, signIn } from "./helpers";

/** «Descargar mis datos» from /perfil: one zip of what the app keeps about the player (decision 084). */
test.describe("tus datos", () => {
  test("a player downloads their data from the profile: a valid zip with every expected entry, no other member's address", async ({ page }, testInfo) => {
    const manager = await newPlayer("gestdatos");
    const player = await newPlayer("misdatos");
    await newGroup(manager, [player], "Peña datos ");
    await signIn(page, player.username);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/perfil");
    await expect(page.getByRole("heading", { name: "Tus datos" })).toBeVisible();
    await expectAccessible(page, testInfo);
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Descargar mis datos" }).click()]);
    expect(download.suggestedFilename()).toBe("mis-datos-quiniela.zip");
    const saved = testInfo.outputPath("mis-datos.zip");
    await download.saveAs(saved);
    expect(execFileSync("unzip", ["-t", saved]).toString()).toMatch(/No errors detected/);
    const names = execFileSync("unzip", ["-Z1", saved]).toString().trim().split("\n").sort();
    expect(names).toEqual(
      [
        "auditoria.csv",
        "correos.csv",
        "datos.json",
        "leeme.txt",
        "movimientos.csv",
        "penas.csv",
        "perfil.csv",
        "premios.csv",
        "pronosticos.csv",
        "resguardos.csv",
        "sesiones.csv",
      ].sort(),
    );
    const profile = execFileSync("unzip", ["-p", saved, "perfil.csv"]).toString("utf8");
    expect(profile.startsWith("\uFEFFUsuario;E-mail;")).toBe(true);
    expect(profile).toContain(player.username);
    const penas = execFileSync("unzip", ["-p", saved, "penas.csv"]).toString("utf8");
    expect(penas).toContain("Peña datos ");
    const all = execFileSync("unzip", ["-p", saved]).toString("utf8");
    expect(all).not.toContain(manager.email);
    expect(all).toContain(player.email);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
