import { z } from "zod";
import type { RoundReason, RoundState } from "../domain/rounds/round-status";
import { SIGNS } from "../domain/signs";
import { fastArray, wireInt } from "./common";

/** Pieces every answer about picks and rounds shares (the API contract, docs/architecture.md#the-contract), read tolerantly like the rest. */
export const SignSchema = z.enum(SIGNS);
const isSign = (value: unknown) => value === "1" || value === "X" || value === "2";
const isPick = (value: unknown) => Array.isArray(value) && value.every(isSign);
/** A pick of one match: one sign, or two or three for a double or a triple. */
export const PickSchema = fastArray(SignSchema, isSign);
/** A ticket's picks, one per match. */
export const PicksSchema = fastArray(PickSchema, isPick);
/** The pleno al quince's goals. */
export const ScoreSchema = z.object({ home: wireInt, away: wireInt });
/** A round's state at the backend's clock (core/domain/rounds/round-status). */
export const RoundStateSchema = z.enum(["not-open", "open", "closed"]) satisfies z.ZodType<RoundState>;
export const RoundReasonSchema = z.enum(["before-open", "forced", "date-passed", "results"]) satisfies z.ZodType<RoundReason>;
