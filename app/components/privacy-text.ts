/** One block of the deployer's privacy text (PRIVACY_TEXT_FILE, decision 085). */
export type TextBlock = { kind: "heading"; text: string } | { kind: "list"; items: string[] } | { kind: "paragraph"; text: string };

/**
 * Reads "Markdown-ish" plain text: blocks split by blank lines; a one-line block starting with `#`
 * is a heading, a block whose every line starts with `- ` or `* ` is a list, anything else a
 * paragraph with its lines joined. Nothing is HTML: React escapes every piece.
 */
export function textBlocks(text: string): TextBlock[] {
  return text
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/)
    .map((block) =>
      block
        .split("\n")
        .map((line) => line.trim())
        .filter(Boolean),
    )
    .filter((lines) => lines.length > 0)
    .map((lines): TextBlock => {
      if (lines.length === 1 && /^#{1,6}\s/.test(lines[0])) return { kind: "heading", text: lines[0].replace(/^#+\s*/, "") };
      if (lines.every((l) => /^[-*]\s/.test(l))) return { kind: "list", items: lines.map((l) => l.replace(/^[-*]\s+/, "")) };
      return { kind: "paragraph", text: lines.join(" ") };
    });
}
