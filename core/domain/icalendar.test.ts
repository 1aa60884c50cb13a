import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { buildCalendar, escapeText, foldLine, madridStamp, type CalendarEvent } from "./icalendar";

const NOW = new Date("2026-03-20T10:00:00Z");
const event = (over: Partial<CalendarEvent> = {}): CalendarEvent => ({
  uid: "ronda-7@quiniela.test",
  sequence: 0,
  at: new Date("2026-03-29T01:30:00Z"),
  summary: "Cierre de la jornada 30 · Peña del Bar",
  description: "Haz tu pronóstico antes del cierre.",
  url: "https://quiniela.test/grupo/1/predictions?quiniela=7",
  ...over,
});

/** Parses with ical.js, registering the document's own VTIMEZONE, and gives the events. */
function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(new ICAL.Timezone(zone));
  return { calendar, events: calendar.getAllSubcomponents("vevent").map((v) => new ICAL.Event(v)) };
}

describe("the calendar document", () => {
  it("is valid RFC 5545 for a real parser: CRLF lines, VERSION, PRODID, DTSTAMP", () => {
    const text = buildCalendar({ name: "Quiniela de peñas", now: NOW, events: [event()] });
    expect(text.endsWith("\r\n")).toBe(true);
    expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    const { calendar, events } = parse(text);
    expect(calendar.getFirstPropertyValue("version")).toBe("2.0");
    expect(String(calendar.getFirstPropertyValue("prodid"))).toContain("Quiniela de peñas");
    expect(events).toHaveLength(1);
    expect(events[0].component.getFirstPropertyValue("dtstamp")!.toString()).toBe("2026-03-20T10:00:00Z");
    expect(events[0].uid).toBe("ronda-7@quiniela.test");
    expect(events[0].component.getFirstPropertyValue("url")).toBe("https://quiniela.test/grupo/1/predictions?quiniela=7");
  });

  it("gives the close time in Madrid that is the right instant across the change to summer time", () => {
    const before = new Date("2026-03-29T00:30:00Z"); // 01:30 CET
    const after = new Date("2026-03-29T01:30:00Z"); // 03:30 CEST: 02:xx does not exist that night
    const winter = new Date("2026-01-10T19:00:00Z"); // 20:00 CET
    const summer = new Date("2026-08-15T19:00:00Z"); // 21:00 CEST
    const text = buildCalendar({
      name: "Q",
      now: NOW,
      events: [before, after, winter, summer].map((at, i) => event({ uid: `r${i}`, at })),
    });
    expect(text).toContain("DTSTART;TZID=Europe/Madrid:20260329T013000");
    expect(text).toContain("DTSTART;TZID=Europe/Madrid:20260329T033000");
    expect(text).toContain("DTSTART;TZID=Europe/Madrid:20260110T200000");
    expect(text).toContain("DTSTART;TZID=Europe/Madrid:20260815T210000");
    const { events } = parse(text);
    expect(events.map((e) => e.startDate.toJSDate().toISOString())).toEqual([before, after, winter, summer].map((d) => d.toISOString()));
    expect(events.every((e) => e.startDate.zone?.tzid === "Europe/Madrid")).toBe(true);
  });

  it("carries two alarms per round, 24 hours and 1 hour before", () => {
    const { events } = parse(buildCalendar({ name: "Q", now: NOW, events: [event()] }));
    const alarms = events[0].component.getAllSubcomponents("valarm");
    expect(alarms.map((a) => a.getFirstPropertyValue("trigger")!.toString()).sort()).toEqual(["-PT1H", "-PT24H"]);
    expect(alarms.every((a) => a.getFirstPropertyValue("action") === "DISPLAY" && a.getFirstPropertyValue("description"))).toBe(true);
  });

  it("keeps the UID and raises SEQUENCE when a round's date changes", () => {
    const first = parse(buildCalendar({ name: "Q", now: NOW, events: [event({ sequence: 0 })] })).events[0];
    const moved = parse(buildCalendar({ name: "Q", now: NOW, events: [event({ sequence: 1, at: new Date("2026-03-30T18:00:00Z") })] })).events[0];
    expect(moved.uid).toBe(first.uid);
    expect(moved.sequence).toBeGreaterThan(first.sequence);
  });

  it("escapes commas, semicolons, backslashes and newlines, and the parser reads them back", () => {
    const summary = "Peña; la de Ana, Luis \\ y\nlos demás";
    const { events } = parse(buildCalendar({ name: "Q", now: NOW, events: [event({ summary, description: "línea 1\nlínea 2, fin" })] }));
    expect(events[0].summary).toBe(summary);
    expect(events[0].description).toBe("línea 1\nlínea 2, fin");
    expect(escapeText("a,b;c\\d\ne")).toBe("a\\,b\\;c\\\\d\\ne");
  });

  it("folds lines at 75 octets without cutting a character in two", () => {
    const long = "SUMMARY:" + "ñ".repeat(100);
    const folded = foldLine(long);
    for (const line of folded.split("\r\n")) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(
      folded
        .split("\r\n")
        .slice(1)
        .every((l) => l.startsWith(" ")),
    ).toBe(true);
    expect(folded.replace(/\r\n /g, "")).toBe(long);
    const summary = "Cierre de la jornada 30 · Peña de los amigos del barrio de la Concepción de Madrid";
    const text = buildCalendar({ name: "Q", now: NOW, events: [event({ summary })] });
    for (const line of text.split("\r\n")) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(parse(text).events[0].summary).toBe(summary);
  });

  it("writes Madrid wall-clock time", () => {
    expect(madridStamp(new Date("2026-10-25T00:30:00Z"))).toBe("20261025T023000");
    expect(madridStamp(new Date("2026-10-25T01:30:00Z"))).toBe("20261025T023000");
  });
});
