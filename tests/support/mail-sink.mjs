// A real SMTP server that keeps what it receives, for the integration and e2e suites.
import { SMTPServer } from "smtp-server";

/** Decodes the text body of a simple nodemailer message (quoted-printable or 7bit/8bit). */
export function decodeBody(raw) {
  const split = raw.indexOf("\r\n\r\n") >= 0 ? raw.indexOf("\r\n\r\n") : raw.indexOf("\n\n");
  const head = raw.slice(0, split);
  let body = raw.slice(split).trim();
  if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) {
    const bytes = body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, h) => String.fromCharCode(parseInt(h, 16)));
    body = Buffer.from(bytes, "latin1").toString("utf8");
  } else if (/content-transfer-encoding:\s*base64/i.test(head)) {
    body = Buffer.from(body, "base64").toString("utf8");
  }
  // The subject, unfolded and with its RFC 2047 encoded words decoded (nodemailer encodes "ñ").
  const rawSubject = /^subject:\s*(.*(?:\r?\n[ \t].*)*)$/im.exec(head)?.[1] ?? "";
  const subject = rawSubject
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/\r?\n[ \t]+/g, " ")
    .replace(/=\?utf-8\?([qb])\?([^?]*)\?=/gi, (_, enc, text) =>
      enc.toLowerCase() === "b"
        ? Buffer.from(text, "base64").toString("utf8")
        : Buffer.from(
            text.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, (_m, h) => String.fromCharCode(parseInt(h, 16))),
            "latin1",
          ).toString("utf8"),
    );
  return { subject, text: body };
}

export async function startMailSink(port = 0) {
  const messages = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      const chunks = [];
      stream.on("data", (c) => chunks.push(c));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("latin1");
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        messages.push({ to, raw, ...decodeBody(raw) });
        callback();
      });
    },
  });
  await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
  const actualPort = server.server.address().port;
  return {
    url: `smtp://127.0.0.1:${actualPort}`,
    port: actualPort,
    messages,
    to: (address) => messages.filter((m) => m.to.includes(address.toLowerCase())),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
