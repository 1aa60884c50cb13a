import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMPORT_MAX_BYTES, IMPORT_MESSAGES } from "#core/domain/moving-in/import-file";
import { readMultipartForm } from "../../app/server/shelf/upload.server";
import { TOO_MANY_PARTS } from "../../backend/multipart";
import { boundedFormBody } from "../../http/form-bodies";
import { startBackend, type TestBackend } from "../support/backend";
import * as build from "../support/builders";

/**
 * Decision 062: the importer's pages take the 2 MB they promise. The web layer lets their uploads
 * through to the page (which reads at most 2 MB of the file and keeps the rest of the form), while
 * every other form keeps its 1 MB; a multipart with too many fields is told so, not "too large".
 */
let t: TestBackend;
beforeAll(async () => {
  t = await startBackend();
}, 300_000);
afterAll(() => t?.close());

const boundary = "----quiniela";
const multipart = (fields: Record<string, string>, file?: Buffer) =>
  Buffer.concat([
    ...Object.entries(fields).map(([name, value]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)),
    ...(file
      ? [
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="archivo"; filename="p.csv"\r\nContent-Type: text/csv\r\n\r\n`),
          file,
          Buffer.from("\r\n"),
        ]
      : []),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
const TYPE = `multipart/form-data; boundary=${boundary}`;
const csvOf = (bytes: number) => Buffer.from(`Fecha;Miembro;Importe;Tipo;Referencia\r\n${"x".repeat(bytes)}`);

describe("upload limits", () => {
  it("lets a 1.5 MB spreadsheet reach the importer's pages, and keeps the 1 MB page for other forms", async () => {
    const web = express();
    // As server.ts: the bounded reader first, then the page, which reads the upload with its own limit.
    web.post(/.*/, boundedFormBody, async (req, res) => {
      const request = new Request(`http://localhost${req.url}`, {
        method: "POST",
        headers: { "content-type": req.get("content-type")! },
        body: res.locals.body instanceof Buffer ? res.locals.body : (req as unknown as ReadableStream),
        duplex: "half",
      } as RequestInit);
      const { formData, tooLarge } = await readMultipartForm(request, IMPORT_MAX_BYTES);
      const file = formData.get("archivo");
      res.json({ kind: formData.get("kind"), tooLarge, size: file instanceof File ? file.size : 0 });
    });
    const server = web.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const post = async (path: string, body: Buffer) => {
      const response = await fetch(base + path, { method: "POST", headers: { "content-type": TYPE }, body: new Uint8Array(body) });
      return { status: response.status, text: await response.text() };
    };
    try {
      const medium = csvOf(1.5 * 1024 * 1024);
      for (const path of ["/grupo/7/importar", "/grupo/7/importar.data", "/grupo/7/importar/jornadas", "/grupo/7/importar/jornadas.data"]) {
        const sent = await post(path, multipart({ kind: "movements" }, medium));
        expect(sent.status, path).toBe(200);
        expect(JSON.parse(sent.text)).toEqual({ kind: "movements", tooLarge: false, size: medium.length });
      }
      // Past the importer's own 2 MB: the page says so itself, with the kind chosen still there.
      const big = await post("/grupo/7/importar", multipart({ kind: "picks" }, csvOf(IMPORT_MAX_BYTES + 10)));
      expect(JSON.parse(big.text)).toEqual({ kind: "picks", tooLarge: true, size: 0 });
      // Any other form is still refused past 1 MB by the web layer.
      const other = await post("/grupo/7/ajustes", multipart({ kind: "movements" }, medium));
      expect(other.status).toBe(413);
      expect(other.text).toContain("Formulario demasiado grande");
    } finally {
      server.close();
    }
  });

  it("tells a multipart with more than 20 fields that it has too many, not that the file is too large", async () => {
    const manager = await t.player();
    const groupId = await build.group(t.db, { members: [{ userId: manager.id, role: 2 }] });
    const form = new FormData();
    for (let i = 0; i < 25; i++) form.set(`campo${i}`, "x");
    form.set("kind", "movements");
    form.set("archivo", new Blob([csvOf(10)]), "m.csv");
    const res = await manager.post(`/group/${groupId}/import/preview`, form);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(TOO_MANY_PARTS);
    expect(res.body.message).not.toBe(IMPORT_MESSAGES.tooLarge);
  });
});
