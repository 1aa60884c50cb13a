// The real 2024-25 season of fixtures/football (openfootball, CC0) as quiniela jornadas: ten
// Primera matches and five Segunda matches of the same matchday, the last one being the pleno.
import { readFileSync } from "node:fs";
import path from "node:path";
import { madridLocalToUtc } from "#core/dates";
import type { Score, Sign } from "#core/domain/signs";

interface SourceMatch {
  round: string;
  date: string;
  time?: string;
  team1: string;
  team2: string;
  score?: { ft?: [number, number] };
}

export interface FootballMatch {
  home: string;
  away: string;
  kickoff: Date;
  score: Score | null;
}

export interface Jornada {
  number: number;
  matches: FootballMatch[];
  /** When the pool opens for predictions: three days before the first kick-off. */
  startDate: Date;
  /** The first kick-off: predictions close then. */
  closingDate: Date;
  /** 14 signs and the pleno's score; null until every match of the jornada has a score. */
  results: { matches: Sign[]; pleno: Score } | null;
}

export const PRIMERA_PER_JORNADA = 10;
export const SEGUNDA_PER_JORNADA = 5;
const DAY = 86_400_000;

export function fixturesDir(root = process.cwd()): string {
  return path.join(root, "fixtures", "football");
}

function read(file: string): SourceMatch[] {
  return (JSON.parse(readFileSync(file, "utf8")) as { matches: SourceMatch[] }).matches;
}

const matchday = (round: string) => Number(/(\d+)/.exec(round)?.[1] ?? NaN);

function toMatch(m: SourceMatch): FootballMatch {
  const kickoff = madridLocalToUtc(`${m.date}T${m.time ?? "18:00"}`);
  if (!kickoff) throw new Error(`Fecha no válida en los datos: ${m.date} ${m.time}`);
  const ft = m.score?.ft;
  return { home: m.team1, away: m.team2, kickoff, score: ft ? { home: ft[0], away: ft[1] } : null };
}

const byKickoff = (a: FootballMatch, b: FootballMatch) => a.kickoff.getTime() - b.kickoff.getTime() || a.home.localeCompare(b.home);

export function signOf(score: Score | null): Sign | null {
  if (!score) return null;
  return score.home > score.away ? "1" : score.home === score.away ? "X" : "2";
}

/** The jornadas of 2024-25 in order: as many as Primera has matchdays (38). */
export function season2024(dir = fixturesDir()): Jornada[] {
  const primera = read(path.join(dir, "2024-25_es.1.json")).map((m) => ({ day: matchday(m.round), match: toMatch(m) }));
  const segunda = read(path.join(dir, "2024-25_es.2.json")).map((m) => ({ day: matchday(m.round), match: toMatch(m) }));
  const days = [...new Set(primera.map((m) => m.day))].sort((a, b) => a - b);
  return days.map((day) => {
    const first = primera
      .filter((m) => m.day === day)
      .map((m) => m.match)
      .sort(byKickoff)
      .slice(0, PRIMERA_PER_JORNADA);
    const second = segunda
      .filter((m) => m.day === day)
      .map((m) => m.match)
      .sort(byKickoff)
      .slice(0, SEGUNDA_PER_JORNADA);
    const matches = [...first, ...second];
    if (matches.length !== 15) throw new Error(`La jornada ${day} no tiene 15 partidos en los datos.`);
    const closingDate = new Date(Math.min(...matches.map((m) => m.kickoff.getTime())));
    const played = matches.every((m) => m.score !== null);
    const results = played ? { matches: matches.slice(0, 14).map((m) => signOf(m.score)!), pleno: matches[14].score! } : null;
    return { number: day, matches, startDate: new Date(closingDate.getTime() - 3 * DAY), closingDate, results };
  });
}

export function teamsOf(jornadas: Jornada[]): string[] {
  return [...new Set(jornadas.flatMap((j) => j.matches.flatMap((m) => [m.home, m.away])))].sort((a, b) => a.localeCompare(b, "es"));
}
