import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WAY_OUT_INVALID } from "#core/contract/way-out";
import { sendDueReminders } from "../../../backend/services/mail/reminders";
import { ADDRESS_STOPPED } from "../../../backend/services/mail/policy";
import { ADDRESS_STOPPED_FOR_ADMIN } from "../../../backend/services/account/auth";
import * as build from "../../support/builders";
import { PASSWORD, startBackend, type TestBackend } from "../../support/backend";
import type { SunkMail } from "../../support/mail-sink.mjs";

/**
 * Decision 086: every mail carries its way out (List-Unsubscribe with RFC 8058's one-click, and the
 * link in its text); one click stops that kind for an account, or every mail to an imported
 * member's address, kept as a keyed hash; «no soy yo» takes the address off the member and tells the
 * peña's managers; a forged link does nothing and says so in Spanish.
 */
const HOUR = 3_600_000;
const NOW = new Date("2026-03-14T09:00:00Z");
let t: TestBackend;
beforeAll(async () => {
  // The address allowances (decision 078) are not what these tests count: one address gets many mails here.
  t = await startBackend({
    now: NOW,
    config: {
      mailPerAddressDay: 100,
      mailPerAddressWeek: 100,
      privacy: { ...defaultPrivacy, controllerName: "Peñas Reunidas S.L.", contactEmail: "privacidad@penas.test" },
    },
  });
}, 180_000);
afterAll(() => t.close());

const defaultPrivacy = { controllerName: null, contactEmail: null, controllerAddress: null, dpoEmail: null, text: null, mailRelay: null };

const header = (mail: SunkMail, name: string) =>
  new RegExp(`^${name}:\\s*(.*)$`, "im").exec(mail.raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, " "))?.[1]?.trim();
const tokenOf = (mail: SunkMail) => /^<http:\/\/app\.test\/baja\?token=([a-z0-9.]+)>$/.exec(header(mail, "List-Unsubscribe") ?? "")?.[1];

/** The way out every mail must carry: both headers, and the same link in its text. */
function expectWayOut(mail: SunkMail, scope: "c" | "d") {
  const token = tokenOf(mail);
  expect(token, `${mail.subject}: ${header(mail, "List-Unsubscribe")}`).toBeTruthy();
  expect(token!.startsWith(`${scope}.`), mail.subject).toBe(true);
  expect(header(mail, "List-Unsubscribe-Post"), mail.subject).toBe("List-Unsubscribe=One-Click");
  expect(mail.text.replace(/\s+/g, ""), mail.subject).toContain(`http://app.test/baja?token=${token}`);
  return token!;
}

const stop = (token: string, action = "stop") => t.api.post("/mail/way-out", { token, action });

let n = 0;
/** A manager (proved), a peña, and a member without an account with an address of its own. */
async function peñaWithPlaceholder(name = "Peña del Bar") {
  const manager = await t.player();
  const member = `Pepe${++n}x${Math.floor(Math.random() * 1e6)}`;
  const email = `${member.toLowerCase()}@correo.es`;
  const placeholder = (await t.db.one<{ id: number }>(
    "insert into users (email, username, password_hash, placeholder) values ($1, $2, '', true) returning id",
    [email, member],
  ))!.id;
  const groupId = await build.group(t.db, { name, members: [{ userId: manager.id, role: 2 }, { userId: placeholder }] });
  return { manager, groupId, placeholder, email, member };
}

/** A round of the peña open now and closing in three hours, so the reminder job owes its members a mail. */
async function openRound(groupId: number) {
  const seasonId = await build.season(t.db, { name: `T${Math.random()}` });
  const quinielaId = await build.pool(t.db, { seasonId, number: 7, startDate: new Date(NOW.getTime() - 24 * HOUR) });
  await build.round(t.db, { groupId, quinielaId, openDate: new Date(NOW.getTime() - 24 * HOUR), closeDate: new Date(NOW.getTime() + 3 * HOUR) });
}

