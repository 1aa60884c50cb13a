import { describe, expect, it } from "vitest";
import { defang } from "./defang";

const LINKISH = /(https?|ftp):\/\/|www\.|[\p{L}\p{N}]\.[\p{L}]{2,}|@/iu;

describe("defang", () => {
  it("leaves a peña's ordinary name as it is", () => {
    expect(defang("Peña Los del Bar Manolo")).toBe("Peña Los del Bar Manolo");
    expect(defang("Oficina TI 2026 (1ª)")).toBe("Oficina TI 2026 (1ª)");
    expect(defang("J. Pérez")).toBe("J. Pérez");
  });

  it("leaves nothing a mail client would turn into a link", () => {
    for (const hostile of [
      "Premio 1000€ en http://evil.example/x",
      "Pulsa HTTPS://evil.example/cobrar",
      "www.evil.example",
      "evil.example/premio",
      "escribe a premios@evil.example",
      "ftp://a.b.c",
      "javascript://x.y",
    ]) {
      const shown = defang(hostile);
      expect(shown, shown).not.toMatch(LINKISH);
    }
    expect(defang("Premio 1000€ en http://evil.example/x")).toBe("Premio 1000€ en http : evil[.]example/x");
  });
});
