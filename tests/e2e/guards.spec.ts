import { expect, test } from "./fixtures";
import { newPlayer, signIn } from "./helpers";

// Every path of the route table (docs/architecture.md#screens-and-who-reaches-them), with sample ids.
const signedIn = [
  "/quinielas",
  "/grupos",
  "/grupo/1",
  "/grupo/1/dashboard",
  "/perfil",
  "/crear-grupo",
  "/crear-quiniela",
  "/grupo/1/gestionar-quinielas",
  "/grupo/1/ajustes",
  "/grupo/1/importar",
  "/grupo/1/predictions",
  "/crear-temporada",
  "/admin/roles",
  "/grupo/1/temporada/1/clasificacion",
  "/inicio",
  "/grupo/1/quiniela-grupal",
  "/informacion",
  "/team",
  "/grupo/1/resultados-y-apuestas",
  "/grupo/1/season/1/bet-evolucion",
  "/grupo/nuevo",
];
const adminOnly = ["/establecer-resultados/1", "/admin/resultados", "/admin/crear-usuario", "/call-quiniela"];
const publicPaths = ["/login", "/register", "/registro", "/forgot-password", "/ChangePassword", "/privacidad"];

test("guests are sent to sign in, keeping where they were going", async ({ page }) => {
  for (const path of [...signedIn, ...adminOnly]) {
    await page.goto(path);
    expect(new URL(page.url()).pathname, path).toBe("/login");
    expect(new URL(page.url()).searchParams.get("redirectTo"), path).toBe(path);
  }
  for (const path of publicPaths) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    expect(new URL(page.url()).pathname, path).toBe(path);
  }
});

test("unknown paths go to /login", async ({ page }) => {
  for (const path of ["/no-existe", "/grupo", "/admin", "/x/y/z"]) {
    await page.goto(path);
    expect(new URL(page.url()).pathname, path).toBe("/login");
  }
});

test("a signed-in player is kept out of admin-only screens", async ({ page }) => {
  const player = await newPlayer();
  await signIn(page, player.username);
  for (const path of adminOnly) {
    await page.goto(path);
    expect(new URL(page.url()).pathname, path).toBe("/inicio");
  }
});
