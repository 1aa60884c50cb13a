import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { MailKind } from "#core/contract/way-out";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** An HTML alternative to the text (the round's digest). */
  html?: string;
  /** Extra headers, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
  /**
   * Whom the mail is for and which kind it is, for its way out (decision 086, `deliver` in
   * services/mail/policy.ts): an account's switch of that kind, or, for a member without an
   * account, the address's. `requested`: the account asked for this very mail while signed in (a
   * proof link again), so its switch does not hold it back. Never sent as a header.
   */
  wayOut?: { userId: number; kind: MailKind; requested?: boolean };
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** Where messages go, for the start-up log. */
  readonly target: string;
}

const FROM = "Quiniela de peñas <no-reply@quiniela.local>";

/** SMTP when a URL is given; otherwise each message is written as an .eml file to read by hand. */
export function createMailer(options: { smtpUrl?: string; outboxDir: string }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      target: `SMTP ${new URL(options.smtpUrl).host}`,
      send: async (mail) => {
        await transport.sendMail({ from: FROM, ...mail });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    target: `ficheros .eml en ${options.outboxDir}`,
    send: async (mail) => {
      const info = await transport.sendMail({ from: FROM, ...mail });
      await mkdir(options.outboxDir, { recursive: true, mode: 0o700 });
      const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${mail.to.replace(/[^\w.@-]/g, "_")}.eml`;
      // Reset links and temporary passwords: readable by the app's user only.
      await writeFile(path.join(options.outboxDir, name), info.message as Buffer, { mode: 0o600 });
    },
  };
}
