import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { claimToken, INVITATION_LINK_MS } from "../../../backend/services/moving-in/claim";
import { PASSWORD, startBackend, type TestBackend } from "../../support/backend";
import * as build from "../../support/builders";

/**
 * Decision 079: a name or an address that a unique index keeps apart is checked before it is
 * written, but two requests at once can both pass the check. The index decides, and the loser gets
 * the same 409 and Spanish message a single request gets, never a 500 (decision 079). On
 * PostgreSQL (TEST_DATABASE_URL) the requests really run at once; on PGlite they queue.
 */
let t: TestBackend;
beforeAll(async () => {
  t = await startBackend();
}, 180_000);
afterAll(() => t.close());

const USERNAME_TAKEN = "Ese nombre de usuario ya existe.";
const ROUNDS = 5;
const unique = (prefix: string) => `${prefix}${Math.floor(Math.random() * 1e8)}`;

/** A member without an account of a new peña, and a valid claim link for it. */
async function placeholderLink() {
  const manager = await t.player();
  const name = unique("Sin");
  const email = `${name.toLowerCase()}@correo.es`;
  const id = (await t.db.one<{ id: number }>(
    "insert into users (email, username, password_hash, placeholder, send_digest) values ($1, $2, '', true, false) returning id",
    [email, name],
  ))!.id;
  await build.group(t.db, { members: [{ userId: manager.id, role: 2 }, { userId: id }] });
  return { id, token: claimToken(t.deps, id, email, INVITATION_LINK_MS) };
}

const statuses = (answers: { status: number }[]) => answers.map((a) => a.status).sort();
const accountsNamed = async (username: string) =>
  (await t.db.one<{ n: number }>("select count(*)::int as n from users where lower(username) = lower($1) and not placeholder", [username]))!.n;

describe("one username chosen twice at once", () => {
  it("two claims: one 201, one 409 with the single claim's message, never a 500", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const [a, b] = await Promise.all([placeholderLink(), placeholderLink()]);
      const username = unique("mismo");
      const answers = await Promise.all([a, b].map(({ token }) => t.api.post("/auth/claim", { token, username, password: PASSWORD })));
      expect(statuses(answers), JSON.stringify(answers)).toEqual([201, 409]);
      expect(answers.find((x) => x.status === 409)!.body.message).toBe(USERNAME_TAKEN);
      expect(await accountsNamed(username)).toBe(1);
      // The loser's placeholder is still one: nothing half-written.
      const loser = answers[0].status === 409 ? a : b;
      expect((await t.db.one<{ placeholder: boolean }>("select placeholder from users where id = $1", [loser.id]))!.placeholder).toBe(true);
    }
  });

  it("a claim and a sign-up: one 201, one 409", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { token } = await placeholderLink();
      const username = unique("cruce");
      const answers = await Promise.all([
        t.api.post("/auth/claim", { token, username, password: PASSWORD }),
        t.api.post("/auth/register", { email: `${username}@test.local`, username, password: PASSWORD }),
      ]);
      expect(statuses(answers), JSON.stringify(answers)).toEqual([201, 409]);
      expect(answers.find((x) => x.status === 409)!.body.message).toBe(USERNAME_TAKEN);
      expect(await accountsNamed(username)).toBe(1);
    }
  });

  it("two sign-ups with two addresses: one 201, one 409", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const username = unique("alta");
      const answers = await Promise.all(
        ["a", "b"].map((side) => t.api.post("/auth/register", { email: `${username}.${side}@test.local`, username, password: PASSWORD })),
      );
      expect(statuses(answers), JSON.stringify(answers)).toEqual([201, 409]);
      expect(answers.find((x) => x.status === 409)!.body.message).toBe(USERNAME_TAKEN);
      expect(await accountsNamed(username)).toBe(1);
    }
  });

  it("the admin's new user and a sign-up: one 201, one 409", async () => {
    const admin = await t.admin();
    for (let round = 0; round < ROUNDS; round++) {
      const username = unique("admin");
      const answers = await Promise.all([
        admin.post("/auth/register-by-admin", { email: `${username}.a@test.local`, username, groups: [] }),
        t.api.post("/auth/register", { email: `${username}.b@test.local`, username, password: PASSWORD }),
      ]);
      expect(statuses(answers), JSON.stringify(answers)).toEqual([201, 409]);
      expect(answers.find((x) => x.status === 409)!.body.message).toBe(USERNAME_TAKEN);
      expect(await accountsNamed(username)).toBe(1);
    }
  });

  it("the admin's new user claiming a placeholder's address and a claim of another: one 201, one 409", async () => {
    const admin = await t.admin();
    for (let round = 0; round < ROUNDS; round++) {
      const [a, b] = await Promise.all([placeholderLink(), placeholderLink()]);
      const email = (await t.db.one<{ email: string }>("select email from users where id = $1", [a.id]))!.email;
      const username = unique("ambos");
      const answers = await Promise.all([
        admin.post("/auth/register-by-admin", { email, username, groups: [] }),
        t.api.post("/auth/claim", { token: b.token, username, password: PASSWORD }),
      ]);
      expect(statuses(answers), JSON.stringify(answers)).toEqual([201, 409]);
      expect(await accountsNamed(username)).toBe(1);
    }
  });
});

describe("one team created twice at once", () => {
  it("one 201, one 409, one team", async () => {
    const admin = await t.admin();
    for (let round = 0; round < ROUNDS; round++) {
      const name = unique("Club ");
      const answers = await Promise.all([0, 1].map(() => admin.post("/Team/Create", { name, alias: [] })));
      expect(statuses(answers), JSON.stringify(answers)).toEqual([201, 409]);
      expect((await t.db.one<{ n: number }>("select count(*)::int as n from teams where lower(name) = lower($1)", [name]))!.n).toBe(1);
    }
  });
});
