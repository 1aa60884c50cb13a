export type FakeMode = "403" | "406" | "hang" | "truncated" | "slow" | null;
export interface FakeSelae {
  url: string;
  port: number;
  requests: { path: string; date: string; browser: boolean }[];
  setMode(mode: FakeMode): void;
  rule(date: string, mode: FakeMode): void;
  addDraw(date: string, from?: string): void;
  close(): Promise<void>;
}
export function startFakeSelae(port?: number): Promise<FakeSelae>;
