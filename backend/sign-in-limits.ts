import type { FastifyInstance, FastifyRequest } from "fastify";
import { cache, CACHES } from "./caches";
import { ApiError, TOO_MANY } from "./errors";

const MINUTE = 60_000;

/**
 * Limits keyed by account rather than by address (decision 014), counted by @fastify/rate-limit's
 * own store through `createRateLimit`: a sign-in counts only its failures, so the handler reads the
 * count first and adds to it only on a 401.
 */
export function signInLimits(app: FastifyInstance, limits: { login: number; forgot: number }) {
  // The handler resolves the account (e-mail or username: one user id) once; the key generators read it.
  const accounts = new WeakMap<FastifyRequest, string>();
  const accountOf = (request: FastifyRequest) => accounts.get(request) ?? "";
  // The library has no "forget this key": a success moves the account to a fresh key instead, by
  // counting the successes of the last minute into it (a key older than a minute has no count left).
  const successes = cache<number>(CACHES.signInSuccesses);
  const accountAtAddress = (account: string, request: FastifyRequest) => {
    const base = `${account}\n${request.ip}`;
    return `${base}\n${successes.get(base) ?? 0}`;
  };
  const perAccountAndAddress = app.createRateLimit({
    max: limits.login,
    timeWindow: MINUTE,
    keyGenerator: (request) => accountAtAddress(accountOf(request), request),
  });
  // Against spraying: one address gets three times as many failures across all accounts.
  const perAddress = app.createRateLimit({ max: limits.login * 3, timeWindow: MINUTE });
  const forgotsPerAccount = app.createRateLimit({ max: limits.forgot, timeWindow: MINUTE, keyGenerator: (request) => accountOf(request) });

  const refuseWhenSpent = async (limit: typeof perAddress, request: FastifyRequest) => {
    const state = await limit(request, { increment: false });
    if (!state.isAllowed && state.remaining === 0) throw new ApiError(429, TOO_MANY);
  };

  return {
    /** Refuses a sign-in when the account (at this address) or the address has used up its failures. */
    async checkSignIn(request: FastifyRequest, account: string) {
      accounts.set(request, account);
      await refuseWhenSpent(perAccountAndAddress, request);
      await refuseWhenSpent(perAddress, request);
    },
    async failedSignIn(request: FastifyRequest) {
      await perAccountAndAddress(request);
      await perAddress(request);
    },
    /** A success starts the account's count at this address again. */
    succeededSignIn(request: FastifyRequest) {
      const base = `${accountOf(request)}\n${request.ip}`;
      successes.set(base, (successes.get(base) ?? 0) + 1);
    },
    /** Counts one reset e-mail for the account and refuses it past the limit. */
    async forgotPassword(request: FastifyRequest, account: string) {
      accounts.set(request, account);
      const state = await forgotsPerAccount(request);
      if (!state.isAllowed && state.isExceeded) throw new ApiError(429, TOO_MANY);
    },
  };
}
