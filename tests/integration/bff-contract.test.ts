import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

/**
 * The BFF may be pointed (API_URL) at any backend that speaks the contract. One that
 * answers a wrong shape gets the spec's load-error message on the page and a logged detail, never a
 * crash or a page built on wrong data. The backend here is a tiny fake that answers off contract.
 */

let server: Server;
const calls: string[] = [];
/** Off contract: ids as words, names as numbers, roles missing. */
const WRONG_GROUPS = [{ id: "uno", name: 5, description: null }];

beforeAll(async () => {
  server = createServer((req, res) => {
    calls.push(`${req.method} ${req.url}`);
    res.setHeader("content-type", "application/json");
    if (req.url === "/auth/me") return res.end(JSON.stringify({ id: 1 }));
    if (req.url?.toLowerCase().startsWith("/group/")) return res.end(JSON.stringify(WRONG_GROUPS));
    res.statusCode = 404;
    res.end(JSON.stringify({ message: "No existe." }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  process.env.API_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.SESSION_SECRET ||= "bff-contract-test-secret-long-enough";
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function signedIn(path: string, isAdmin: boolean) {
  const { commitUser } = await import("~/server/shelf/session.server");
  const user = { id: 1, email: "ana@test.local", username: "ana", avatarPath: null, isAdmin, isManagerOfGroup: false, managedGroupId: null };
  const cookie = (await commitUser(new Request("http://app.test/"), "a-token-the-fake-accepts", user)).split(";")[0];
  return new Request(`http://app.test${path}`, { headers: { cookie } });
}

const loaderArgs = (request: Request) => ({ request, params: {}, context: {} });

describe("the BFF against a backend that answers off contract", () => {
  it("shows /grupos with the spec's load error and logs what was wrong", async () => {
    const logged = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    const { loader } = await import("~/routes/grupos");
    const page = await loader(loaderArgs(await signedIn("/grupos", false)));
    expect(page).toEqual({ groups: [], loadError: "Error al cargar tus grupos" });
    expect(calls).toContain("GET /group/GetMyGroups");
    // One JSON line, at level error, with the message a person reads.
    expect(logged.mock.calls.map((c) => JSON.parse(String(c[0])))).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ level: "error", program: "web", msg: expect.stringMatching(/off contract: GET \/group\/GetMyGroups: 0\.id/) }),
      ]),
    );
    logged.mockRestore();
  });

  it("shows /admin/roles with its load error for an admin", async () => {
    const logged = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    const { loader } = await import("~/routes/admin.roles");
    const page = await loader(loaderArgs(await signedIn("/admin/roles", true)));
    expect(page).toMatchObject({ groups: [], group: null, loadError: "Error al cargar grupos" });
    expect(logged.mock.calls.map((c) => JSON.parse(String(c[0])).msg)).toEqual(
      expect.arrayContaining([expect.stringMatching(/off contract: GET \/group\/GetAllGroups/)]),
    );
    logged.mockRestore();
  });
});
