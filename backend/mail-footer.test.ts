import { describe, expect, it } from "vitest";
import type { Mail, Mailer } from "./mailer";
import { withPrivacyLine } from "./mail-footer";

function sink() {
  const sent: Mail[] = [];
  const mailer: Mailer = { target: "prueba", send: async (mail) => void sent.push(mail) };
  return { sent, mailer };
}

describe("the privacy line of every mail (decision 085)", () => {
  it("ends the text with the link to /privacidad built from PUBLIC_URL", async () => {
    const { sent, mailer } = sink();
    await withPrivacyLine(mailer, "https://quiniela.example/").send({ to: "a@b.c", subject: "Hola", text: "Tu enlace: x\n\n" });
    expect(sent[0].text).toBe("Tu enlace: x\n\nCómo tratamos tus datos y tus derechos: https://quiniela.example/privacidad\n");
    expect(sent[0].html).toBeUndefined();
  });

  it("puts it before the end of an HTML body, and keeps the rest of the mail", async () => {
    const { sent, mailer } = sink();
    const wrapped = withPrivacyLine(mailer, "http://localhost:3000");
    expect(wrapped.target).toBe("prueba");
    await wrapped.send({ to: "a@b.c", subject: "Resumen", text: "t", html: "<html><body><p>Hola</p></body></html>", headers: { "List-Id": "x" } });
    expect(sent[0].html).toBe(
      '<html><body><p>Hola</p><p style="color:#5b6470;font-size:0.9em">Cómo tratamos tus datos y tus derechos: <a href="http://localhost:3000/privacidad">http://localhost:3000/privacidad</a></p></body></html>',
    );
    expect(sent[0]).toMatchObject({ to: "a@b.c", subject: "Resumen", headers: { "List-Id": "x" } });
  });
});
