import { ApiError } from "./errors";

/** Counts attempts per key in fixed windows; for limits keyed by account rather than by address. */
export class RateWindow {
  private hits = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one attempt and refuses it when the key is over its limit. */
  hit(key: string) {
    this.check(key);
    this.add(key);
  }

  /** Refuses when the key already used up its limit in this window; counts nothing. */
  check(key: string) {
    const entry = this.hits.get(key);
    if (entry && entry.resetAt > this.now() && entry.count >= this.max) throw new ApiError(429, TOO_MANY);
  }

  /** Counts one attempt (a failed sign-in, say) without refusing it. */
  add(key: string) {
    const now = this.now();
    const entry = this.hits.get(key);
    if (!entry || entry.resetAt <= now) {
      if (this.hits.size > 50_000) this.sweep(now);
      this.hits.set(key, { count: 1, resetAt: now + this.windowMs });
      return;
    }
    entry.count += 1;
  }

  /** Forgets the key: a successful sign-in starts from zero. */
  reset(key: string) {
    this.hits.delete(key);
  }

  private sweep(now: number) {
    for (const [key, entry] of this.hits) if (entry.resetAt <= now) this.hits.delete(key);
  }
}

export const TOO_MANY = "Demasiados intentos. Espera un minuto y vuelve a intentarlo.";
