export type FakeMode = "403" | "406" | "hang" | "truncated" | "garbage" | "slow" | null;
/** A match as the operator writes it, with its clubs' own ids when the answer carries them. */
export interface FakeMatch {
  local: string;
  visitante: string;
  idLocal?: number | string;
  idVisitante?: number | string;
}
export interface FakeSelae {
  url: string;
  port: number;
  requests: { path: string; date: string; browser: boolean }[];
  setMode(mode: FakeMode): void;
  rule(date: string, mode: FakeMode): void;
  addDraw(date: string, from?: string, file?: string | null): void;
  /** The next jornada (proximosv3 and its fechav3 before the draw) on `date`, under draw `id`; null: the recorded one three days from now. */
  publish(jornada: { date: string; id?: string; jornada?: number; matches: FakeMatch[]; opens: number; close: number }): void;
  /** The published jornada played; `matches`: the played answer's own spellings (and ids); `listed`: still among the next draws. */
  play(date: string, file?: string, options?: { matches?: FakeMatch[] | null; listed?: boolean }): void;
  setNext(next: { date: string; id?: string; close?: string; file?: string; matches?: { local: string; visitante: string; fecha: string }[] } | null): void;
  close(): Promise<void>;
}
export function startFakeSelae(port?: number, options?: { publishedOnly?: boolean }): Promise<FakeSelae>;
