import { MAX_HITS } from "#core/domain/bet/bet-stats";

const twoDecimals = new Intl.NumberFormat("es-ES", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const upToTwo = new Intl.NumberFormat("es-ES", { maximumFractionDigits: 2 });

/** "10,17": an average always with two decimals, as the summary cards show it. */
export const formatAverage = (n: number) => twoDecimals.format(n);
/** "8,5", "10": hits that may be a mean, without trailing zeros. */
export const formatHits = (n: number) => upToTwo.format(n);
/** Share of the 15 possible hits, rounded (docs/architecture.md#limits). */
export const pctOf15 = (n: number) => Math.round((n / MAX_HITS) * 100);
