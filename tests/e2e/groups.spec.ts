import { expect, test, type Page } from "./fixtures";
import { utcToMadridLocal } from "../../core/dates";
import { E2E, apiCall, expectAccessible, newPlayer, signIn, unique, signOut, newSeason } from "./helpers";

type Player = Awaited<ReturnType<typeof newPlayer>>;

async function createGroup(manager: Player, name = unique("Peña ")) {
  const res = await apiCall<{ id: number; inviteCode: string; name: string }>(
    "POST",
    "/group/CreateGroup",
    { name, description: "Los de siempre" },
    manager.token,
  );
  expect(res.status).toBe(201);
  return res.body;
}

async function join(player: Player, code: string) {
  expect((await apiCall("POST", `/group/JoinByInviteCode/${code}`, undefined, player.token)).status).toBe(200);
}

/** A pool of its own season (so other journeys' seasons do not matter). */
const createPool = async () => (await newSeason()).pool();

const row = (page: Page, text: string) => page.getByRole("row").filter({ hasText: text });

test.describe("joining a group", () => {
  test("a player with no group joins by code and lands on the dashboard; a wrong code keeps what was typed", async ({ page }, testInfo) => {
    const group = await createGroup(await newPlayer("gestor"));
    const player = await newPlayer();
    await signIn(page, player.username);
    await expect(page).toHaveURL(/\/inicio$/);
    await expect(page.getByRole("heading", { name: "Unirte a un grupo" })).toBeVisible();
    await expectAccessible(page, testInfo);

    await page.getByLabel("Código de invitación").fill("NOEXISTE22");
    await page.getByRole("button", { name: "Unirme al grupo" }).click();
    await expect(page.getByText("Error al unirte: No existe ningún grupo con ese código.")).toBeVisible();
    await expect(page.getByLabel("Código de invitación")).toHaveValue("NOEXISTE22");

    await page.getByLabel("Código de invitación").fill(group.inviteCode.toLowerCase());
    await page.getByRole("button", { name: "Unirme al grupo" }).click();
    await expect(page).toHaveURL(new RegExp(`/grupo/${group.id}/dashboard$`));
    await expect(page.getByRole("heading", { level: 1, name: group.name })).toBeVisible();
    await expect(page.getByRole("link", { name: "Pronósticos" })).toHaveAttribute("href", `/grupo/${group.id}/predictions`);
    await expect(page.getByRole("link", { name: "Resultados y apuestas" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Ajustes del grupo" })).toHaveCount(0);
    await expectAccessible(page, testInfo);
  });

  test("a player with one group lands on its dashboard; with two sees both cards", async ({ page }, testInfo) => {
    const gestor = await newPlayer("gestor");
    const [first, second] = [await createGroup(gestor), await createGroup(gestor)];
    const player = await newPlayer();
    await join(player, first.inviteCode);
    await signIn(page, player.username);
    await expect(page).toHaveURL(new RegExp(`/grupo/${first.id}/dashboard$`));

    await join(player, second.inviteCode);
    await page.goto("/inicio");
    await expect(page.getByRole("link", { name: first.name })).toBeVisible();
    await expect(page.getByRole("link", { name: second.name })).toBeVisible();
    await expectAccessible(page, testInfo);
    await page.getByRole("link", { name: second.name }).click();
    await expect(page).toHaveURL(new RegExp(`/grupo/${second.id}/dashboard$`));
    await page.goto("/grupos");
    await expect(page.getByRole("link", { name: first.name })).toBeVisible();
  });
});

test.describe("managing a group", () => {
  test("a player creates a group, edits it and removes a member after confirming", async ({ page }, testInfo) => {
    const creator = await newPlayer("creador");
    const leaver = await newPlayer("socio");
    await signIn(page, creator.username);
    await page.goto("/grupo/nuevo");
    await expectAccessible(page, testInfo);
    await page.getByLabel("Descripción").fill("Quiniela de los viernes");
    await page.getByRole("button", { name: "Crear grupo" }).click();
    await expect(page.getByText("El nombre es obligatorio.")).toBeVisible();
    await expect(page.getByLabel("Descripción")).toHaveValue("Quiniela de los viernes");

    const name = unique("Peña ");
    await page.getByLabel("Nombre").fill(name);
    await page.getByRole("button", { name: "Crear grupo" }).click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    const code = (await page.locator("dd code").textContent())!.trim();
    expect(code).toMatch(/^[A-Z0-9]{10}$/);
    await expect(row(page, creator.username)).toContainText("Gestor");
    const groupId = Number(/\/grupo\/(\d+)/.exec(page.url())![1]);

    await join(leaver, code);
    await page.reload();
    await page.getByText("Editar grupo").click();
    await page.getByLabel("Nombre").fill(`${name} renovada`);
    await page.getByRole("button", { name: "Guardar cambios" }).click();
    await expect(page.getByRole("heading", { level: 1, name: `${name} renovada` })).toBeVisible();

    await page.getByRole("link", { name: `Quitar a ${leaver.username}` }).click();
    await expect(page.getByRole("heading", { name: "Quitar miembro" })).toBeVisible();
    await expectAccessible(page, testInfo);
    await page.getByRole("button", { name: "Sí, quitar" }).click();
    await expect(page.getByText(`${leaver.username} ya no es miembro del grupo.`)).toBeVisible();
    await expect(row(page, leaver.username)).toHaveCount(0);
    expect((await apiCall("GET", `/group/${groupId}`, undefined, leaver.token)).status).toBe(403);
  });

  test("the manager of A configures, closes and blocks in A, and gets nothing of B", async ({ page }, testInfo) => {
    const managerA = await newPlayer("gestorA");
    const managerB = await newPlayer("gestorB");
    const member = await newPlayer("socio");
    const groupA = await createGroup(managerA);
    const groupB = await createGroup(managerB);
    await join(member, groupA.inviteCode);
    await join(member, groupB.inviteCode);
    const pool = await createPool();

    await signIn(page, managerA.username);
    await expect(page).toHaveURL(new RegExp(`/grupo/${groupA.id}/dashboard$`));
    await page.getByRole("link", { name: "Ajustes del grupo" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Ajustes del grupo" })).toBeVisible();
    await page.goto(`/grupo/${groupA.id}/ajustes?quiniela=${pool.id}`);
    await expect(page.getByRole("heading", { name: `Jornada ${pool.numberQuiniela}` })).toBeVisible();
    await expectAccessible(page, testInfo);

    const open = utcToMadridLocal(new Date(Date.now() - 3_600_000));
    const close = utcToMadridLocal(new Date(Date.now() + 2 * 86_400_000));
    await page.getByLabel("Fecha de apertura").fill(close);
    await page.getByLabel("Fecha de cierre").fill(open);
    await page.getByLabel("Tipo de quiniela").selectOption("2");
    await page.getByRole("button", { name: "Activar jornada" }).click();
    await expect(page.getByText("La fecha de cierre debe ser posterior a la de apertura.")).toBeVisible();

    await page.getByLabel("Fecha de apertura").fill(open);
    await page.getByLabel("Fecha de cierre").fill(close);
    await page.getByRole("button", { name: "Activar jornada" }).click();
    await expect(page.getByText("Jornada activada para el grupo.")).toBeVisible();
    await expect(page.getByText(/Estado: Abierta · Tipo: Dos dobles/)).toBeVisible();
    // Entered and shown in Madrid time.
    await expect(page.getByLabel("Fecha de apertura")).toHaveValue(open);
    await expect(page.getByLabel("Fecha de cierre")).toHaveValue(close);

    await page.getByRole("button", { name: `Bloquear a ${member.username}` }).click();
    await expect(row(page, member.username)).toContainText("Bloqueado");
    await expect(page.getByRole("button", { name: `Desbloquear a ${member.username}` })).toBeVisible();
    const round = await apiCall("GET", `/GroupQuiniela/GetByGroupAndQuiniela?groupId=${groupA.id}&quinielaId=${pool.id}`, undefined, member.token);
    expect(round.body.blockedUserIds).toEqual([member.id]);

    await page.getByRole("button", { name: "Forzar cierre ahora" }).click();
    await expect(page.getByText("Estado: Cerrada (Cerrada por el gestor)")).toBeVisible();

    // Outside group B, every page of it is the one 403 (decision 079).
    for (const path of [`/grupo/${groupB.id}/ajustes`, `/grupo/${groupB.id}/gestionar-quinielas?quiniela=${pool.id}`]) {
      expect((await page.goto(path))?.status(), path).toBe(403);
      await expect(page.getByText("No perteneces a este grupo.")).toBeVisible();
    }
    const configureB = {
      groupId: groupB.id,
      quinielaId: pool.id,
      openDate: new Date().toISOString(),
      closeDate: new Date(Date.now() + 86_400_000).toISOString(),
    };
    expect((await apiCall("POST", "/GroupQuiniela/ConfigureGroupQuiniela", configureB, managerA.token)).status).toBe(403);
    expect((await apiCall("POST", "/GroupQuiniela/ConfigureGroupQuiniela", configureB, managerB.token)).status).toBe(201);
    const roundB = await apiCall("GET", `/GroupQuiniela/GetByGroupAndQuiniela?groupId=${groupB.id}&quinielaId=${pool.id}`, undefined, managerB.token);
    expect(roundB.body.blockedUserIds).toEqual([]);
    expect((await apiCall("POST", "/GroupQuiniela/BlockUser", { groupQuinielaId: roundB.body.id, userId: member.id }, managerA.token)).status).toBe(403);
    expect((await apiCall("POST", "/group/ChangeUserRole", { groupId: groupB.id, userId: member.id, roleId: 2 }, managerA.token)).status).toBe(403);
  });

  test("a manager changes roles but cannot demote the last manager; players are kept out", async ({ page }, testInfo) => {
    const gestor = await newPlayer("gestor");
    const member = await newPlayer("socio");
    const group = await createGroup(gestor);
    await join(member, group.inviteCode);

    await signIn(page, member.username);
    await page.goto("/admin/roles");
    await expect(page).not.toHaveURL(/\/admin\/roles/);
    await signOut(page);

    await signIn(page, gestor.username);
    await page.goto("/admin/roles");
    await expect(page.getByRole("heading", { level: 2, name: group.name })).toBeVisible();
    await expectAccessible(page, testInfo);
    await page.getByLabel(`Rol de ${gestor.username}`, { exact: true }).selectOption("1");
    await page.getByRole("button", { name: `Cambiar rol de ${gestor.username}` }).click();
    await expect(page.getByText("Error al cambiar el rol del usuario: El grupo debe tener al menos un gestor.")).toBeVisible();
    await expect(row(page, gestor.username)).toContainText("Gestor");

    await page.getByLabel(`Rol de ${member.username}`, { exact: true }).selectOption("2");
    await page.getByRole("button", { name: `Cambiar rol de ${member.username}` }).click();
    await expect(page.getByText("Rol cambiado a Gestor.")).toBeVisible();
    await expect(row(page, member.username).getByRole("cell").first()).toHaveText("Gestor");
  });

  test("an admin creates a group for others and sees every group's roles", async ({ page }) => {
    await signIn(page, E2E.admin.username, E2E.admin.password);
    await page.goto("/crear-grupo");
    const name = unique("Peña admin ");
    await page.getByLabel("Nombre").fill(name);
    await page.getByRole("button", { name: "Crear grupo" }).click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    const groupId = Number(/\/grupo\/(\d+)/.exec(page.url())![1]);
    await page.goto(`/admin/roles?grupo=${groupId}`);
    await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
    await expect(page.getByText("Este grupo no tiene miembros todavía.")).toBeVisible();
    await expect(page.getByLabel("Grupo")).toHaveValue(String(groupId));
  });
});
