import { describe, expect, it } from "vitest";
import { encodingFor, toastWaiting, versionCallOf } from "./kept-pages.server";
import { routes } from "../../../tests/support/kept-routes";

describe("a kept page's encoding (decision 067)", () => {
  it("takes brotli, else gzip, else none, and honours q=0", () => {
    expect(encodingFor("gzip, deflate, br, zstd")).toBe("br");
    expect(encodingFor("gzip")).toBe("gzip");
    expect(encodingFor("br;q=0, gzip;q=0.5")).toBe("gzip");
    expect(encodingFor("*")).toBe("br");
    expect(encodingFor("*, br;q=0")).toBe("gzip");
    expect(encodingFor("identity")).toBe("identity");
    expect(encodingFor(null)).toBe("identity");
  });
});

describe("which version call answers each kept page (decisions 067, 070, 082)", () => {
  const call = (address: string) => versionCallOf(new URL(address, "http://localhost"), routes);
  it("is the page's own, with the query that picks its view", () => {
    expect(call("/grupo/7/directo?pausa=1")).toBe("/Group/7/LiveVersion");
    expect(call("/grupo/7/directo?quiniela=12")).toBe("/Group/7/LiveVersion?quinielaId=12");
    expect(call("/grupo/7/temporada/3/clasificacion?orden=wilson&quiniela=12")).toBe("/group/7/season/3/StandingsVersion");
    expect(call("/grupo/7/resultados-y-apuestas")).toBe("/Bet/RoundSummaryVersion?groupId=7");
    expect(call("/grupo/7/resultados-y-apuestas?jornada=5&temporada=2&orden=hits")).toBe("/Bet/RoundSummaryVersion?groupId=7&numberQuiniela=5&seasonId=2");
    expect(call("/grupo/7/resultados-y-apuestas?jornada=1.5")).toBe("/Bet/RoundSummaryVersion?groupId=7");
    // Remix matches a route in any casing: so does the edge.
    expect(call("/Grupo/7/Directo")).toBe("/Group/7/LiveVersion");
  });
  it("is none for any other page", () => {
    for (const address of [
      "/grupo/7/predictions",
      "/grupo/7/temporada/3/clasificacion.csv",
      "/grupo/7/directo/marcadores",
      "/kiosk/abc",
      "/grupo/x/directo",
      "/grupo/%E0%A4%A/directo",
    ]) {
      expect(call(address), address).toBeNull();
    }
  });
});

describe("a flash message waiting in its cookie (the edge renders such a page)", () => {
  const signed = (data: unknown) => `__toast=${encodeURIComponent(`${Buffer.from(JSON.stringify(data)).toString("base64")}.firma`)}`;
  it("is a message not yet read, or a cookie that does not read as one", () => {
    expect(toastWaiting(`__session=abc; ${signed({ __flash_toast__: { kind: "success", text: "Marcador del partido 1 guardado." } })}`)).toBe(true);
    expect(toastWaiting("__session=abc; __toast=x")).toBe(true);
    expect(toastWaiting("__toast=%E0%A4%A")).toBe(true);
  });
  it("is not an empty one left from a message already read (as Remix commits it), nor no cookie at all", () => {
    // A browser's cookie after the message was read, as the e2e run showed it.
    expect(toastWaiting("__session=abc; __toast=e30%3D.rqeVECZy3nxfdngv%2FTzfLsC4MfXQ6Vpt87mhe%2F7Urhk")).toBe(false);
    expect(toastWaiting(`__session=abc; ${signed({})}`)).toBe(false);
    expect(toastWaiting("__session=abc")).toBe(false);
  });
});
