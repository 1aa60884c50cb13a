import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD, startBackend, type TestBackend } from "../../support/backend";
import * as build from "../../support/builders";

/**
 * Decision 061: a member imported without an account (a placeholder) becomes an account only with
 * proof of the address — the link sent to it, the invitation's link, or the manager's 'Unir' (proven
 * in placeholders.test.ts) — never by typing the address at sign-up; an account is never overwritten.
 */
const NOW = new Date("2026-03-01T12:00:00Z");
let t: TestBackend;
beforeAll(async () => {
  t = await startBackend({ now: NOW });
  // A fresh backend on a shared, busy machine can take longer than the default hook's minute.
}, 180_000);
afterAll(() => t.close());

async function groupWithPlaceholder() {
  const manager = await t.player();
  const name = `Pepe${Math.floor(Math.random() * 1e6)}`;
  const email = `${name.toLowerCase()}@correo.es`;
  const placeholder = (await t.db.one<{ id: number }>(
    "insert into users (email, username, password_hash, placeholder, send_digest) values ($1, $2, '', true, false) returning id",
    [email, name],
  ))!.id;
  const groupId = await build.group(t.db, { members: [{ userId: manager.id, role: 2 }, { userId: placeholder }] });
  // The placeholder's 25,00 € payment: what a stranger must not come to own.
  await t.db.query(
    "insert into caja_movements (group_id, user_id, kind, amount_cents, reference, recorded_at, idempotency_key) values ($1, $2, 'payment', 2500, 'Bizum', $3, $4)",
    [groupId, placeholder, NOW, `import:${placeholder}`],
  );
  return { manager, groupId, placeholder, name, email };
}

const linkIn = (text: string) => {
  const m = /https?:\/\/\S+\/unirse\?token=([0-9a-f.]+)/i.exec(text);
  if (!m) throw new Error(`no claim link in: ${text}`);
  return m[1];
};
const isPlaceholder = async (id: number) => (await t.db.one<{ placeholder: boolean }>("select placeholder from users where id = $1", [id]))!.placeholder;
const signIn = (body: Record<string, string>) => t.api.post("/auth/login", { password: PASSWORD, ...body });

