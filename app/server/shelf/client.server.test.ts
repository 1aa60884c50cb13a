import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerEmbeddedBackend } from "./embedded-backend";

// A backend that never answers: what the BFF tells the visitor when it stops waiting.
beforeAll(() => {
  process.env.API_URL ??= "http://127.0.0.1:9";
  process.env.SESSION_SECRET ??= "una-clave-de-prueba-larga";
  registerEmbeddedBackend(() => new Promise(() => {}));
});
afterAll(() => registerEmbeddedBackend(undefined as never));

describe("a backend that takes too long", () => {
  it("makes a write say it may have been stored, and a read a plain connection error", async () => {
    const { send, CONNECTION_ERROR, WRITE_UNCONFIRMED } = await import("./client.server");
    const request = new Request("http://localhost/grupo/1/predictions", { method: "POST" });
    await expect(send(request, "POST", "/Quiniela/1/MakePrediction", {}, AbortSignal.timeout(20))).rejects.toMatchObject({
      status: 503,
      message: WRITE_UNCONFIRMED,
    });
    await expect(send(request, "GET", "/group/1", undefined, AbortSignal.timeout(20))).rejects.toMatchObject({ status: 503, message: CONNECTION_ERROR });
  });
});
