import { describe, expect, it } from "vitest";
import { textBlocks } from "./privacy-text";

describe("the deployer's privacy text (decision 085)", () => {
  it("reads headings, lists and paragraphs, and keeps markup as text", () => {
    const text = "# Quiénes somos\r\n\r\nLa Peña del Botijo\ntrata tus datos.\n\n\n- Acceso\n* Supresión\n\n<script>alert(1)</script>\n";
    expect(textBlocks(text)).toEqual([
      { kind: "heading", text: "Quiénes somos" },
      { kind: "paragraph", text: "La Peña del Botijo trata tus datos." },
      { kind: "list", items: ["Acceso", "Supresión"] },
      { kind: "paragraph", text: "<script>alert(1)</script>" },
    ]);
  });

  it("a text of blank lines only has no blocks", () => {
    expect(textBlocks("\n \n\n")).toEqual([]);
  });
});
