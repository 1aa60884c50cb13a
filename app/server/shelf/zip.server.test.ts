import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { zipStored } from "./zip.server";

describe("zipStored", () => {
  it("lays out local headers, a central directory and its end record that point at each other", () => {
    const files = [
      { name: "miembros.csv", data: Buffer.from("\uFEFFNombre;E-mail\r\nNúñez;n@x.es\r\n") },
      { name: "pronósticos.csv", data: Buffer.from("Jornada;Jugador\r\n") },
    ];
    const zip = zipStored(files, new Date("2026-11-26T10:00:00Z"));
    const end = zip.length - 22;
    expect(zip.readUInt32LE(end)).toBe(0x06054b50);
    expect(zip.readUInt16LE(end + 10)).toBe(2);
    let at = zip.readUInt32LE(end + 16);
    for (const f of files) {
      expect(zip.readUInt32LE(at)).toBe(0x02014b50);
      const nameLength = zip.readUInt16LE(at + 28);
      expect(zip.subarray(at + 46, at + 46 + nameLength).toString("utf8")).toBe(f.name);
      const local = zip.readUInt32LE(at + 42);
      expect(zip.readUInt32LE(local)).toBe(0x04034b50);
      const start = local + 30 + zip.readUInt16LE(local + 26);
      expect(zip.subarray(start, start + f.data.length)).toEqual(f.data);
      at += 46 + nameLength;
    }
  });

  it("is read back by the system's unzip when there is one", () => {
    let unzip = "";
    try {
      unzip = execFileSync("sh", ["-c", "command -v unzip || true"]).toString().trim();
    } catch {
      unzip = "";
    }
    if (!unzip) return;
    const dir = mkdtempSync(path.join(tmpdir(), "zip-"));
    writeFileSync(path.join(dir, "a.zip"), zipStored([{ name: "a.csv", data: Buffer.from("x;y\r\n") }]));
    execFileSync(unzip, ["-q", path.join(dir, "a.zip"), "-d", dir]);
    expect(readFileSync(path.join(dir, "a.csv"), "utf8")).toBe("x;y\r\n");
  });
});
