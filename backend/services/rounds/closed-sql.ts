/**
 * When a group round is over, as SQL: its close date passed, the manager forced it, or its pool's
 * official results are complete (the 14 signs and the pleno: decision 015 takes no prediction
 * once a pool has results, so nothing is left to wait for). Everything keyed on a
 * round's close reads it from here: the caja's charges, the round-close job, the digest, the
 * reminders (core/domain/rounds/round-status `resultsComplete` is the same rule for rows already read).
 */

/** The pool `quiniela` (an SQL expression) has complete official results. */
export const resultsCompleteSql = (quiniela: string) =>
  `exists (select 1 from quiniela_results rc where rc.quiniela_id = ${quiniela}
     and jsonb_array_length(rc.matches) = 14 and not (rc.matches @> '[null]'::jsonb)
     and rc.pleno_home is not null and rc.pleno_away is not null)`;

/** The pool `quiniela` has official results, complete or not: it takes no prediction any more (decision 015). */
export const officialResultsSql = (quiniela: string) =>
  `exists (select 1 from quiniela_results ro where ro.quiniela_id = ${quiniela}
     and (ro.pleno_home is not null or exists (select 1 from jsonb_array_elements(ro.matches) e where e <> 'null'::jsonb)))`;

/** The group round aliased `gq` is closed at `now` (an SQL parameter such as `$2`). */
export const roundClosedSql = (gq: string, now: string) => `(${gq}.force_closed or ${gq}.close_date <= ${now} or ${resultsCompleteSql(`${gq}.quiniela_id`)})`;

/** Why the group round aliased `gq` closed, as round_closes.reason keeps it; null while it is open. */
export const closeReasonSql = (gq: string, now: string) =>
  `case when ${gq}.close_date <= ${now} then 'date' when ${gq}.force_closed then 'forced' when ${resultsCompleteSql(`${gq}.quiniela_id`)} then 'results' end`;
