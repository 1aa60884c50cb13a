/** A positive integer id from the URL; null for anything else (missing, 'undefined', text). */
export function positiveId(raw: string | undefined | null): number | null {
  if (!raw || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
