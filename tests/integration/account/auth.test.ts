import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD_RULE_MESSAGE } from "#core/contract/auth";
import { PASSWORD, startBackend, type TestBackend } from "../../support/backend";

let t: TestBackend;
beforeAll(async () => {
  t = await startBackend();
});
afterAll(() => t.close());

const resetLink = (text: string) => /\/ChangePassword\?token=([\w-]+)/.exec(text)?.[1];

describe("registration", () => {
  it("registers with JSON or multipart and refuses a taken username; a taken e-mail answers like a free one and mails its owner (decision 078)", async () => {
    const first = await t.api.post("/auth/register", { email: "ana@test.local", username: "ana", password: PASSWORD });
    expect(first).toEqual({ status: 201, body: { message: "Registro exitoso. Ya puedes iniciar sesión." } });
    const again = await t.api.post("/auth/register", { email: "ANA@test.local", username: "ana2", password: PASSWORD });
    expect(again).toEqual(first);
    // ana2 is an account that only asked for the address (decision 092): ana keeps it, and its mail.
    expect(await t.db.one("select email like 'pendiente-%' as asked, requested_email from users where username = 'ana2'")).toEqual({
      asked: true,
      requested_email: "ANA@test.local",
    });
    const [proof, notice] = t.mail.to("ana@test.local");
    expect(proof.text).toMatch(/\/confirmar-correo\?token=/);
    expect(notice.text).toContain("ya es el de tu cuenta");
    expect(notice.text).toContain("Tu usuario es ana");
    const form = new FormData();
    form.set("email", "otra@test.local");
    form.set("username", "ANA");
    form.set("password", PASSWORD);
    expect((await t.api.post("/auth/register", form)).body.message).toBe("Ese nombre de usuario ya existe.");
  });

  it("enforces the password rule on the server", async () => {
    const res = await t.api.post("/auth/register", { email: "weak@test.local", username: "weak", password: "password" });
    expect(res).toEqual({ status: 400, body: { message: PASSWORD_RULE_MESSAGE } });
  });

  it("stores an uploaded avatar downscaled to 64 px as JPEG", async () => {
    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#c00" } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.set("Email", "pic@test.local");
    form.set("Username", "pic");
    form.set("Password", PASSWORD);
    form.set("avatar", new Blob([png], { type: "image/png" }), "me.png");
    expect((await t.api.post("/auth/register", form)).status).toBe(201);
    const me = await (await t.login("pic")).get("/auth/me");
    expect(me.body.avatarPath).toMatch(/^\/avatars\/\d+-1\.jpg$/);
    const image = await fetch(t.url + me.body.avatarPath);
    const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 64, 48]);
  });

  it("rejects a non-image or a 20 MB avatar and creates no account", async () => {
    const form = (file: Blob) => {
      const f = new FormData();
      f.set("email", "bad@test.local");
      f.set("username", "badpic");
      f.set("password", PASSWORD);
      f.set("avatar", file, "x.png");
      return f;
    };
    expect((await t.api.post("/auth/register", form(new Blob(["not an image"])))).status).toBe(400);
    const huge = await t.api.post("/auth/register", form(new Blob([new Uint8Array(20 * 1024 * 1024)])));
    expect(huge.status).toBe(413);
    expect(huge.body.message).toMatch(/demasiado grande/);
    expect((await t.api.post("/auth/login", { username: "badpic", password: PASSWORD })).status).toBe(401);
  });
});

describe("signing in and out", () => {
  it("signs in by username or e-mail, with either key casing and any path casing", async () => {
    await t.player("luis");
    const byName = await t.api.post("/AUTH/Login", { Username: "LUIS", Password: PASSWORD });
    expect(byName.status).toBe(200);
    expect(byName.body).toMatchObject({ username: "luis", isAdmin: false, isManagerOfGroup: false, managedGroupId: null });
    expect(byName.body.token).toMatch(/^[\w-]{40,}$/);
    expect((await t.api.post("/auth/login", { email: "luis@test.local", password: PASSWORD })).status).toBe(200);
  });

  it("answers a wrong password or unknown user with the same 401", async () => {
    const wrong = await t.api.post("/auth/login", { username: "luis", password: "Nope#1234" });
    const unknown = await t.api.post("/auth/login", { username: "nadie", password: "Nope#1234" });
    expect(wrong).toEqual(unknown);
    expect(wrong.status).toBe(401);
  });

  it("revokes the token at logout", async () => {
    const me = await t.login("luis");
    expect((await me.get("/auth/me")).status).toBe(200);
    expect((await me.post("/auth/logout")).status).toBe(204);
    expect((await me.get("/auth/me")).status).toBe(401);
  });

  it("answers bad bodies with a Spanish 4xx, never a 500", async () => {
    for (const body of ["{not json", "[]", '{"username":{"$gt":""},"password":1}', JSON.stringify({ username: "x".repeat(10_000), password: "y" })]) {
      const res = await t.api.post("/auth/login", body);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(typeof res.body.message).toBe("string");
    }
    const form = await t.api.post("/auth/login", "username=a&password=b", { "content-type": "application/x-www-form-urlencoded" });
    expect(form.status).toBe(415);
  });
});

