import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

/** One AES-256-GCM key per secret (a comma-separated SESSION_SECRET rotates: the first one seals). */
const keysOf = (secrets: string) => secrets.split(",").map((s) => createHash("sha256").update(`quiniela-session\0${s.trim()}`).digest());

/** iv, tag and ciphertext in base64url: nobody without the secret can read or alter what it holds. */
export function seal(data: unknown, secrets: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keysOf(secrets)[0], iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(data), "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
}

/** What `seal` sealed with any of the secrets; an empty object for anything else. */
export function unseal(value: string, secrets: string): Record<string, unknown> {
  const raw = Buffer.from(value, "base64url");
  if (raw.length < 29) return {};
  for (const key of keysOf(secrets)) {
    try {
      const decipher = createDecipheriv("aes-256-gcm", key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      const data = JSON.parse(Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8")) as unknown;
      return data && typeof data === "object" ? (data as Record<string, unknown>) : {};
    } catch {
      /* another key, or not ours */
    }
  }
  return {};
}
