export type FakeMode = "403" | "406" | "hang" | "truncated" | "garbage" | "slow" | null;
export interface FakeSelae {
  url: string;
  port: number;
  requests: { path: string; date: string; browser: boolean }[];
  setMode(mode: FakeMode): void;
  rule(date: string, mode: FakeMode): void;
  addDraw(date: string, from?: string, file?: string | null): void;
  /** The next jornada (proximosv3 and its fechav3 before the draw) on `date`, under draw `id`; null: the recorded one three days from now. */
  publish(jornada: { date: string; id?: string; jornada?: number; matches: { local: string; visitante: string }[]; opens: number; close: number }): void;
  play(date: string, file?: string): void;
  setNext(next: { date: string; id?: string; close?: string; file?: string; matches?: { local: string; visitante: string; fecha: string }[] } | null): void;
  close(): Promise<void>;
}
export function startFakeSelae(port?: number, options?: { publishedOnly?: boolean }): Promise<FakeSelae>;
