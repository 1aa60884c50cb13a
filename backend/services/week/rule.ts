import { WEEK_RULE, type WeekRuleBody, type GroupWeekRule } from "#core/contract/week-rule";
import type { Deps } from "../../context";
import type { Db } from "../../db/db";
import { badRequest } from "../../errors";
import { recordAudit } from "../shelf/audit";
import { assertGroupExists } from "../group/group";
import { parseJson } from "../shelf/json";
import { assertRowVersion } from "../shelf/versions";
import { cajaRules } from "../caja/ledger";
import { syncCaja } from "../caja/automatic-charges";
import { writeCajaRules } from "../caja/caja";

/** A group's standing rule for the week as stored (migration 022, its table renamed by 042_one_name_per_thing.sql). */
export interface WeekRuleRow {
  group_id: number;
  auto_open: boolean;
  type_rota: unknown;
  open_at: "publication" | "weekly";
  open_weekday: number | null;
  open_time: string | null;
  close_before_minutes: number;
  bet_at_close: boolean;
  bet_rule: "wilson" | "placement";
  top_n: number | null;
  auto_confirm: boolean;
  absent_fill: "off" | "season" | "last-bet";
  absent_max: number;
  version: number;
}

export const WEEK_RULE_COLUMNS = `a.group_id, a.auto_open, a.type_rota, a.open_at, a.open_weekday, a.open_time, a.close_before_minutes,
  a.bet_at_close, a.bet_rule, a.top_n, a.auto_confirm, a.absent_fill, a.absent_max, a.version`;

/** The rota's pool types, read from its stored JSON. */
export const rotaOf = (v: unknown): number[] => {
  const raw = parseJson(v);
  return Array.isArray(raw) ? raw.map(Number).filter((n) => Number.isInteger(n) && n > 0) : [];
};

/** What a group has until a manager saves its rule: nothing runs by itself; the ticket rule is offered on (decision 064). */
const DEFAULTS = (groupId: number): GroupWeekRule => ({
  groupId,
  autoOpen: false,
  typeRota: [1],
  openAt: "publication",
  openWeekday: null,
  openTime: null,
  closeBeforeMinutes: 60,
  betAtClose: false,
  betRule: "wilson",
  topN: null,
  autoConfirm: false,
  absentFill: "off",
  absentMax: 3,
  payTicket: true,
  version: 0,
});

function toWeekRule(row: WeekRuleRow, payTicket: boolean): GroupWeekRule {
  return {
    groupId: row.group_id,
    autoOpen: row.auto_open,
    typeRota: rotaOf(row.type_rota),
    openAt: row.open_at,
    openWeekday: row.open_weekday,
    openTime: row.open_time,
    closeBeforeMinutes: row.close_before_minutes,
    betAtClose: row.bet_at_close,
    betRule: row.bet_rule,
    topN: row.top_n,
    autoConfirm: row.auto_confirm,
    absentFill: row.absent_fill,
    absentMax: row.absent_max,
    payTicket,
    version: row.version,
  };
}

async function ruleRow(db: Db, groupId: number, lock = false): Promise<WeekRuleRow | undefined> {
  return db.one<WeekRuleRow>(`select ${WEEK_RULE_COLUMNS} from group_week_rules a where a.group_id = $1${lock ? " for update" : ""}`, [groupId]);
}

/** GET /group/{id}/Automation. */
export async function weekRuleOf(deps: Deps, groupId: number): Promise<GroupWeekRule> {
  await assertGroupExists(deps.db, groupId);
  const row = await ruleRow(deps.db, groupId);
  return row ? toWeekRule(row, (await cajaRules(deps.db, groupId)).payTicket) : DEFAULTS(groupId);
}

/** What the audit trail keeps of a rule, in the words of the settings form. */
function snapshot(a: GroupWeekRule, typeNames: Map<number, string>) {
  return {
    abrirSola: a.autoOpen,
    tipos: a.typeRota.map((t) => typeNames.get(t) ?? String(t)).join(" → "),
    apertura: a.openAt === "publication" ? "al publicarse" : `día ${a.openWeekday} a las ${a.openTime}`,
    cierreAntesMinutos: a.closeBeforeMinutes,
    apuestaAlCerrar: a.betAtClose ? (a.betRule === "wilson" ? "Wilson" : "colocación sugerida") : "no",
    jugadores: a.topN,
    confirmarSola: a.autoConfirm,
    ausentes: a.absentFill === "off" ? "no" : a.absentFill === "season" ? "sus pronósticos más frecuentes" : "la apuesta de la semana anterior",
    maximoAusencias: a.absentMax,
  };
}

/** PUT /group/{id}/Automation: saves the rule (with the version its form was loaded from) and records it. */
export async function setWeekRule(deps: Deps, actorId: number, groupId: number, body: WeekRuleBody): Promise<GroupWeekRule> {
  await assertGroupExists(deps.db, groupId);
  const types = await deps.db.query<{ id: number; name: string }>("select id, name from pool_types");
  const typeNames = new Map(types.map((t) => [t.id, t.name]));
  if (body.typeRota.some((t) => !typeNames.has(t))) throw badRequest(WEEK_RULE.unknownType);
  const weekly = body.openAt === "weekly";
  const values = [
    groupId,
    body.autoOpen,
    JSON.stringify(body.typeRota),
    body.openAt,
    weekly ? body.openWeekday : null,
    weekly ? body.openTime : null,
    body.closeBeforeMinutes,
    body.betAtClose,
    body.betRule,
    body.topN ?? null,
    body.autoConfirm,
    body.absentFill,
    body.absentMax,
    deps.clock(),
  ];
  await deps.db.tx(async (tx) => {
    const before = await ruleRow(tx, groupId, true);
    assertRowVersion(before?.version ?? 0, body.version, "La regla automática");
    await tx.query(
      `insert into group_week_rules (group_id, auto_open, type_rota, open_at, open_weekday, open_time, close_before_minutes, bet_at_close, bet_rule,
                                     top_n, auto_confirm, absent_fill, absent_max, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $14)
       on conflict (group_id) do update set auto_open = $2, type_rota = $3, open_at = $4, open_weekday = $5, open_time = $6,
         close_before_minutes = $7, bet_at_close = $8, bet_rule = $9, top_n = $10, auto_confirm = $11, absent_fill = $12, absent_max = $13,
         updated_at = $14, version = group_week_rules.version + 1`,
      values,
    );
    const after = (await ruleRow(tx, groupId))!;
    const caja = await cajaRules(tx, groupId);
    if (body.payTicket !== undefined && body.payTicket !== caja.payTicket) {
      // The caja's own rule, written by the caja as its form writes it: versioned and in its audit trail; the charges follow below.
      await writeCajaRules(tx, deps.clock(), actorId, groupId, { payTicket: body.payTicket });
    }
    await recordAudit(tx, {
      at: deps.clock(),
      actorId,
      groupId,
      action: "group.week-rule",
      entity: "group",
      entityId: groupId,
      subject: "Regla automática de la semana",
      before: before ? snapshot(toWeekRule(before, caja.payTicket), typeNames) : null,
      after: snapshot(toWeekRule(after, caja.payTicket), typeNames),
    });
  });
  if (body.payTicket) await syncCaja(deps, groupId);
  return weekRuleOf(deps, groupId);
}
