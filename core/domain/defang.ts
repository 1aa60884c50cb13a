/**
 * Text someone else typed (a group's name, a member's name), put in an e-mail as plain text that a
 * mail client cannot turn into a link (decision 061): a scheme loses its "://", "www." its dot, and a
 * dot before a domain-like ending becomes "[.]", the usual way to write an address that must not open.
 */
export function defang(text: string): string {
  return text
    .replace(/([a-z][a-z0-9+.-]*):\/\//gi, "$1 : ")
    .replace(/\bwww\./gi, "www ")
    .replace(/([\p{L}\p{N}-])\.(?=[\p{L}\p{N}-]{2,})/gu, "$1[.]")
    .replace(/@/g, " (arroba) ");
}
