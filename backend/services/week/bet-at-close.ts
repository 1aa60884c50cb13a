import { formatEuros } from "#core/domain/money";
import type { Deps } from "../../context";
import { ApiError } from "../../errors";
import { fillAbsent, type RoundWithAbsentRule } from "./absent-picks";
import { MACHINE } from "./open-rounds";
import { confirm } from "../bet/bet";
import { generate } from "../bet/generate";
import { betById } from "../bet/row";
import { applyPlacement } from "../bet/chances";
import { sendClaimed, type DueMail } from "../mail/sent-once";

interface DueClose extends RoundWithAbsentRule {
  bet_at_close: boolean;
  bet_rule: "wilson" | "placement";
  top_n: number | null;
  auto_confirm: boolean;
}

/**
 * Rounds of the groups with a rule that are closed (their close passed, or forced) and were opened
 * by the rule or closed since it was first saved (older rounds are history), have no group bet and
 * were not handled yet; only the one asked for, when one is.
 */
async function dueCloses({ db, clock }: Deps, groupQuinielaId: number | null = null): Promise<DueClose[]> {
  return db.query<DueClose>(
    `select gq.id as group_quiniela_id, gq.group_id, gq.quiniela_id, q.season_id, q.number, pt.num_double, pt.num_triple,
            a.absent_fill, a.absent_max, a.bet_at_close, a.bet_rule, a.top_n, a.auto_confirm
       from group_quinielas gq
       join group_week_rules a on a.group_id = gq.group_id
       join quinielas q on q.id = gq.quiniela_id
       join pool_types pt on pt.id = gq.type_quiniela_id
      where (a.bet_at_close or a.absent_fill <> 'off')
        and (gq.force_closed or gq.close_date <= $1)
        and (gq.close_date >= a.created_at or exists (select 1 from auto_openings o where o.group_quiniela_id = gq.id))
        and not exists (select 1 from bets b where b.group_id = gq.group_id and b.quiniela_id = gq.quiniela_id)
        and not exists (select 1 from auto_bets x where x.group_quiniela_id = gq.id)
        and ($2::integer is null or gq.id = $2::integer)
      order by gq.close_date, gq.id`,
    [clock(), groupQuinielaId],
  );
}

/** What the job made of one closed round, kept on its claim row. */
async function closeOne(deps: Deps, r: DueClose): Promise<boolean> {
  const claimed = await deps.db.one(
    "insert into auto_bets (group_quiniela_id, outcome, done_at) values ($1, 'en curso', $2) on conflict do nothing returning group_quiniela_id",
    [r.group_quiniela_id, deps.clock()],
  );
  if (!claimed) return false;
  try {
    const filled = await deps.db.tx((tx) => fillAbsent(deps, tx, r));
    let betId: number | null = null;
    let outcome = filled.length ? `Pronósticos automáticos: ${filled.join(", ")}.` : "";
    if (r.bet_at_close) {
      try {
        betId = (await generate(deps, null, { groupId: r.group_id, quinielaId: r.quiniela_id, topNUsers: r.top_n ?? undefined }, MACHINE)).id;
        await deps.db.query("update auto_bets set bet_id = $2 where group_quiniela_id = $1", [r.group_quiniela_id, betId]);
      } catch (error) {
        // No predictions, or a manager generated it a moment ago: nothing to make, and nothing to retry.
        if (!(error instanceof ApiError) || error.status !== 409) throw error;
        outcome = `${outcome} ${error.message}`.trim();
      }
    }
    if (betId !== null && r.bet_rule === "placement") {
      await applyPlacement(deps, { id: null, username: MACHINE }, betId, { target: "p10" }).catch((error: unknown) => {
        // The suggestion may be the bet itself, or no history to fit: the Wilson bet stands.
        if (!(error instanceof ApiError)) throw error;
      });
    }
    if (betId !== null && r.auto_confirm) await confirm(deps, null, betId, MACHINE);
    await deps.db.query("update auto_bets set bet_id = $2, outcome = $3, done_at = $4 where group_quiniela_id = $1", [
      r.group_quiniela_id,
      betId,
      outcome || (betId !== null ? "Apuesta generada." : "Sin apuesta."),
      deps.clock(),
    ]);
    return betId !== null;
  } catch (error) {
    // A failure before the bet gives the claim back (the next run tries again); after it, the bet
    // stands as generated and the manager is still told.
    await deps.db.query("delete from auto_bets where group_quiniela_id = $1 and bet_id is null", [r.group_quiniela_id]);
    await deps.db.query("update auto_bets set outcome = $2 where group_quiniela_id = $1", [r.group_quiniela_id, "Apuesta generada; el resto falló."]);
    throw error;
  }
}

