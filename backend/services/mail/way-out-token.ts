import { createHmac, timingSafeEqual } from "node:crypto";
import { MAIL_KINDS, type MailKind } from "#core/contract/way-out";
import type { BackendConfig } from "../../config";

/**
 * The tokens of every mail's way out (decision 086), and the keyed hash an address is kept as.
 *
 * - `c.<account>.<kind>.<signature>`: an account and one kind of mail (its switch in /perfil).
 * - `d.<member>.<address hash>.<signature>`: an address, by the hash the suppression list keeps,
 *   and the member without an account it was mailed as (0: none), for «no soy yo».
 *
 * The signature is HMAC-SHA256 of the rest with the link secret (LINK_SECRET), cut to 128 bits; nothing is
 * stored, nothing expires (a mail read a year later still works), and a token made for one account,
 * kind or address opens nothing else. All of it is lower-case hex and digits: a path or a query
 * that loses case keeps it.
 */

const SIGNATURE_HEX = 32;

/** The key of the suppression list's hashes: its own setting, or the link secret. */
const suppressionKey = (config: Pick<BackendConfig, "mailSuppressionSecret" | "linkSecret">) => config.mailSuppressionSecret ?? config.linkSecret;

export const normalAddress = (address: string) => address.trim().toLowerCase();

/** The keyed hash an address is known by on the suppression list: HMAC-SHA256, hex. */
export function addressHash(config: Pick<BackendConfig, "mailSuppressionSecret" | "linkSecret">, address: string): string {
  return createHmac("sha256", suppressionKey(config))
    .update(`mail-address:${normalAddress(address)}`)
    .digest("hex");
}

const sign = (secret: string, body: string) => createHmac("sha256", secret).update(`way-out:${body}`).digest("hex").slice(0, SIGNATURE_HEX);

export function accountToken(config: Pick<BackendConfig, "linkSecret">, userId: number, kind: MailKind): string {
  const body = `c.${userId}.${kind}`;
  return `${body}.${sign(config.linkSecret, body)}`;
}

export function addressToken(config: Pick<BackendConfig, "linkSecret" | "mailSuppressionSecret">, memberId: number, address: string): string {
  const body = `d.${memberId}.${addressHash(config, address)}`;
  return `${body}.${sign(config.linkSecret, body)}`;
}

export type ReadToken = { kind: "account"; userId: number; mail: MailKind } | { kind: "address"; memberId: number; hash: string };

/** What an intact token names; null for a forged, altered, cut or foreign one. */
export function readWayOutToken(config: Pick<BackendConfig, "linkSecret">, token: string): ReadToken | null {
  const m = /^(c\.(\d{1,9})\.([a-z]{1,10})|d\.(\d{1,9})\.([0-9a-f]{64}))\.([0-9a-f]{32})$/.exec(token.trim().toLowerCase());
  if (!m) return null;
  const expected = Buffer.from(sign(config.linkSecret, m[1]));
  const given = Buffer.from(m[6]);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  if (m[2] !== undefined) {
    const kind = m[3] as MailKind;
    return MAIL_KINDS.includes(kind) ? { kind: "account", userId: Number(m[2]), mail: kind } : null;
  }
  return { kind: "address", memberId: Number(m[4]), hash: m[5] };
}

/** The link of a token: the web app's page, which asks (GET) and does (POST, and RFC 8058's one-click). */
export const wayOutUrl = (config: Pick<BackendConfig, "publicUrl">, token: string) => `${config.publicUrl.replace(/\/$/, "")}/baja?token=${token}`;
