import { readdirSync, readFileSync } from "node:fs";
import { expect, request as playwrightRequest, test } from "./fixtures";
import { isSpanishMessage } from "../support/spanish";
import { E2E, endLotteryTurn, newPlayer, sessionToken, signIn, takeLotteryTurn } from "./helpers";

/** Redirects stay on the site, bodies are bounded, logout really ends a session, no cache keeps a page. */

const origin = { origin: E2E.baseUrl };

test.describe("after signing in", () => {
  test("a redirectTo that leads off-site sends the user to their home page instead", async ({ page }) => {
    const player = await newPlayer();
    await signIn(page, player.username, player.password, "/login?redirectTo=%2F%09%2Fevil.example%2Fphish");
    await expect(page).toHaveURL(`${E2E.baseUrl}/inicio`);
    expect(new URL(page.url()).host).toBe(new URL(E2E.baseUrl).host);
  });

  test("no dotted, doubled or backslashed redirectTo sends a sign-in to another host", async ({ page }) => {
    const player = await newPlayer();
    for (const redirectTo of ["/.//evil.example/phish", "/..//evil.example", "/%2e//evil.example", "/./\\evil.example"]) {
      const response = await page.request.post("/login", {
        form: { identifier: player.username, password: player.password, redirectTo },
        headers: origin,
        maxRedirects: 0,
      });
      expect(response.status(), redirectTo).toBe(302);
      const location = response.headers()["location"];
      expect(location, redirectTo).toMatch(/^\/(?![/\\])/);
      expect(new URL(location, E2E.baseUrl).host, redirectTo).toBe(new URL(E2E.baseUrl).host);
    }
  });

  test("a line break in redirectTo does not break a correct sign-in", async ({ page }) => {
    const player = await newPlayer();
    await signIn(page, player.username, player.password, "/login?redirectTo=%2Fperfil%0D%0A");
    await expect(page).toHaveURL(`${E2E.baseUrl}/perfil`);
  });

  test("signed-in pages are never cached: Cache-Control is private, no-store", async ({ page }) => {
    const player = await newPlayer();
    await signIn(page, player.username);
    for (const path of ["/inicio", "/perfil", "/grupos"]) {
      const response = await page.goto(path);
      expect(response!.headers()["cache-control"]).toBe("private, no-store");
    }
    const cookie = (await page.context().cookies()).find((c) => c.name === "__session")!;
    const token = await sessionToken(page);
    expect(token).toBeTruthy();
    // The cookie is sealed: the token is not in it, in clear or in base64.
    expect(decodeURIComponent(cookie.value)).not.toContain(token!);
    expect(Buffer.from(decodeURIComponent(cookie.value), "base64").toString("utf8")).not.toContain(token!);
  });
});

test.describe("signing out", () => {
  test("a logout post without a body signs out, and the replayed cookie reaches no signed-in page", async ({ page }) => {
    const player = await newPlayer();
    await signIn(page, player.username);
    const cookie = (await page.context().cookies()).find((c) => c.name === "__session")!;
    const replay = await playwrightRequest.newContext({ baseURL: E2E.baseUrl, extraHTTPHeaders: { cookie: `__session=${cookie.value}` } });
    try {
      expect((await replay.get("/perfil", { maxRedirects: 0 })).status()).toBe(200);
      const logout = await replay.fetch("/logout", { method: "POST", headers: origin, maxRedirects: 0 });
      expect(logout.status()).toBe(302);
      expect(logout.headers()["location"]).toBe("/login");
      for (const path of ["/inicio", "/perfil", "/grupos", "/quinielas", "/informacion", "/crear-grupo"]) {
        const response = await replay.get(path, { maxRedirects: 0 });
        if (response.status() === 200) {
          // A public page: it must not show the visitor as signed in.
          expect(await response.text()).not.toContain(player.username);
        } else {
          expect(response.status()).toBe(302);
          expect(response.headers()["location"]).toMatch(/^\/login/);
        }
      }
    } finally {
      await replay.dispose();
    }
    await page.goto("/perfil");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fperfil$/);
  });
});

test.describe("bounded form bodies", () => {
  test("a 5 MB form post gets 413 with a Spanish page, before the app reads it", async ({ request }) => {
    const big = await request.post("/forgot-password", { headers: origin, form: { email: "x".repeat(5 * 1024 * 1024) } });
    expect(big.status()).toBe(413);
    expect(await big.text()).toContain("Formulario demasiado grande");
    const multipart = await request.post("/login", { headers: origin, multipart: { identifier: "x".repeat(2 * 1024 * 1024), password: "x" } });
    expect(multipart.status()).toBe(413);
    // A normal post still works afterwards.
    const small = await request.post("/forgot-password", { headers: origin, form: { email: "nadie@e2e.local" }, maxRedirects: 0 });
    expect(small.status()).toBeLessThan(500);
  });

  test("a malformed multipart body is a Spanish 400, not a 500", async ({ request }) => {
    const res = await request.post("/login", {
      headers: { ...origin, "content-type": "multipart/form-data; boundary=x" },
      data: '--x\r\nContent-Disposition: form-data; name="identifier"\r\n\r\nsin cierre',
    });
    expect(res.status()).toBe(400);
    expect(await res.text()).toContain("Formulario no válido");
  });

  test("a broken escape in a crest path draws a crest instead of failing", async ({ request }) => {
    for (const path of ["/crest/%", "/crest/%E0%A4%A"]) {
      const res = await request.get(path);
      expect(res.status()).toBe(200);
      expect(res.headers()["content-type"]).toContain("image/svg+xml");
    }
  });
});

