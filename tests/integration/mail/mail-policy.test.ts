import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildBackend } from "../../../backend/app";
import type { Mail } from "../../../backend/mailer";
import { addressSpent, clientSpent, senderSpent } from "../../../backend/services/mail/policy";
import { outboxSettled } from "../../../backend/services/mail/outbox";
import { PROVE_TO_INVITE } from "../../../backend/services/moving-in/placeholders";
import { client, PASSWORD, startBackend, type TestBackend } from "../../support/backend";
import * as build from "../../support/builders";

/**
 * Decision 078: the mail policy of a public instance. Who may mail whom, how much, and that a
 * stranger cannot tell an account's address, a placeholder's and nobody's apart.
 */
const NOW = new Date("2026-03-02T10:00:00Z");
const DAY = 86_400_000;
let t: TestBackend;
beforeAll(async () => {
  t = await startBackend({ now: NOW });
}, 180_000);
afterAll(() => t.close());

let seq = 0;
const tag = () => `${Date.now().toString(36)}${++seq}`;
/** The calls of a client at another address (the backend believes the BFF's X-Forwarded-For on its loopback). */
const from = (ip: string) => ({
  post: (path: string, body: unknown, token?: string) =>
    fetch(t.url + path, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": ip, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    }).then(async (r) => {
      const answer = { status: r.status, body: await r.json() };
      await outboxSettled();
      return answer;
    }),
});

async function placeholders(groupId: number, count: number, domain = "victima.test") {
  const mark = tag();
  const rows = await t.db.query<{ id: number; email: string }>(
    `insert into users (email, username, password_hash, placeholder, send_digest)
     select 'v' || k || '.' || $1::text || '@' || $3::text, 'Socio' || $1::text || '-' || k, '', true, false from generate_series(1, $2::int) k
     returning id, email`,
    [mark, count, domain],
  );
  for (const { id } of rows) await t.db.query("insert into group_members (group_id, user_id, role_id) values ($1, $2, 1)", [groupId, id]);
  return rows;
}

const withConfig = async (change: Partial<TestBackend["deps"]["config"]>, run: () => Promise<void>) => {
  const before = { ...t.deps.config };
  Object.assign(t.deps.config, change);
  try {
    await run();
  } finally {
    Object.assign(t.deps.config, before);
  }
};

describe("who may mail others", () => {
  it("a fresh account invites nobody and adds no addresses from a file until it opens the link sent to its own address", async () => {
    const name = `nuevo${tag()}`;
    const fresh = await t.player(name, { prove: false });
    const groupId = await build.group(t.db, { name: "Premio 1000€ en http://evil.example/x", members: [{ userId: fresh.id, role: 2 }] });
    const [victim] = await placeholders(groupId, 1);
    const refused = await fresh.post(`/group/${groupId}/placeholders/${victim.id}/invite`);
    expect(refused).toEqual({ status: 403, body: { message: PROVE_TO_INVITE } });
    expect(t.mail.to(victim.email)).toHaveLength(0);

    // A members file with addresses: the preview shows it, the confirm is refused and writes nothing.
    const form = new FormData();
    form.set("kind", "members");
    form.set("archivo", new Blob([`Nombre;E-mail\r\nAjeno ${name};ajeno.${name}@victima.test`]), "miembros.csv");
    const preview = await fresh.post(`/group/${groupId}/import/preview`, form);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    const confirm = await fresh.post(`/group/${groupId}/import/confirm`, { draft: preview.body.draft });
    expect(confirm.status).toBe(403);
    expect(confirm.body.message).toMatch(/^Confirma tu dirección de correo para poder añadir miembros con su e-mail/);
    expect(await t.db.one("select 1 from users where email = $1", [`ajeno.${name}@victima.test`])).toBeFalsy();

    // The profile says so, and the link mailed at sign-up proves the address.
    expect((await fresh.get("/auth/email-proof")).body).toEqual({ email: `${name}@test.local`, proved: false });
    const token = /\/confirmar-correo\?token=([0-9a-f.]+)/.exec(t.mail.to(`${name}@test.local`)[0].text)![1];
    expect((await t.api.post("/auth/confirm-email", { token: token.replace(/.$/, (c) => (c === "0" ? "1" : "0")) })).status).toBe(400);
    expect((await t.api.post("/auth/confirm-email", { token })).status).toBe(200);
    expect((await fresh.get("/auth/email-proof")).body.proved).toBe(true);
    expect((await fresh.post(`/group/${groupId}/placeholders/${victim.id}/invite`)).status).toBe(200);
    expect((await fresh.post(`/group/${groupId}/import/confirm`, { draft: preview.body.draft })).status).toBe(200);
  });

  it("accounts made by an admin, and the accounts there were before, count as proved", async () => {
    const admin = await t.admin();
    const made = await admin.post("/auth/register-by-admin", { email: `hecha${tag()}@test.local`, username: `hecha${tag()}`, groups: [] });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const row = await t.db.one<{ proved: boolean }>("select email_proved_at is not null as proved from users where id = $1", [made.body.id]);
    expect(row!.proved).toBe(true);
    expect((await admin.get("/auth/email-proof")).body.proved).toBe(true);
  });
});

