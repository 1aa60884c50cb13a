import { describe, expect, it } from "vitest";
import { safeRedirect } from "./session.server";

describe("safeRedirect", () => {
  it("keeps same-site paths", () => {
    expect(safeRedirect("/grupo/3/dashboard?x=1#y")).toBe("/grupo/3/dashboard?x=1#y");
    expect(safeRedirect("/inicio\n")).toBe("/inicio");
    expect(safeRedirect("/grupo/3\r\n/dashboard")).toBe("/grupo/3/dashboard");
  });

  it.each([
    ["/\t/evil.example/phish"],
    ["/\n/evil.example"],
    ["//evil.example"],
    ["/\\evil.example"],
    ["\\\\evil.example"],
    ["https://evil.example"],
    ["javascript:alert(1)"],
    [" //evil.example"],
    ["/%09/evil.example"],
    [""],
    [null],
  ])("sends %j to the default page", (to) => {
    const result = safeRedirect(to as string | null, "/inicio");
    expect(result === "/inicio" || (result.startsWith("/") && !result.startsWith("//"))).toBe(true);
    expect(new URL(result, "https://quiniela.example").host).toBe("quiniela.example");
  });

  it("sends a tab-split path to the default page", () => {
    expect(safeRedirect("/\t/evil.example/phish")).toBe("/inicio");
  });
});