describe("password recovery", () => {
  it("mails a single-use link that sets a new password and ends other sessions", async () => {
    const marta = await t.player("marta");
    const res = await t.api.post("/api/auth/forgot-password", { email: "marta@test.local" });
    expect(res.body.message).toBe("Si el correo existe, hemos enviado la contraseña a tu bandeja de entrada.");
    const mail = t.mail.to("marta@test.local").at(-1)!;
    expect(mail.text).toContain("http://app.test/ChangePassword?token=");
    const token = resetLink(mail.text)!;
    expect((await t.api.post("/auth/ResetPassword", { token, newPassword: "Nueva#Clave9" })).status).toBe(200);
    expect((await marta.get("/auth/me")).status).toBe(401);
    expect((await t.api.post("/auth/login", { username: "marta", password: PASSWORD })).status).toBe(401);
    expect((await t.api.post("/auth/login", { username: "marta", password: "Nueva#Clave9" })).status).toBe(200);
    const reuse = await t.api.post("/auth/ResetPassword", { token, newPassword: "Otra#Clave10" });
    expect(reuse.status).toBe(400);
    expect(reuse.body.message).toMatch(/no es válido, ya se usó o ha caducado/);
  });

  it("refuses a link after an hour", async () => {
    await t.player("tardon");
    await t.api.post("/api/auth/forgot-password", { email: "tardon@test.local" });
    const token = resetLink(t.mail.to("tardon@test.local").at(-1)!.text)!;
    t.setNow(new Date(Date.now() + 61 * 60 * 1000));
    try {
      expect((await t.api.post("/auth/ResetPassword", { token, newPassword: "Nueva#Clave9" })).status).toBe(400);
    } finally {
      t.setNow(null);
    }
  });

  it("answers an unknown address the same way and sends nothing", async () => {
    const before = t.mail.messages.length;
    const res = await t.api.post("/api/auth/forgot-password", { email: "nadie@test.local" });
    expect(res).toEqual({ status: 200, body: { message: "Si el correo existe, hemos enviado la contraseña a tu bandeja de entrada." } });
    expect(t.mail.messages.length).toBe(before);
  });
});

describe("account settings", () => {
  it("changes the password, keeping the session that made the change", async () => {
    const pepa = await t.player("pepa");
    const other = await t.login("pepa");
    expect((await pepa.post("/auth/UpdatePassword", { newPassword: "short" })).status).toBe(400);
    expect((await pepa.post("/auth/UpdatePassword", { NewPassword: "Cambio#2026x" })).status).toBe(200);
    expect((await pepa.get("/auth/me")).status).toBe(200);
    expect((await other.get("/auth/me")).status).toBe(401);
  });

  it("lists the roles and keeps the alert preference, for signed-in users only", async () => {
    expect((await t.api.get("/Auth/GetAllRoles")).status).toBe(401);
    const p = await t.player();
    expect((await p.get("/auth/getallroles")).body).toEqual([
      { id: 1, name: "Usuario" },
      { id: 2, name: "Gestor" },
    ]);
    expect((await p.post("/User/SetAlertPreference", { sendAlert: true })).body).toEqual({ sendAlert: true });
  });

  it("serves an OpenAPI document of the contract", async () => {
    const doc = await t.api.get("/openapi.json");
    expect(doc.body.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.body.paths)).toContain("/auth/login");
  });
});

describe("rate limits", () => {
  it("slows down repeated sign-in attempts on one account", async () => {
    const limited = await startBackend({ config: { loginRateLimit: 3 } });
    try {
      const statuses = [];
      for (let i = 0; i < 5; i++) statuses.push((await limited.api.post("/auth/login", { username: "admin", password: "Wrong#1234" })).status);
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
    } finally {
      await limited.close();
    }
  });
});