describe("every mail carries its way out", () => {
  it("the proof link, the address-taken notice, the reset link, the claim link, the invitation, the temporary password and the reminder", async () => {
    const fresh = `f${Math.floor(Math.random() * 1e6)}`;
    await t.api.post("/auth/register", { email: `${fresh}@test.local`, username: fresh, password: PASSWORD });
    await t.api.post("/auth/register", { email: `${fresh}@test.local`, username: `${fresh}b`, password: PASSWORD });
    await t.api.post("/api/auth/forgot-password", { email: `${fresh}@test.local` });
    const [proof, taken, reset] = t.mail.to(`${fresh}@test.local`);
    expect([proof, taken, reset].map((m) => m.subject)).toEqual([
      "Quiniela de peñas: confirma tu dirección de correo",
      "Quiniela de peñas: ya tienes cuenta",
      "Quiniela de peñas: cambia tu contraseña",
    ]);
    for (const m of [proof, taken, reset]) expectWayOut(m, "c");

    const p = await peñaWithPlaceholder("Peña La Esquina");
    await t.api.post("/auth/register", { email: p.email, username: `x${fresh}`, password: PASSWORD });
    expect((await p.manager.post(`/group/${p.groupId}/placeholders/${p.placeholder}/invite`)).status).toBe(200);
    const [claim, invitation] = t.mail.to(p.email);
    for (const m of [claim, invitation]) {
      expectWayOut(m, "d");
      // The first mail to an imported person: which peña gave the address, who runs the app, how to object.
      expect(m.text).toContain("La peña «Peña La Esquina» nos dio esta dirección al apuntarte como miembro.");
      expect(m.text).toContain("la gestiona Peñas Reunidas S.L. (contacto: privacidad@penas.test)");
      expect(m.text).toContain("usa el enlace del final de este correo");
    }

    const admin = await t.admin();
    const made = await admin.post("/auth/register-by-admin", { email: `a${fresh}@test.local`, username: `a${fresh}`, groups: [] });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expectWayOut(t.mail.to(`a${fresh}@test.local`)[0], "c");

    await openRound(p.groupId);
    await sendDueReminders(t.deps);
    expectWayOut(t.mail.to(p.manager.username + "@test.local")[0], "c");
    expectWayOut(t.mail.to(p.email)[2], "d");
  });
});

describe("one click (RFC 8058) stops that kind of mail for an account", () => {
  it("the reminder's one-click turns reminders off in the profile, and the next round's reminder does not go; other kinds still do", async () => {
    const p = await peñaWithPlaceholder();
    await openRound(p.groupId);
    await sendDueReminders(t.deps);
    const [reminder] = t.mail.to(`${p.manager.username}@test.local`);
    const token = expectWayOut(reminder, "c");
    expect((await t.api.get(`/mail/way-out?token=${token}`)).body).toEqual({ kind: "account", mail: "alerts", off: false });
    const done = await stop(token);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.message).toContain("ya no te enviaremos los recordatorios");
    expect((await p.manager.get("/User/GetAlertPreference")).body).toEqual({ sendAlert: false });
    await openRound(p.groupId);
    await sendDueReminders(t.deps);
    expect(t.mail.to(`${p.manager.username}@test.local`)).toHaveLength(1);
    // The account's access notices are another kind: still on, and their own switch shows it.
    expect((await p.manager.get("/User/MailPreferences")).body).toEqual({ sendManagerMail: true, sendAccountMail: true });
  });

  it("the reset link's one-click turns the access notices off: the profile shows it, and a reset then mails nothing", async () => {
    const me = await t.player();
    const email = `${me.username}@test.local`;
    await t.api.post("/api/auth/forgot-password", { email });
    expect((await stop(expectWayOut(t.mail.to(email)[0], "c"))).status).toBe(200);
    expect((await me.get("/User/MailPreferences")).body).toEqual({ sendManagerMail: true, sendAccountMail: false });
    await t.api.post("/api/auth/forgot-password", { email });
    expect(t.mail.to(email)).toHaveLength(1);
    // Back on from the profile, the next one goes.
    expect((await me.post("/User/MailPreferences", { sendAccountMail: true })).body).toEqual({ sendManagerMail: true, sendAccountMail: true });
    await t.api.post("/api/auth/forgot-password", { email });
    expect(t.mail.to(email)).toHaveLength(2);
  });
});