describe("signing up with a placeholder's e-mail", () => {
  it("claims nothing: the stranger's own account only asked for the address, and the link goes to that address", async () => {
    const { placeholder, email, groupId } = await groupWithPlaceholder();
    const res = await t.api.post("/auth/register", { email, username: "intruso1", password: PASSWORD });
    // The answer a free address gets (decision 078): only the mail, at that address, says more.
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toEqual({ message: "Registro exitoso. Ya puedes iniciar sesión." });
    // The typed username signs in, as it would for a free address (decision 092), to an account of
    // its own with no membership, money or picks; the address names nobody until it is proved.
    const stranger = await signIn({ username: "intruso1" });
    expect(stranger.status).toBe(200);
    expect(stranger.body).toMatchObject({ email, isManagerOfGroup: false });
    expect((await signIn({ email })).status).toBe(401);
    expect(await isPlaceholder(placeholder)).toBe(true);
    expect(await t.db.one("select 1 from group_members where user_id = $1", [stranger.body.id])).toBeFalsy();
    expect((await t.db.one<{ email: string }>("select email from users where id = $1", [stranger.body.id]))!.email).not.toContain("@");
    const member = await t.db.one<{ removed_at: Date | null }>("select removed_at from group_members where group_id = $1 and user_id = $2", [
      groupId,
      placeholder,
    ]);
    expect(member?.removed_at).toBeNull();
    const mails = t.mail.to(email);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).not.toContain("intruso1");
    linkIn(mails[0].text);
  });

  it("the link sent there makes the placeholder the account, money and group kept; it works once", async () => {
    const { placeholder, email, groupId } = await groupWithPlaceholder();
    await t.api.post("/auth/register", { email, username: "quien", password: PASSWORD });
    const token = linkIn(t.mail.to(email)[0].text);
    expect((await t.api.get(`/auth/claim?token=${token}`)).body).toEqual({ email });
    const claimed = await t.api.post("/auth/claim", { token, username: "pepereal", password: PASSWORD });
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(201);
    expect(claimed.body.id).toBe(placeholder);
    const me = await t.login("pepereal");
    expect((await me.get("/auth/me")).body).toMatchObject({ id: placeholder, email, username: "pepereal" });
    const caja = await me.get(`/group/${groupId}/caja`);
    expect(caja.status).toBe(200);
    expect(caja.body.members.find((m: { userId: number }) => m.userId === placeholder).balanceCents).toBe(2500);
    expect(await isPlaceholder(placeholder)).toBe(false);
    const again = await t.api.post("/auth/claim", { token, username: "otro", password: "Otra#Clave2026" });
    expect(again.status).toBe(400);
    expect(again.body.message).toMatch(/no es válido, ya se usó o ha caducado/);
    expect((await signIn({ username: "pepereal" })).status).toBe(200);
  });

  it("a forged, altered, expired or another address's link claims nothing", async () => {
    const a = await groupWithPlaceholder();
    const b = await groupWithPlaceholder();
    await t.api.post("/auth/register", { email: a.email, username: "xyz1", password: PASSWORD });
    const token = linkIn(t.mail.to(a.email)[0].text);
    const [, nonce, sig] = token.split(".");
    const tries = [
      `${b.placeholder}.${nonce}.${sig}`,
      `${a.placeholder}.${nonce}.${sig.slice(0, -1)}${sig.endsWith("0") ? "1" : "0"}`,
      `${a.placeholder}.${"f".repeat(16)}${nonce.slice(16)}.${sig}`,
      "1.2.3",
    ];
    for (const bad of tries) {
      expect((await t.api.post("/auth/claim", { token: bad, username: "ladron", password: PASSWORD })).status, bad).toBe(400);
    }
    t.setNow(new Date(NOW.getTime() + 3 * 86_400_000));
    try {
      expect((await t.api.post("/auth/claim", { token, username: "tarde", password: PASSWORD })).status).toBe(400);
    } finally {
      t.setNow(NOW);
    }
    // The manager corrects the address: the link sent to the old one opens nothing.
    await t.db.query("update users set email = $2 where id = $1", [a.placeholder, `nuevo.${a.email}`]);
    expect((await t.api.post("/auth/claim", { token, username: "viejo", password: PASSWORD })).status).toBe(400);
    expect(await isPlaceholder(a.placeholder)).toBe(true);
    expect(await isPlaceholder(b.placeholder)).toBe(true);
  });

  it("the invitation's link is proof too", async () => {
    const { manager, placeholder, email, groupId } = await groupWithPlaceholder();
    expect((await manager.post(`/group/${groupId}/placeholders/${placeholder}/invite`)).status).toBe(200);
    const token = linkIn(t.mail.to(email)[0].text);
    const claimed = await t.api.post("/auth/claim", { token, username: "invitado", password: PASSWORD });
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(201);
    expect((await (await t.login("invitado")).get("/auth/me")).body.id).toBe(placeholder);
  });
});

describe("an account is never overwritten", () => {
  it("asking for a new password from a placeholder's address sends the claim link, not a password on the placeholder", async () => {
    const { placeholder, email } = await groupWithPlaceholder();
    expect((await t.api.post("/api/auth/forgot-password", { email })).status).toBe(200);
    const [mail] = t.mail.to(email);
    expect(mail.text).not.toMatch(/ChangePassword/);
    const token = linkIn(mail.text);
    expect((await t.api.post("/auth/claim", { token, username: "duena", password: PASSWORD })).status).toBe(201);

    // The owner's account exists now: a second sign-up with that address answers like any (decision
    // 078), changes nothing and tells the owner.
    const second = await t.api.post("/auth/register", { email, username: "segundo", password: "Otra#Clave2026" });
    expect(second).toEqual({ status: 201, body: { message: "Registro exitoso. Ya puedes iniciar sesión." } });
    expect(t.mail.to(email).at(-1)!.text).toContain("ya es el de tu cuenta");
    expect((await signIn({ username: "duena" })).status).toBe(200);
    expect((await signIn({ email })).status).toBe(200);
    expect((await t.api.post("/auth/login", { email, password: "Otra#Clave2026" })).status).toBe(401);
    expect(await isPlaceholder(placeholder)).toBe(false);
  });

  it("a reset link issued for a placeholder sets no password on it", async () => {
    const { placeholder } = await groupWithPlaceholder();
    const { sha256 } = await import("../../../backend/security");
    await t.db.query("insert into password_resets (token_hash, user_id, expires_at) values ($1, $2, $3)", [
      sha256("tokenviejo1234567890"),
      placeholder,
      new Date(NOW.getTime() + 3_600_000),
    ]);
    expect((await t.api.post("/auth/ResetPassword", { token: "tokenviejo1234567890", newPassword: PASSWORD })).status).toBe(400);
    expect((await t.db.one<{ password_hash: string }>("select password_hash from users where id = $1", [placeholder]))!.password_hash).toBe("");
  });

  it("two sign-ups with one new address at once: one account, both answered alike, no 500", async () => {
    const email = `doble${Math.floor(Math.random() * 1e6)}@correo.es`;
    const answers = await Promise.all(["doble1", "doble2"].map((username) => t.api.post("/auth/register", { email, username, password: PASSWORD })));
    expect(answers.map((a) => a.status)).toEqual([201, 201]);
    expect(await t.db.query("select id from users where lower(email) = $1", [email])).toHaveLength(1);
  });
});

