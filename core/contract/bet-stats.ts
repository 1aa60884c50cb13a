import { z } from "zod";
import { id, wireInt, wireNumber } from "./common";
import { PicksSchema, ScoreSchema, SignSchema } from "./picks";
import { Ticket } from "./ticket";
import { CATEGORIES } from "../domain/bet/scrutiny";

/** GET /Bet/Stats and GET /Bet/Stats/UsersAverage: the group and the season. */
export const betStatsQuery = z.object({ groupId: id, seasonId: id });

/**
 * GET /Bet/RoundSummary: one round of the group, by pool id or by jornada number (the latest by
 * close date with that number, within seasonId when given); neither gives the latest round with
 * results by close date (of seasonId when given). known: the `version` of the players the caller holds.
 */
export const roundSummaryQuery = z.object({
  groupId: id,
  quinielaId: id.optional(),
  numberQuiniela: id.optional(),
  seasonId: id.optional(),
  known: z.string().max(64).optional(),
});

/** GET /Bet/RoundSummaryVersion: the round picked as RoundSummary picks it (by number, within a season, or the latest). */
export const roundSummaryVersionQuery = roundSummaryQuery.pick({ groupId: true, numberQuiniela: true, seasonId: true });

/**
 * GET /Bet/RoundSummaryVersion: what the results-and-bets page shows for that round (the list of
 * rounds, the round's results, bet, prizes and players) as one string that changes whenever any of
 * it does. The web answers a reload with 304 from it, before any render (decision 070).
 */
export const RoundSummaryVersion = z.object({ version: z.string() });
export type RoundSummaryVersion = z.infer<typeof RoundSummaryVersion>;

const sign = SignSchema;
const score = ScoreSchema;
// A number is checked by the first branch alone, with no transform (see wireNumber): one per ticket.
const hits = z.union([
  z.number().int().min(0).max(15),
  z
    .string()
    .regex(/^\d{1,2}$/)
    .transform(Number)
    .pipe(z.number().max(15)),
]);

/** One jornada of the group bet (the API contract, docs/architecture.md#the-contract). */
export const BetStatsEntry = z.object({
  quinielaId: wireInt,
  numberQuiniela: wireInt,
  betHits: hits.default(0),
  pleno15Exact: z.boolean().default(false),
  closedAt: z.string().nullable().default(null),
  /**
   * The ticket as the lottery shop took it (decision 034). Whether the bet was confirmed (played):
   * an unconfirmed bet costs nothing and wins nothing.
   */
  confirmed: z.boolean().optional(),
  /** What the played ticket cost, in cents; 0 when it was not played. */
  costCents: wireInt.optional(),
  /** Its prize in cents; null while a category it wins has no official prize, or it was not played or scrutinised. */
  prizeCents: wireInt.nullable().optional(),
  /** Hits of its best column (out of 14); null until the jornada has its 14 signs and the pleno. */
  bestHits: hits.nullable().optional(),
  /** The best column's prize category; null when it wins none or is not scrutinised. */
  category: z.enum(CATEGORIES).nullable().optional(),
});
export type BetStatsEntry = z.infer<typeof BetStatsEntry>;
export const BetStats = z.array(BetStatsEntry);

/** The players' mean hits in one jornada (the API contract, docs/architecture.md#the-contract). */
export const UsersAverageEntry = z.object({
  numberQuiniela: wireInt,
  avgHits: wireNumber.pipe(z.number().min(0).max(15)).default(0),
});
export type UsersAverageEntry = z.infer<typeof UsersAverageEntry>;
export const UsersAverage = z.array(UsersAverageEntry);

/** A round of the group that has official results, for the round selector. */
export const SummaryRound = z.object({
  quinielaId: wireInt,
  numberQuiniela: wireInt,
  seasonId: wireInt,
  seasonName: z.string(),
  closeDate: z.string(),
  closed: z.boolean(),
});
export type SummaryRound = z.infer<typeof SummaryRound>;

export const SignCount = z.object({ sign, count: wireInt, pct: wireInt });
export type SignCount = z.infer<typeof SignCount>;

export const SummaryBet = z.object({
  betId: wireInt,
  topN: wireInt,
  confirmed: z.boolean(),
  matches: PicksSchema,
  plain15: score.nullable(),
  /** Votes per sign of each match; the key of X is lower case as every response key is camelCase (the BFF reads them so). */
  votes: z.array(z.object({ "1": wireInt, x: wireInt, "2": wireInt })),
  hits,
  pleno15Exact: z.boolean(),
  /** The ticket as the shop took it, with its escrutinio (decision 034): what this jornada's bet cost and won. */
  ticket: Ticket,
});
export type SummaryBet = z.infer<typeof SummaryBet>;

export const SummaryPlayer = z.object({
  userId: wireInt,
  username: z.string(),
  avatarPath: z.string().nullable(),
  matches: PicksSchema,
  plain15: score.nullable(),
  hits,
  /** In the group bet ('In.'). */
  included: z.boolean(),
  /** The rank the group bet gave them ('Top N'); null when not in it. */
  rank: wireInt.nullable(),
  /** Played for them by the group's rule when they had not predicted: 'automático'. */
  automatic: z.boolean(),
});
export type SummaryPlayer = z.infer<typeof SummaryPlayer>;

/** GET /Bet/RoundSummary: everything the results-and-bets screen shows, in one answer. */
export const RoundSummary = z.object({
  groupId: wireInt,
  groupName: z.string(),
  rounds: z.array(SummaryRound),
  round: SummaryRound.nullable(),
  matches: z.array(z.object({ position: wireInt, home: z.string(), away: z.string() })),
  results: z.object({ matches: z.array(sign.nullable()), plain15: score.nullable() }).nullable(),
  distribution: z.array(SignCount),
  bet: SummaryBet.nullable(),
  /** Names the players below; "" when it cannot (the caller then holds nothing). */
  version: z.string(),
  /**
   * Empty until the round is closed: others' picks are private before (docs/architecture.md#predictions). Null, with
   * averageHits and mvp, when the query's `known` is still `version`: the caller keeps its own.
   */
  players: z.array(SummaryPlayer).nullable(),
  averageHits: wireNumber.nullable(),
  mvp: z.object({ userId: wireInt, username: z.string(), hits }).nullable(),
});
export type RoundSummary = z.infer<typeof RoundSummary>;
