import { autoRoundDates, rotaType, type OpenAt } from "#core/domain/week/rule";
import type { Deps } from "../../context";
import type { Db } from "../../db/db";
import { recordAudit } from "../shelf/audit";
import { WEEK_RULE_COLUMNS, rotaOf, type WeekRuleRow } from "./rule";
import { madridToday } from "#core/dates";
import { refreshTouched } from "../shelf/standings-store";

/** The name the audit trail shows for what the week's job did (decision 048). */
export const MACHINE = "Automático";

interface Candidate extends WeekRuleRow {
  quiniela_id: number;
  number: number;
  start_date: Date;
  closing_date: Date;
}

const openAtOf = (rule: WeekRuleRow): OpenAt =>
  rule.open_at === "weekly" && rule.open_weekday && rule.open_time
    ? { kind: "weekly", weekday: rule.open_weekday, time: rule.open_time }
    : { kind: "publication" };

/**
 * Every pool still to close of a started season (the season in play: the next jornadas are only
 * ever created there) that a group with the rule has not played yet and has not had opened by the
 * job: the claim in auto_openings is never given back, so a round the manager deletes or
 * reconfigures is not opened again behind their back.
 */
async function candidates(db: Db, now: Date, today: string): Promise<Candidate[]> {
  return db.query<Candidate>(
    `select ${WEEK_RULE_COLUMNS}, q.id as quiniela_id, q.number, q.start_date, q.closing_date
       from group_week_rules a
       join quinielas q on q.closing_date > $1 and q.owner_group_id is null
       join seasons s on s.id = q.season_id and s.start_date <= $2::date
      where a.auto_open
        and not exists (select 1 from group_quinielas gq where gq.group_id = a.group_id and gq.quiniela_id = q.id)
        and not exists (select 1 from auto_openings o where o.group_id = a.group_id and o.quiniela_id = q.id)
      order by q.number, a.group_id`,
    [now, today],
  );
}

/** Opens one round, claimed first; false when another run (or a manager) got there first. */
async function openOne(deps: Deps, c: Candidate, dates: { openDate: Date; closeDate: Date }, typeId: number): Promise<boolean> {
  return deps.db.tx(async (tx) => {
    const now = deps.clock();
    const claimed = await tx.one(
      `insert into auto_openings (group_id, quiniela_id, close_date, opened_at) values ($1, $2, $3, $4)
       on conflict do nothing returning group_id`,
      [c.group_id, c.quiniela_id, dates.closeDate, now],
    );
    if (!claimed) return false;
    const round = await tx.one<{ id: number }>(
      `insert into group_quinielas (group_id, quiniela_id, open_date, close_date, type_quiniela_id)
       values ($1, $2, $3, $4, $5) on conflict (group_id, quiniela_id) do nothing returning id`,
      [c.group_id, c.quiniela_id, dates.openDate, dates.closeDate, typeId],
    );
    if (!round) return false;
    await tx.query("update auto_openings set group_quiniela_id = $3 where group_id = $1 and quiniela_id = $2", [c.group_id, c.quiniela_id, round.id]);
    const type = await tx.one<{ name: string }>("select name from pool_types where id = $1", [typeId]);
    await recordAudit(tx, {
      at: now,
      actorId: null,
      actorName: MACHINE,
      groupId: c.group_id,
      action: "round.auto-open",
      entity: "round",
      entityId: round.id,
      subject: `Jornada ${c.number}`,
      before: null,
      after: { openDate: dates.openDate.toISOString(), closeDate: dates.closeDate.toISOString(), forceClosed: false, typeName: type?.name ?? "" },
    });
    await refreshTouched(tx, now);
    return true;
  });
}

/** The rounds the rule opens now, one per group and new pool of the current season. Returns how many. */
export async function openNewRounds(deps: Deps): Promise<number> {
  const now = deps.clock();
  let opened = 0;
  for (const c of await candidates(deps.db, now, madridToday(now))) {
    const dates = autoRoundDates({
      poolStart: new Date(c.start_date),
      poolClose: new Date(c.closing_date),
      openAt: openAtOf(c),
      closeBeforeMinutes: c.close_before_minutes,
    });
    // A jornada already over for the peña is history, not a new round.
    if (!dates || dates.closeDate.getTime() <= now.getTime()) continue;
    const rota = rotaOf(c.type_rota);
    if (await openOne(deps, c, dates, rota.length ? rotaType(rota, c.number) : 1)) opened++;
  }
  return opened;
}

interface Moved {
  group_id: number;
  quiniela_id: number;
  group_quiniela_id: number;
  number: number;
  close_date: Date;
  new_close: Date;
}

/**
 * An official close that moved (the operator's change, or an admin's) moves the close of the rounds
 * the job opened, keeping the rule's lead, while nobody has changed that close by hand and the
 * round has no bet yet. Returns how many moved.
 */
export async function followOfficialCloses(deps: Deps): Promise<number> {
  const moved = await deps.db.query<Moved>(
    `select o.group_id, o.quiniela_id, o.group_quiniela_id, q.number, o.close_date,
            q.closing_date - make_interval(mins => a.close_before_minutes) as new_close
       from auto_openings o
       join group_week_rules a on a.group_id = o.group_id
       join quinielas q on q.id = o.quiniela_id
       join group_quinielas gq on gq.id = o.group_quiniela_id
      where gq.close_date = o.close_date and not gq.force_closed
        and q.closing_date - make_interval(mins => a.close_before_minutes) <> o.close_date
        and gq.open_date < q.closing_date - make_interval(mins => a.close_before_minutes)
        and not exists (select 1 from bets b where b.group_id = o.group_id and b.quiniela_id = o.quiniela_id)`,
  );
  let count = 0;
  for (const m of moved) {
    const done = await deps.db.tx(async (tx) => {
      const changed = await tx.one(
        `update group_quinielas set close_date = $3, version = version + 1 where id = $1 and close_date = $2 and not force_closed returning id`,
        [m.group_quiniela_id, m.close_date, m.new_close],
      );
      if (!changed) return false;
      await tx.query("update auto_openings set close_date = $3 where group_id = $1 and quiniela_id = $2", [m.group_id, m.quiniela_id, m.new_close]);
      const now = deps.clock();
      await recordAudit(tx, {
        at: now,
        actorId: null,
        actorName: MACHINE,
        groupId: m.group_id,
        action: "round.auto-close-date",
        entity: "round",
        entityId: m.group_quiniela_id,
        subject: `Jornada ${m.number}`,
        before: { closeDate: new Date(m.close_date).toISOString() },
        after: { closeDate: new Date(m.new_close).toISOString() },
      });
      await refreshTouched(tx, now);
      return true;
    });
    if (done) count++;
  }
  return count;
}
