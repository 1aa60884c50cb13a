import type { Mailer } from "./mailer";

const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/**
 * Every mail the app sends ends with one line pointing at /privacidad (decision 085), added here at
 * the mailer, the one place all of them pass, so no mail's own text needs to know.
 */
export function withPrivacyLine(mailer: Mailer, publicUrl: string): Mailer {
  const url = `${publicUrl.replace(/\/$/, "")}/privacidad`;
  const line = `Cómo tratamos tus datos y tus derechos: ${url}`;
  const htmlLine = `<p style="color:#5b6470;font-size:0.9em">Cómo tratamos tus datos y tus derechos: <a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>`;
  return {
    target: mailer.target,
    check: mailer.check && (() => mailer.check!()),
    send: (mail) =>
      mailer.send({
        ...mail,
        text: `${mail.text.replace(/\n*$/, "")}\n\n${line}\n`,
        ...(mail.html ? { html: /<\/body>/i.test(mail.html) ? mail.html.replace(/<\/body>/i, `${htmlLine}</body>`) : `${mail.html}${htmlLine}` } : {}),
      }),
  };
}