/**
 * One closed round's absent picks and bet, made once: the first step of its close
 * (../close/close-job.ts), before the caja charges the ticket. Returns 1 when it made a bet.
 */
export async function betAtClose(deps: Deps, groupQuinielaId: number): Promise<number> {
  let made = 0;
  for (const r of await dueCloses(deps, groupQuinielaId)) if (await closeOne(deps, r)) made++;
  return made;
}

/**
 * Every closed round still owed its absent picks and bet: the close job's sweep after its new
 * closes, for a round whose close was claimed before it was due here (its results came before its
 * close date) or before this step was the close's. Returns how many bets were made.
 */
export async function betsAtClose(deps: Deps): Promise<number> {
  let made = 0;
  for (const r of await dueCloses(deps)) if (await closeOne(deps, r)) made++;
  return made;
}

interface DueBetMail extends DueMail {
  bet_id: number;
  bet_rule: "wilson" | "placement";
}

/** Each manager of a group whose bet the job made, not mailed about it yet. */
async function dueBetMails({ db }: Deps): Promise<DueBetMail[]> {
  return db.query<DueBetMail>(
    `select gq.id as group_quiniela_id, gq.group_id, g.name as group_name, gq.quiniela_id, q.number,
            u.id as user_id, u.username, u.email, x.bet_id, a.bet_rule
       from auto_bets x
       join group_quinielas gq on gq.id = x.group_quiniela_id
       join group_week_rules a on a.group_id = gq.group_id
       join groups g on g.id = gq.group_id
       join quinielas q on q.id = gq.quiniela_id
       join group_members m on m.group_id = gq.group_id and m.role_id = 2 and m.removed_at is null
       join users u on u.id = m.user_id
      where x.bet_id is not null and x.outcome <> 'en curso'
        and not exists (select 1 from bet_mails_sent s where s.group_quiniela_id = gq.id and s.user_id = u.id)
      order by gq.id, u.id`,
  );
}

/** The manager's mail: the bet's picks with their matches, its cost, and where to confirm or edit it. */
async function betMail(deps: Deps, due: DueBetMail) {
  const bet = await betById(deps.db, due.bet_id);
  const teams = await deps.db.query<{ position: number; home: string; away: string }>(
    "select position, home, away from quiniela_matches where quiniela_id = $1 order by position",
    [due.quiniela_id],
  );
  const name = (i: number) => {
    const t = teams.find((m) => m.position === i + 1);
    return t ? `${t.home} - ${t.away}` : `Partido ${i + 1}`;
  };
  const pleno = bet.mergedPrediction.pl15;
  const link = `${deps.config.publicUrl.replace(/\/$/, "")}/grupo/${due.group_id}/quiniela-grupal?quiniela=${due.quiniela_id}`;
  const how = due.bet_rule === "placement" ? "con la colocación sugerida de dobles y triples" : `con los ${bet.topN} mejores por Wilson`;
  const text = [
    `Hola, ${due.username}:`,
    "",
    `La jornada ${due.number} de ${due.group_name} ha cerrado y la apuesta del grupo ya está hecha (${how}):`,
    "",
    ...bet.mergedPrediction.matches.map((m, i) => `${String(i + 1).padStart(2, " ")}. ${name(i)}: ${m.join("")}`),
    `15. ${name(14)}: ${pleno ? `${pleno.home}-${pleno.away}` : "-"}`,
    "",
    `Coste: ${formatEuros(bet.ticket.costCents)} (${bet.ticket.chargedBets} apuestas).`,
    "",
    bet.confirmBet ? "El grupo confirma la apuesta automáticamente: ya está confirmada. Puedes verla aquí:" : "Confírmala o edítala aquí:",
    link,
  ].join("\n");
  return {
    to: due.email,
    subject: `Quiniela de peñas: apuesta de la jornada ${due.number} de ${due.group_name}`,
    text,
    wayOut: { userId: due.user_id, kind: "manager" as const },
  };
}

/** Sends the managers' mails of the bets made at the close, each once. Returns how many went out. */
export async function sendBetMails(deps: Deps): Promise<number> {
  return sendClaimed(deps, "bet_mails_sent", await dueBetMails(deps), (due) => betMail(deps, due));
}
