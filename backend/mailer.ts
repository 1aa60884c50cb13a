import { constants } from "node:fs";
import { access, mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import { mailMetrics } from "./metrics";
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
  /** Why no mail could go now (the readiness answer), or null: SMTP's greeting, or the outbox writable. */
  check?(): Promise<string | null>;
}

/** How long a good SMTP greeting is believed before it is asked again (the readiness is polled every few seconds). */
const CHECK_KEPT_MS = 30_000;

/** Counts what the transport takes and refuses (backend/metrics.ts). */
async function counted(send: () => Promise<void>): Promise<void> {
  try {
    await send();
    mailMetrics.sent();
  } catch (error) {
    mailMetrics.failed();
    throw error;
  }
}

const FROM = "Quiniela de peñas <no-reply@quiniela.local>";

/**
 * Whether a user's `email` is an address at all: an erased account's (`borrado-…`, decision 083) and
 * one that only asked for an address another holds (`pendiente-…`, decision 092) are names without
 * an `@`, and no mail is sent to them, whichever job picked them as recipients.
 */
const isAddress = (to: string) => to.includes("@");

/** SMTP when a URL is given; otherwise each message is written as an .eml file to read by hand. */
export function createMailer(options: { smtpUrl?: string; outboxDir: string }): Mailer {
  const mailer = transportFor(options);
  return { ...mailer, send: async (mail) => (isAddress(mail.to) ? mailer.send(mail) : undefined) };
}

function transportFor(options: { smtpUrl?: string; outboxDir: string }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    let greeted = 0;
    return {
      target: `SMTP ${new URL(options.smtpUrl).host}`,
      send: (mail) => counted(async () => void (await transport.sendMail({ from: FROM, ...mail }))),
      check: async () => {
        if (Date.now() - greeted < CHECK_KEPT_MS) return null;
        try {
          await transport.verify();
          greeted = Date.now();
          return null;
        } catch {
          return "el servidor de correo (SMTP_URL) no responde";
        }
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    target: `ficheros .eml en ${options.outboxDir}`,
    send: (mail) =>
      counted(async () => {
        const info = await transport.sendMail({ from: FROM, ...mail });
        await mkdir(options.outboxDir, { recursive: true, mode: 0o700 });
        const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${mail.to.replace(/[^\w.@-]/g, "_")}.eml`;
        // Reset links and temporary passwords: readable by the app's user only.
        await writeFile(path.join(options.outboxDir, name), info.message as Buffer, { mode: 0o600 });
      }),
    check: async () => {
      try {
        await mkdir(options.outboxDir, { recursive: true, mode: 0o700 });
        await access(options.outboxDir, constants.W_OK);
        return null;
      } catch {
        return `no se puede escribir en ${options.outboxDir} (los correos van a ficheros .eml: define SMTP_URL)`;
      }
    },
  };
}