describe("a name another peña gave a member without an account", () => {
  it("is free for an account: the link's claim takes it, as a sign-up does (decision 063)", async () => {
    const other = await groupWithPlaceholder();
    const mine = await groupWithPlaceholder();
    await t.api.post("/auth/register", { email: mine.email, username: "cualquiera", password: PASSWORD });
    const token = linkIn(t.mail.to(mine.email)[0].text);
    // The other peña's placeholder is called other.name: a name of that peña's, not an account's.
    const claimed = await t.api.post("/auth/claim", { token, username: other.name, password: PASSWORD });
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(201);
    expect(claimed.body.id).toBe(mine.placeholder);
    expect(await isPlaceholder(other.placeholder)).toBe(true);
  });
});

describe("a link outlives nothing it was sent for (decision 079)", () => {
  const GONE = /Este enlace ya no sirve: la peña ya no te tiene como miembro sin cuenta/;
  const invited = async () => {
    const setup = await groupWithPlaceholder();
    expect((await setup.manager.post(`/group/${setup.groupId}/placeholders/${setup.placeholder}/invite`)).status).toBe(200);
    return { ...setup, token: linkIn(t.mail.to(setup.email).at(-1)!.text) };
  };
  const accounts = async () => (await t.db.one<{ n: number }>("select count(*)::int as n from users where not placeholder"))!.n;

  it("the placeholder removed by the manager: the link's page and its claim say so in Spanish and make nothing", async () => {
    const { manager, groupId, placeholder, token } = await invited();
    expect((await manager.delete(`/group/${groupId}/members/${placeholder}`)).status).toBe(204);
    const before = await accounts();
    const read = await t.api.get(`/auth/claim?token=${token}`);
    expect(read.status).toBe(400);
    expect(read.body.message).toMatch(GONE);
    const claimed = await t.api.post("/auth/claim", { token, username: "quitado", password: PASSWORD });
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(400);
    expect(claimed.body.message).toMatch(GONE);
    expect(await accounts()).toBe(before);
    expect(await isPlaceholder(placeholder)).toBe(true);
    expect((await signIn({ username: "quitado" })).status).toBe(401);
  });

  it("the placeholder linked to a member with an account: the link makes nothing", async () => {
    const { manager, groupId, placeholder, token } = await invited();
    const member = await t.player();
    await t.db.query("insert into group_members (group_id, user_id) values ($1, $2)", [groupId, member.id]);
    const linked = await manager.post(`/group/${groupId}/placeholders/${placeholder}/link`, { memberId: member.id });
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    const before = await accounts();
    const claimed = await t.api.post("/auth/claim", { token, username: "enlazado", password: PASSWORD });
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(400);
    expect(claimed.body.message).toMatch(GONE);
    expect(await accounts()).toBe(before);
  });

  it("a peña's invitation is that peña's: removed there, its link is dead though another peña still has the placeholder", async () => {
    const { manager, groupId, placeholder, token, email } = await invited();
    const other = await t.player();
    await build.group(t.db, { members: [{ userId: other.id, role: 2 }, { userId: placeholder }] });
    expect((await manager.delete(`/group/${groupId}/members/${placeholder}`)).status).toBe(204);
    const claimed = await t.api.post("/auth/claim", { token, username: "otrapena", password: PASSWORD });
    expect(claimed.status).toBe(400);
    expect(claimed.body.message).toMatch(GONE);
    // The sign-up's link, sent for the address, still serves the peña that keeps the placeholder.
    expect((await t.api.post("/auth/register", { email, username: "cualquiera2", password: PASSWORD })).status).toBe(201);
    const signUpToken = linkIn(t.mail.to(email).at(-1)!.text);
    expect((await t.api.post("/auth/claim", { token: signUpToken, username: "otrapena", password: PASSWORD })).status).toBe(201);
  });
});