describe("a stopped address gets nothing, on every route, and is kept only as a keyed hash", () => {
  it("after «no me escribáis», no claim link, invitation, reminder or import mails it; the manager is told in Spanish", async () => {
    const p = await peñaWithPlaceholder();
    await t.api.post("/auth/register", { email: p.email, username: `s${p.member}`, password: PASSWORD });
    const token = expectWayOut(t.mail.to(p.email)[0], "d");
    expect((await t.api.get(`/mail/way-out?token=${token}`)).body).toEqual({ kind: "address", stopped: false, groups: ["Peña del Bar"] });
    expect((await stop(token)).status).toBe(200);
    expect((await t.api.get(`/mail/way-out?token=${token}`)).body).toMatchObject({ stopped: true });

    // The list holds a hash, never the address.
    const rows = await t.db.query<{ address_hash: string }>("select address_hash from mail_suppressions");
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain(p.email);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.address_hash))).toBe(true);

    // Claim (a sign-up and a reset with the address): answered alike, nothing sent.
    expect((await t.api.post("/auth/register", { email: p.email, username: `t${p.member}`, password: PASSWORD })).status).toBe(201);
    expect((await t.api.post("/api/auth/forgot-password", { email: p.email })).status).toBe(200);
    // Invitation: the manager is told why nothing goes.
    const invite = await p.manager.post(`/group/${p.groupId}/placeholders/${p.placeholder}/invite`);
    expect(invite).toEqual({ status: 409, body: { message: ADDRESS_STOPPED } });
    const list = await p.manager.get(`/group/${p.groupId}/placeholders`);
    expect(list.body.find((x: { userId: number }) => x.userId === p.placeholder)).toMatchObject({ email: p.email, mailStopped: true, invitedAt: null });
    // Reminder.
    await openRound(p.groupId);
    await sendDueReminders(t.deps);
    expect(t.mail.to(`${p.manager.username}@test.local`)).toHaveLength(1);
    // An admin's new account with it: refused, nothing made.
    const admin = await t.admin();
    expect(await admin.post("/auth/register-by-admin", { email: p.email.toUpperCase(), username: `u${p.member}`, groups: [] })).toEqual({
      status: 409,
      body: { message: ADDRESS_STOPPED_FOR_ADMIN },
    });
    // Import into another peña: the member is added, not mailed, and the manager is told.
    const other = await t.player();
    const groupId = await build.group(t.db, { members: [{ userId: other.id, role: 2 }] });
    const form = new FormData();
    form.set("kind", "members");
    form.set("archivo", new Blob([`Nombre;E-mail\r\nOtro Pepe;${p.email}\r\nLibre;libre${n}@correo.es\r\n`]), "miembros.csv");
    const preview = await other.post(`/group/${groupId}/import/preview`, form);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    const confirmed = await other.post(`/group/${groupId}/import/confirm`, { draft: preview.body.draft });
    expect(confirmed.body).toMatchObject({ membersCreated: 2, mailStopped: 1 });
    expect((await other.post(`/group/${groupId}/placeholders/${p.placeholder}/invite`)).status).toBe(409);

    expect(t.mail.to(p.email)).toHaveLength(1);

    // Its holder changes their mind with the same link: mail goes again.
    expect((await stop(token, "resume")).status).toBe(200);
    expect((await p.manager.post(`/group/${p.groupId}/placeholders/${p.placeholder}/invite`)).status).toBe(200);
    expect(t.mail.to(p.email)).toHaveLength(2);
  });

  it("the hash names the address whatever its case or spaces, and only under the secret that made it", async () => {
    const p = await peñaWithPlaceholder();
    await t.api.post("/auth/register", { email: p.email, username: `h${p.member}`, password: PASSWORD });
    await stop(expectWayOut(t.mail.to(p.email)[0], "d"));
    const { isSuppressed } = await import("../../../backend/services/mail/policy");
    expect(await isSuppressed({ db: t.db, config: { ...t.deps.config } }, ` ${p.email.toUpperCase()} `)).toBe(true);
    expect(await isSuppressed({ db: t.db, config: { ...t.deps.config, mailSuppressionSecret: "otra-clave-de-dieciseis" } }, p.email)).toBe(false);
  });
});