/** Every page with a form: the files of app/routes that export an action, with their params filled in. */
function formPages(): string[] {
  return readdirSync("app/routes")
    .filter((file) => /export\s+(async\s+function\s+action\b|const\s+action\b|\{[^}]*\baction\b)/.test(readFileSync(`app/routes/${file}`, "utf8")))
    .map((file) => file.replace(/\.tsx?$/, ""))
    .filter((name) => name !== "$")
    .map(
      (name) =>
        `/${name
          .split(".")
          .filter((segment) => segment !== "_index")
          .map((segment) => (segment.startsWith("$") ? "1" : segment))
          .join("/")}`.replace(/\/$/, "") || "/",
    );
}

const ENGLISH_ZOD = /Expected (string|number|boolean|object|array)|Required\b|Invalid (date|input|type)|received (string|number|undefined)/;

test.describe("fuzzing every web form", () => {
  test("bad posts to every form answer below 500, in Spanish", async ({ page }) => {
    test.setTimeout(300_000);
    await signIn(page, E2E.admin.username, E2E.admin.password);
    const pages = formPages();
    expect(pages).toContain("/login");
    expect(pages.length).toBeGreaterThan(15);
    const fields = [
      "intent",
      "quinielaId",
      "groupId",
      "userId",
      "roleId",
      "name",
      "description",
      "email",
      "identifier",
      "password",
      "code",
      "seasonId",
      "openDate",
      "closeDate",
      "forceClosed",
      "typeQuinielaId",
      "startDate",
      "matchesJson",
      "plenoHome",
      "plenoAway",
      "signs[0]",
      "alias",
      "logo",
      "redirectTo",
    ];
    const values = [
      "",
      "2147483648",
      "0x10",
      "-1",
      "true",
      "null",
      "\u0000",
      "🙂".repeat(500),
      "x".repeat(30_000),
      "<script>alert(1)</script>",
      "%E0%A4%A",
      "[[[[[[[[[[",
    ];
    const failures: string[] = [];
    let sent = 0;
    const check = async (path: string, what: string, response: Awaited<ReturnType<typeof page.request.post>>) => {
      sent += 1;
      const text = await response.text();
      if (response.status() >= 500) failures.push(`${response.status()} ${path} ${what}`);
      if (ENGLISH_ZOD.test(text)) failures.push(`English message on ${path} ${what}`);
      if (response.status() >= 400 && /^text\/plain/.test(response.headers()["content-type"] ?? "") && !isSpanishMessage(text))
        failures.push(`not Spanish ${path} ${what}: ${text.slice(0, 100)}`);
    };
    for (const path of pages.filter((p) => p !== "/logout")) {
      // Posts to the lottery screen can start its automatic search, which the lottery journeys rely on.
      const lottery = path.startsWith("/call-quiniela");
      if (lottery) await takeLotteryTurn();
      try {
        await fuzz(path);
      } finally {
        if (lottery) await endLotteryTurn();
      }
    }
    async function fuzz(path: string) {
      for (const value of values) {
        const form = Object.fromEntries(fields.map((f) => [f, value]));
        await check(path, `form=${value.slice(0, 20)}`, await page.request.post(path, { headers: origin, form, maxRedirects: 0 }));
      }
      await check(path, "multipart", await page.request.post(path, { headers: origin, multipart: { intent: "x", name: "🙂".repeat(100) }, maxRedirects: 0 }));
      await check(
        path,
        "broken multipart",
        await page.request.post(path, { headers: { ...origin, "content-type": "multipart/form-data; boundary=zz" }, data: "--zz\r\nbroken", maxRedirects: 0 }),
      );
      await check(
        path,
        "json",
        await page.request.post(path, { headers: { ...origin, "content-type": "application/json" }, data: '{"a":1}', maxRedirects: 0 }),
      );
      await check(path, "no body", await page.request.fetch(path, { method: "POST", headers: origin, maxRedirects: 0 }));
      await check(path, "too big", await page.request.post(path, { headers: origin, form: { name: "x".repeat(1_100_000) }, maxRedirects: 0 }));
      await check(path, "big id", await page.request.get(path.replace(/\/1(\/|$)/, "/2147483648$1"), { maxRedirects: 0 }));
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(300);
  });
});
