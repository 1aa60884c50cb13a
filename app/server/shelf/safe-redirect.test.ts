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
    ["/.//evil.example/phish"],
    ["/./\\evil.example"],
    ["/..//evil.example"],
    ["/a/..//evil.example"],
    ["/%2e//evil.example"],
    ["/%2E%2E//evil.example"],
    ["/.\\/evil.example"],
    ["/./%2F/evil.example"],
    ["/ /\\evil.example"],
    [""],
    [null],
  ])("keeps %j on this site", (to) => {
    const result = safeRedirect(to as string | null, "/inicio");
    expect(result === "/inicio" || (result.startsWith("/") && !result.startsWith("//"))).toBe(true);
    expect(new URL(result, "https://quiniela.example").host).toBe("quiniela.example");
  });

  it("never answers a path a browser reads as another host, whatever the dot segments", () => {
    expect(safeRedirect("/.//evil.example/phish")).toBe("/evil.example/phish");
    expect(safeRedirect("/%2e//evil.example")).toBe("/evil.example");
    expect(safeRedirect("/grupo//3/dashboard?x=//y")).toBe("/grupo/3/dashboard?x=//y");
  });

  it("sends a tab-split path to the default page", () => {
    expect(safeRedirect("/\t/evil.example/phish")).toBe("/inicio");
  });
});