describe("«no soy miembro de esta peña: borrad mi dirección»", () => {
  it("the member keeps its name and history without the address, and the peña's manager is told by mail and in the audit trail", async () => {
    const p = await peñaWithPlaceholder("Peña Los Lunes");
    await t.db.query(
      "insert into caja_movements (group_id, user_id, kind, amount_cents, reference, recorded_at, idempotency_key) values ($1, $2, 'payment', 1500, 'Bizum', $3, $4)",
      [p.groupId, p.placeholder, NOW, `wo:${p.placeholder}`],
    );
    expect((await p.manager.post(`/group/${p.groupId}/placeholders/${p.placeholder}/invite`)).status).toBe(200);
    const token = expectWayOut(t.mail.to(p.email)[0], "d");
    const done = await stop(token, "not-me");
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.message).toContain("hemos borrado tu dirección de la peña «Peña Los Lunes», y su gestor lo sabrá");

    const row = await t.db.one<{ email: string; username: string; placeholder: boolean }>("select email, username, placeholder from users where id = $1", [
      p.placeholder,
    ]);
    expect(row).toEqual({ email: `sin-correo-${p.placeholder}`, username: p.member, placeholder: true });
    // No text column of the database keeps the address: invitations, audit entries, allowances.
    for (const sql of [
      "select email as v from placeholder_invitations where user_id = $1",
      "select after::text as v from audit_log where entity_id = $1",
      "select address as v from mail_requests where address like '%' || $1::text || '%'",
    ]) {
      const values = await t.db.query<{ v: string | null }>(sql, [sql.includes("like") ? String(p.member.toLowerCase()) : p.placeholder]);
      expect(JSON.stringify(values)).not.toContain(p.email);
    }
    const caja = await p.manager.get(`/group/${p.groupId}/caja`);
    expect(caja.body.members.find((m: { userId: number }) => m.userId === p.placeholder).balanceCents).toBe(1500);
    const list = await p.manager.get(`/group/${p.groupId}/placeholders`);
    expect(list.body.find((x: { userId: number }) => x.userId === p.placeholder)).toMatchObject({ name: p.member, email: "", mailStopped: true });

    const [notice] = t.mail.to(`${p.manager.username}@test.local`);
    expect(notice.subject).toBe(`Quiniela de peñas: hemos borrado el e-mail de ${p.member} en Peña Los Lunes`);
    expect(notice.text).toContain("nos ha dicho que no es miembro de la peña y ha pedido que borremos su dirección");
    expect(notice.text).not.toContain(p.email);
    expectWayOut(notice, "c");
    const audit = await t.db.one<{ action: string }>("select action from audit_log where group_id = $1 and entity_id = $2 order by id desc limit 1", [
      p.groupId,
      p.placeholder,
    ]);
    expect(audit?.action).toBe("placeholder.address-removed");

    // The link did its work once: asked again it says so, and the invitation cannot go to no one.
    expect(await stop(token, "not-me")).toMatchObject({ status: 409 });
    expect((await p.manager.post(`/group/${p.groupId}/placeholders/${p.placeholder}/invite`)).status).toBe(409);
  });
});

describe("a forged or altered link", () => {
  it("is refused with a Spanish message and changes nothing", async () => {
    const me = await t.player();
    await t.api.post("/api/auth/forgot-password", { email: `${me.username}@test.local` });
    const token = expectWayOut(t.mail.to(`${me.username}@test.local`)[0], "c");
    const [, id, kind, signature] = token.split(".");
    const forged = [
      `c.${Number(id) + 1}.${kind}.${signature}`,
      `c.${id}.alerts.${signature}`,
      `c.${id}.${kind}.${signature.slice(0, -1)}${signature.endsWith("0") ? "1" : "0"}`,
      `d.0.${"a".repeat(64)}.${signature}`,
      "cualquier-cosa",
    ];
    for (const bad of forged) {
      expect(await stop(bad), bad).toEqual({ status: 400, body: { message: WAY_OUT_INVALID } });
      expect((await t.api.get(`/mail/way-out?token=${bad}`)).status, bad).toBe(400);
    }
    expect((await me.get("/User/MailPreferences")).body).toEqual({ sendManagerMail: true, sendAccountMail: true });
    expect((await me.get("/User/GetAlertPreference")).body).toEqual({ sendAlert: true });
  });
});