describe("how much, counted in the database", () => {
  it("200 sign-ups with a peña's 200 imported addresses from one client: the client's day stops them, each 429 says from when", async () => {
    const manager = await t.player();
    const groupId = await build.group(t.db, { members: [{ userId: manager.id, role: 2 }] });
    const victims = await placeholders(groupId, 200, "lista.test");
    await withConfig({ mailPerClientDay: 30 }, async () => {
      const spammer = from("198.51.100.7");
      const answers = [];
      for (const [k, v] of victims.entries())
        answers.push(await spammer.post("/auth/register", { email: v.email, username: `spam${seq}x${k}`, password: PASSWORD }));
      expect(answers.filter((a) => a.status === 201)).toHaveLength(30);
      const refused = answers.filter((a) => a.status === 429);
      expect(refused).toHaveLength(170);
      expect(refused[0].body.message).toBe(clientSpent(new Date(NOW.getTime() + DAY)));
      expect(victims.flatMap((v) => t.mail.to(v.email))).toHaveLength(30);
    });
  }, 120_000);

  it("an address with no account gets 3 a day and 6 a week, whoever asks, by whichever route, on whichever instance", async () => {
    const manager = await t.player();
    const groupId = await build.group(t.db, { members: [{ userId: manager.id, role: 2 }] });
    const [victim] = await placeholders(groupId, 1);
    // A second instance on the same database: its in-memory limits are its own, the database's are shared.
    const other = await buildBackend(t.deps);
    const otherUrl = await other.listen({ host: "127.0.0.1", port: 0 });
    try {
      const a = from("203.0.113.1");
      expect((await a.post("/auth/register", { email: victim.email, username: `x${tag()}`, password: PASSWORD })).status).toBe(201);
      expect((await client(otherUrl).post("/api/auth/forgot-password", { email: victim.email })).status).toBe(200);
      expect((await manager.post(`/group/${groupId}/placeholders/${victim.id}/invite`)).status).toBe(200);
      expect(t.mail.to(victim.email)).toHaveLength(3);
      const fourth = await client(otherUrl).post("/auth/register", { email: victim.email, username: `y${tag()}`, password: PASSWORD });
      expect(fourth).toEqual({ status: 429, body: { message: addressSpent(new Date(NOW.getTime() + DAY)) } });
      // The next day, three more; then the week is full until a week after the first.
      t.setNow(new Date(NOW.getTime() + DAY + 60_000));
      for (let k = 0; k < 3; k++) expect((await from(`203.0.113.${10 + k}`).post("/api/auth/forgot-password", { email: victim.email })).status).toBe(200);
      t.setNow(new Date(NOW.getTime() + 3 * DAY));
      const week = await from("203.0.113.50").post("/api/auth/forgot-password", { email: victim.email });
      expect(week).toEqual({ status: 429, body: { message: addressSpent(new Date(NOW.getTime() + 7 * DAY)) } });
      expect(t.mail.to(victim.email)).toHaveLength(6);
    } finally {
      t.setNow(NOW);
      await other.close();
    }
  });

  it("one manager inviting at once in four of his peñas gets his day's allowance, not a place more", async () => {
    const manager = await t.player();
    const groups = await Promise.all([1, 2, 3, 4].map(() => build.group(t.db, { members: [{ userId: manager.id, role: 2 }] })));
    const invites = [];
    for (const groupId of groups) for (const v of await placeholders(groupId, 15)) invites.push({ groupId, id: v.id });
    const answers = await Promise.all(invites.map(({ groupId, id }) => manager.post(`/group/${groupId}/placeholders/${id}/invite`)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(t.deps.config.mailPerSenderDay);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(60 - t.deps.config.mailPerSenderDay);
    expect(refused[0].body.message).toBe(senderSpent(t.deps.config.mailPerSenderDay, new Date(NOW.getTime() + DAY)));
    expect(Number((await t.db.one<{ n: string }>("select count(*) as n from placeholder_invitations where sent_by = $1", [manager.id]))!.n)).toBe(40);
  });
});

describe("a stranger cannot tell an account, a placeholder and nobody apart", () => {
  async function three() {
    const owner = await t.player();
    const groupId = await build.group(t.db, { members: [{ userId: owner.id, role: 2 }] });
    const [placeholder] = await placeholders(groupId, 1);
    return { account: `${owner.username}@test.local`, placeholder: placeholder.email, nobody: `nadie${tag()}@test.local` };
  }

  it("sign-up answers the three alike; the mail at each address says the rest", async () => {
    const { account, placeholder, nobody } = await three();
    const answers = await Promise.all(
      [account, placeholder, nobody].map((email, k) =>
        from(`192.0.2.${k + 1}`).post("/auth/register", { email, username: `alta${tag()}`, password: PASSWORD }),
      ),
    );
    expect(answers[0]).toEqual({ status: 201, body: { message: "Registro exitoso. Ya puedes iniciar sesión." } });
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(t.mail.to(account).at(-1)!.text).toContain("ya es el de tu cuenta");
    expect(t.mail.to(placeholder).at(-1)!.text).toMatch(/\/unirse\?token=/);
    expect(t.mail.to(nobody).at(-1)!.text).toMatch(/\/confirmar-correo\?token=/);
  });

  it("the one who signed up is let in alike for the three: by username, shown the address typed, and only the holder's own sign-in by e-mail works", async () => {
    const { account, placeholder, nobody } = await three();
    const names = [account, placeholder, nobody].map(() => `dentro${tag()}`);
    const typed = "Otra#Clave2026";
    for (const [k, email] of [account, placeholder, nobody].entries()) {
      expect((await from(`198.51.100.${k + 1}`).post("/auth/register", { email, username: names[k], password: typed })).status).toBe(201);
    }
    const seen = [];
    for (const [k, email] of [account, placeholder, nobody].entries()) {
      // By e-mail: an unproved address names no account, so the three fail alike (decision 092).
      expect(await t.api.post("/auth/login", { email, password: typed })).toEqual({ status: 401, body: { message: "Usuario o contraseña incorrectos." } });
      const signed = await t.login(names[k]!, typed);
      const me = (await signed.get("/auth/me")).body;
      const proof = (await signed.get("/auth/email-proof")).body;
      seen.push({ me: { ...me, id: 0, username: "" }, proof, shown: me.email === email });
      // The same name again with another address is taken for the three.
      expect((await t.api.post("/auth/register", { email: `otra${tag()}@test.local`, username: names[k], password: PASSWORD })).body).toEqual({
        message: "Ese nombre de usuario ya existe.",
      });
    }
    expect(seen.map((s) => s.shown)).toEqual([true, true, true]);
    expect(seen[1]).toEqual({ ...seen[0], me: { ...seen[0]!.me, email: placeholder }, proof: { ...seen[0]!.proof, email: placeholder } });
    expect(seen[2]).toEqual({ ...seen[0], me: { ...seen[0]!.me, email: nobody }, proof: { ...seen[0]!.proof, email: nobody } });
    // The holders keep what was theirs: the account signs in by its address, the placeholder is still one.
    expect((await t.api.post("/auth/login", { email: account, password: PASSWORD })).status).toBe(200);
    expect((await t.db.one<{ placeholder: boolean }>("select placeholder from users where lower(email) = lower($1)", [placeholder]))?.placeholder).toBe(true);
    // The account that only asked for a taken address is mailed nothing, whatever picks it: its address is no address.
    const asked = await t.db.one<{ email: string }>("select email from users where lower(username) = lower($1)", [names[0]]);
    expect(asked!.email).toMatch(/^pendiente-[0-9a-f-]{36}$/);
    const before = t.mail.messages.length;
    await t.deps.mailer.send({ to: asked!.email, subject: "x", text: "x" });
    expect(t.mail.messages.length).toBe(before);
  });

  it("a wrong password by e-mail takes as long for a placeholder as for an account or nobody", async () => {
    const { account, placeholder, nobody } = await three();
    // In turns, so that whatever else the machine is doing falls on the three alike; the median of nine each.
    const runs: number[][] = [[], [], []];
    for (let k = 0; k < 9; k++) {
      for (const [i, email] of [account, placeholder, nobody].entries()) {
        const start = performance.now();
        const res = await t.api.post("/auth/login", { email, password: "Mala#Clave2026" });
        runs[i]!.push(performance.now() - start);
        expect(res).toEqual({ status: 401, body: { message: "Usuario o contraseña incorrectos." } });
      }
    }
    const [forAccount, forPlaceholder, forNobody] = runs.map((r) => r.sort((x, y) => x - y)[4]!);
    // Each runs one scrypt compare: the placeholder's is no shortcut (it took 5 ms against ~70, a fourteenth).
    expect(forPlaceholder).toBeGreaterThan(forAccount / 3);
    expect(forNobody).toBeGreaterThan(forAccount / 3);
  });

  it("a reset answers before any mail goes, alike for the three, and its allowance refuses the three alike", async () => {
    const { account, placeholder, nobody } = await three();
    // Two days on, the account's own sign-up is out of the day's count: the three start level.
    t.setNow(new Date(NOW.getTime() + 2 * DAY));
    // A mail server that does not answer until told: the reset's answer must not wait for it.
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const sent: Mail[] = [];
    const slow = await buildBackend({ ...t.deps, mailer: { target: "lento", send: async (mail) => void (await gate, sent.push(mail)) } });
    const url = await slow.listen({ host: "127.0.0.1", port: 0 });
    try {
      const ask = (email: string) =>
        fetch(`${url}/api/auth/forgot-password`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email }) }).then(
          async (r) => ({ status: r.status, body: await r.json() }),
        );
      const first = await Promise.all([account, placeholder, nobody].map(ask));
      expect(first.map((a) => a.status)).toEqual([200, 200, 200]);
      expect(new Set(first.map((a) => JSON.stringify(a))).size).toBe(1);
      expect(sent).toHaveLength(0);
      await ask(account);
      await ask(placeholder);
      await ask(nobody);
      await ask(account);
      await ask(placeholder);
      await ask(nobody);
      const refused = await Promise.all([account, placeholder, nobody].map(ask));
      expect(refused.map((a) => a.status)).toEqual([429, 429, 429]);
      expect(new Set(refused.map((a) => JSON.stringify(a))).size).toBe(1);
      open();
      await outboxSettled();
      // The account got its reset links, the placeholder its claim links, nobody nothing.
      expect(sent.filter((m) => m.to === account).every((m) => /ChangePassword/.test(m.text))).toBe(true);
      expect(sent.filter((m) => m.to === placeholder).every((m) => /unirse/.test(m.text))).toBe(true);
      expect(sent.filter((m) => m.to === account)).toHaveLength(3);
      expect(sent.filter((m) => m.to === nobody)).toHaveLength(0);
    } finally {
      open();
      t.setNow(NOW);
      await slow.close();
    }
  });
});

describe("proving one's own address", () => {
  it("another link on request, counted like every mail", async () => {
    const name = `otra${tag()}`;
    const fresh = await t.player(name, { prove: false });
    // The sign-up's link was one of the address's three a day: two more, then a 429 that says from when.
    expect((await fresh.post("/auth/email-proof/resend")).body.message).toBe(
      `Te hemos enviado un enlace a ${name}@test.local. Ábrelo para confirmar que la dirección es tuya.`,
    );
    expect((await fresh.post("/auth/email-proof/resend")).status).toBe(200);
    expect(await fresh.post("/auth/email-proof/resend")).toEqual({ status: 429, body: { message: addressSpent(new Date(NOW.getTime() + DAY)) } });
    expect(t.mail.to(`${name}@test.local`)).toHaveLength(3);
  });
});
