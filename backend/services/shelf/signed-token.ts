import { sign, unsign } from "cookie-signature";

// The kiosk's scheme (decision 008): `<id>.<nonce>.<signature>`, the signature in hex because the
// token travels in a path whose case the backend does not keep. The purpose is signed too, so a
// token made for one kind of link never opens another, even with the same secret.

const toHex = (b64: string) => Buffer.from(b64, "base64").toString("hex");
const fromHex = (hex: string) => Buffer.from(hex, "hex").toString("base64").replace(/=+$/, "");

export function signToken(secret: string, purpose: string, id: number, nonce: string): string {
  const signed = sign(`${purpose}:${id}.${nonce}`, secret);
  const dot = signed.lastIndexOf(".");
  return `${id}.${nonce}.${toHex(signed.slice(dot + 1))}`;
}

/** The id and nonce of a token signed for this purpose; null for a forged, altered or foreign one. */
export function readSignedToken(secret: string, purpose: string, token: string): { id: number; nonce: string } | null {
  const m = /^(\d{1,9})\.([0-9a-f]{32})\.([0-9a-f]{64})$/i.exec(token);
  if (!m) return null;
  const value = unsign(`${purpose}:${m[1]}.${m[2].toLowerCase()}.${fromHex(m[3].toLowerCase())}`, secret);
  return value === false ? null : { id: Number(m[1]), nonce: m[2].toLowerCase() };
}
