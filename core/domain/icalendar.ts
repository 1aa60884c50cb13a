import { wallClock } from "#core/dates";

/**
 * A member's calendar of rounds as an iCalendar document (RFC 5545): one VEVENT per group round at
 * its close time, in Europe/Madrid local time with the zone's VTIMEZONE, two alarms (24 h and 1 h
 * before). Pure: the caller passes the moment it is written (DTSTAMP) and the events.
 */

export interface CalendarEvent {
  /** Stable per group round: a phone updates the event it already has instead of adding one. */
  uid: string;
  /** Grows each time the round changes (a new close date): the phone replaces its copy. */
  sequence: number;
  /** The round's close time. */
  at: Date;
  summary: string;
  description: string;
  url: string;
}

export interface CalendarInput {
  name: string;
  now: Date;
  events: CalendarEvent[];
}

const TZID = "Europe/Madrid";

// Spain's peninsular rule since 1996 (EU summer time): last Sunday of March 02:00 → 03:00, last
// Sunday of October 03:00 → 02:00. Written out, so the feed does not depend on the reader's zone data.
const VTIMEZONE = [
  "BEGIN:VTIMEZONE",
  `TZID:${TZID}`,
  `X-LIC-LOCATION:${TZID}`,
  "BEGIN:DAYLIGHT",
  "TZOFFSETFROM:+0100",
  "TZOFFSETTO:+0200",
  "TZNAME:CEST",
  "DTSTART:19700329T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
  "END:DAYLIGHT",
  "BEGIN:STANDARD",
  "TZOFFSETFROM:+0200",
  "TZOFFSETTO:+0100",
  "TZNAME:CET",
  "DTSTART:19701025T030000",
  "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
  "END:STANDARD",
  "END:VTIMEZONE",
];

/** TEXT values (RFC 5545 3.3.11): backslash, semicolon, comma and newlines are escaped. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

const utf8 = new TextEncoder();

/**
 * Content lines longer than 75 octets are folded (RFC 5545 3.1): CRLF and one space, never inside
 * a UTF-8 character, so "peña" is not cut between its two bytes.
 */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = utf8.encode(char).length;
    // The first line holds 75 octets; each continuation starts with a space, so holds 74 more.
    const limit = out.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      out.push(current);
      current = "";
      octets = 0;
    }
    current += char;
    octets += size;
  }
  out.push(current);
  return out.join("\r\n ");
}

const pad = (n: number) => String(n).padStart(2, "0");

/** 20260329T013000Z */
export function utcStamp(date: Date): string {
  return `${date.getUTCFullYear()}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}T${pad(date.getUTCHours())}${pad(date.getUTCMinutes())}${pad(date.getUTCSeconds())}Z`;
}

/** The wall-clock time in Madrid as a local DATE-TIME: 20260329T033000. */
export function madridStamp(date: Date): string {
  const p = wallClock(date, TZID);
  return `${p.year}${p.month}${p.day}T${p.hour}${p.minute}${p.second}`;
}

function eventLines(event: CalendarEvent, stamp: string): string[] {
  const alarm = (trigger: string, text: string) => ["BEGIN:VALARM", "ACTION:DISPLAY", `DESCRIPTION:${escapeText(text)}`, `TRIGGER:${trigger}`, "END:VALARM"];
  return [
    "BEGIN:VEVENT",
    `UID:${event.uid}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${stamp}`,
    `DTSTART;TZID=${TZID}:${madridStamp(event.at)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    `URL:${event.url}`,
    "TRANSP:TRANSPARENT",
    ...alarm("-PT24H", `${event.summary}: cierra en 24 horas`),
    ...alarm("-PT1H", `${event.summary}: cierra en 1 hora`),
    "END:VEVENT",
  ];
}

/** The whole document, CRLF line endings and folded lines, ending in CRLF. */
export function buildCalendar(input: CalendarInput): string {
  const stamp = utcStamp(input.now);
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Quiniela de peñas//Calendario de jornadas//ES",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeText(input.name)}`,
    `X-WR-TIMEZONE:${TZID}`,
    ...VTIMEZONE,
    ...input.events.flatMap((e) => eventLines(e, stamp)),
    "END:VCALENDAR",
  ];
  return lines.map(foldLine).join("\r\n") + "\r\n";
}
