/** Dates are entered and shown in Europe/Madrid and stored in UTC (decision 010). */
const DISPLAY_TZ = "Europe/Madrid";

/** One formatter per zone: building an Intl.DateTimeFormat costs far more than using one. */
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock fields of `date` in `timeZone` (Madrid unless said), each zero-padded, the hour 00–23. */
export function wallClock(date: Date, timeZone = DISPLAY_TZ) {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-GB", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    });
    formatters.set(timeZone, format);
  }
  return Object.fromEntries(
    format
      .formatToParts(date)
      .filter((p) => p.type !== "literal")
      .map((p) => [p.type, p.value]),
  ) as Record<"year" | "month" | "day" | "hour" | "minute" | "second", string>;
}

/** "2025-08-17T21:30" as Madrid wall-clock time → the UTC instant; null when malformed. */
export function madridLocalToUtc(value: string, timeZone = DISPLAY_TZ): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2}))?$/.exec(value.trim());
  if (!m) return null;
  const [, y, mo, d, h = "00", mi = "00"] = m;
  const asUtc = Date.UTC(+y, +mo - 1, +d, +h, +mi);
  if (Number.isNaN(asUtc) || new Date(asUtc).getUTCDate() !== +d) return null;
  // The zone's offset at that moment, found by formatting the guess back (twice, for DST edges).
  let guess = asUtc;
  for (let i = 0; i < 2; i++) {
    const p = wallClock(new Date(guess), timeZone);
    const shown = Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute);
    guess += asUtc - shown;
  }
  return new Date(guess);
}

/** A UTC instant → "YYYY-MM-DDTHH:mm" in Madrid, the value of a datetime-local input. */
export function utcToMadridLocal(date: Date | string, timeZone = DISPLAY_TZ): string {
  const p = wallClock(new Date(date), timeZone);
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

/** "17/08/2025 21:30" (es-ES, Madrid); "-" when missing. */
/** Today in Madrid, as YYYY-MM-DD: a season that starts "today" has started for the players who live there. */
export const madridToday = (now: Date) => utcToMadridLocal(now).slice(0, 10);

export function formatDateTime(date: Date | string | null | undefined, timeZone = DISPLAY_TZ): string {
  if (!date) return "-";
  const p = wallClock(new Date(date), timeZone);
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}

/** "17/08/2025" (es-ES, Madrid); "-" when missing. A plain "YYYY-MM-DD" day is shown as is. */
export function formatDate(date: Date | string | null | undefined, timeZone = DISPLAY_TZ): string {
  if (!date) return "-";
  if (typeof date === "string" && /^\d{4}-\d{2}-\d{2}$/.test(date)) return date.split("-").reverse().join("/");
  const p = wallClock(new Date(date), timeZone);
  return `${p.day}/${p.month}/${p.year}`;
}
