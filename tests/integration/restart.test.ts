import { mkdtemp, readFile, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createBackend } from "../../backend/start";
import { client, PASSWORD } from "../support/backend";
import { decodeBody } from "../support/mail-sink.mjs";

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

async function boot(dataDir: string) {
  const { app } = await createBackend({ dataDir, log: () => {} });
  const url = await app.listen({ host: "127.0.0.1", port: 0 });
  return { app, api: client(url) };
}

describe("the embedded database", () => {
  it("keeps accounts and sessions across a restart, and migrates only once", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "quiniela-restart-"));
    dirs.push(dataDir);
    const first = await boot(dataDir);
    expect((await first.api.post("/auth/register", { email: "dura@test.local", username: "dura", password: PASSWORD })).status).toBe(201);
    const token = (await first.api.post("/auth/login", { username: "dura", password: PASSWORD })).body.token as string;
    await first.app.close();

    const second = await boot(dataDir);
    try {
      expect((await second.api.as(token).get("/auth/me")).body).toMatchObject({ username: "dura" });
      const admin = await readFile(path.join(dataDir, "admin-password.txt"), "utf8");
      const adminPassword = /contraseña: (\S+)/.exec(admin)![1];
      expect((await second.api.post("/auth/login", { username: "admin", password: adminPassword })).body.isAdmin).toBe(true);
    } finally {
      await second.app.close();
    }
    // Two boots of the embedded database and their migrations: about 30 s on a loaded machine.
  }, 90_000);

  it("writes mail to the outbox folder when no SMTP server is configured", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "quiniela-outbox-"));
    dirs.push(dataDir);
    const { app, api } = await boot(dataDir);
    try {
      await api.post("/auth/register", { email: "buzon@test.local", username: "buzon", password: PASSWORD });
      await api.post("/api/auth/forgot-password", { email: "buzon@test.local" });
      // The sign-up's proof link and the reset link (decision 078), one file each.
      const files = (await readdir(path.join(dataDir, "outbox"))).sort();
      expect(files).toHaveLength(2);
      const texts = await Promise.all(files.map(async (f) => decodeBody(await readFile(path.join(dataDir, "outbox", f), "latin1")).text));
      expect(texts.some((text) => /confirmar-correo\?token=/.test(text))).toBe(true);
      expect(texts.some((text) => /ChangePassword\?token=/.test(text))).toBe(true);
    } finally {
      await app.close();
    }
  });
});
