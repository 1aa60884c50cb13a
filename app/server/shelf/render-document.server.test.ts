import { PassThrough } from "node:stream";
import { createElement, Fragment, lazy, Suspense } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { renderDocument } from "./render-document.server";

// Documents of many short texts (React writes each into its views, as a caja or a standings table
// is written) with multibyte characters (2, 3 and 4 bytes) at every offset around the Node
// renderer's 2,048-byte views and the web renderer's 512-byte ones, before and inside a Suspense boundary.
const marks = ["º", "€", "ñ", "😀"];
const offsets = Array.from({ length: 24 }, (_, i) => i);

function page(pad: number, mark: string) {
  const rows = Array.from({ length: 300 }, (_, i) => `n${mark} ${i} -1,50 ${mark}`);
  const list = (key: string) => createElement("ul", { key }, ...rows.map((row, i) => createElement("li", { key: i }, row)));
  const Late = lazy(async () => ({ default: () => list("late") }));
  const body = createElement(
    "body",
    null,
    createElement("p", null, "a".repeat(pad)),
    list("first"),
    createElement(Suspense, { fallback: "…" }, createElement(Late)),
  );
  return { element: createElement("html", { lang: "es" }, body), rows };
}

async function viaPipeableStream(element: ReturnType<typeof page>["element"]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const { pipe } = renderToPipeableStream(element, {
      onAllReady() {
        const out = new PassThrough();
        const chunks: Buffer[] = [];
        out.on("data", (c: Buffer) => chunks.push(c));
        out.on("end", () => resolve(Buffer.concat(chunks)));
        pipe(out);
      },
      onShellError: reject,
    });
  });
}

describe("renderDocument", () => {
  it("writes no NUL and exactly the text, whatever offset a multibyte character falls at", async () => {
    for (const mark of marks) {
      for (const pad of offsets) {
        const { element, rows } = page(pad, mark);
        const html = await renderDocument(element, { timeoutMs: 5_000, onError: (e) => expect.fail(String(e)) });
        expect(html.includes("\0"), `${mark} at ${pad}`).toBe(false);
        expect(html.includes("\uFFFD"), `${mark} at ${pad}`).toBe(false);
        for (const row of rows) expect(html.split(`<li>${row}</li>`).length, `${row} twice`).toBe(3);
      }
    }
  }, 60_000);

  it("is needed: React 18's Node renderer, which the document used before, leaks NUL bytes at a view's edge", async () => {
    let leaks = 0;
    for (const pad of offsets) {
      const bytes = await viaPipeableStream(page(pad, "€").element);
      if (bytes.includes(0)) leaks++;
    }
    expect(leaks).toBeGreaterThan(0);
  });
});

describe("the scripts Remix streams after the root element", () => {
  it("go at the end of the body, where a browser puts them, so no reader meets a tag after </html>", async () => {
    const element = createElement("html", { lang: "es" }, createElement("body", null, createElement("p", null, "Caja")));
    const trailing = createElement("script", { dangerouslySetInnerHTML: { __html: "window.x = 1;" } });
    const html = await renderDocument(createElement(Fragment, null, element, trailing), { timeoutMs: 5_000, onError: (e) => expect.fail(String(e)) });
    expect(html).toBe('<!DOCTYPE html><html lang="es"><body><p>Caja</p><script>window.x = 1;</script></body></html>');
  });
});
