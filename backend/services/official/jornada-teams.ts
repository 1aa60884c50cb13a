import {
  JORNADA_NOT_PENDING,
  TEAM_CHOSEN_GONE,
  TEAM_NAME_REQUIRED,
  TEAM_SPELLING_UNKNOWN,
  type JornadaTeamsBody,
  type StepsDone,
} from "#core/contract/jornadas";
import { officialTeamName } from "#core/domain/official/official-jornada";
import { teamKey } from "#core/domain/official/team-names";
import type { Deps } from "../../context";
import { badRequest, conflict, isUniqueViolation } from "../../errors";
import { recordAudit } from "../shelf/audit";
import { listJornadas } from "./jornada-to-pool";
import { rekeepChange, retryJornada } from "./next-jornadas";
import { loadTeamIndex } from "../catalogue/team";

/**
 * 'Crear los equipos' of a pending jornada (decision 064): on a fresh install every name of the first
 * jornada is unknown. Each unknown spelling gets the team the admin named for it, in one transaction:
 * a new team, or, when that name is already a team's (or was typed for an earlier spelling of the
 * list), the spelling kept as its alias, so a club the operator writes two ways is asked once. The
 * jornada is then kept again and becomes its pool.
 */
export async function createJornadaTeams(deps: Deps, actorId: number, body: JornadaTeamsBody): Promise<StepsDone> {
  const [jornada] = await listJornadas(deps.db, deps.clock(), body.drawKey);
  // A pending jornada's names, or those of a change waiting to be accepted (decision 091).
  if (!jornada || (jornada.status !== "pendiente" && jornada.status !== "cambio") || !jornada.unknown.length) throw conflict(JORNADA_NOT_PENDING);
  const unknown = new Set(jornada.unknown.map(teamKey));
  for (const t of body.teams) {
    if (!unknown.has(teamKey(t.spelling))) throw badRequest(`${TEAM_SPELLING_UNKNOWN} («${t.spelling}»)`);
    if (t.teamId === undefined && !t.name?.trim()) throw badRequest(`${TEAM_NAME_REQUIRED} («${t.spelling}»)`);
  }
  let created = 0;
  let aliases = 0;
  try {
    await deps.db.tx(async (tx) => {
      const index = await loadTeamIndex(tx);
      const at = deps.clock();
      for (const t of body.teams) {
        const spelling = t.spelling.trim();
        // Resolved meanwhile (another admin, or an earlier line of this list): nothing to ask.
        if (index.has(teamKey(spelling))) continue;
        let team: { id: number; name: string } | undefined;
        if (t.teamId !== undefined) {
          // The known club the card offered (or another the admin chose): the spelling becomes its alias.
          team = (await tx.one<{ id: number; name: string }>("select id, name from teams where id = $1", [t.teamId])) ?? undefined;
          if (!team) throw badRequest(`${TEAM_CHOSEN_GONE} («${t.spelling}»)`);
        }
        const name = team?.name ?? officialTeamName(t.name ?? "");
        team ??= index.get(teamKey(name));
        if (!team) {
          const row = (await tx.one<{ id: number }>("insert into teams (name, logo) values ($1, null) returning id", [name]))!;
          team = { id: row.id, name };
          index.set(teamKey(name), team);
          created++;
          await recordAudit(tx, {
            at,
            actorId,
            groupId: null,
            action: "team.create",
            entity: "team",
            entityId: team.id,
            subject: name,
            after: { name, logo: null, alias: teamKey(spelling) === teamKey(name) ? [] : [spelling] },
          });
        } else {
          await recordAudit(tx, {
            at,
            actorId,
            groupId: null,
            action: "team.alias",
            entity: "team",
            entityId: team.id,
            subject: team.name,
            after: { alias: [spelling] },
          });
        }
        if (teamKey(spelling) !== teamKey(name)) {
          await tx.query("insert into team_aliases (team_id, alias, alias_key) values ($1, $2, $3)", [team.id, spelling, teamKey(spelling)]);
          await tx.query("update teams set version = version + 1 where id = $1", [team.id]);
          index.set(teamKey(spelling), team);
          aliases++;
        }
      }
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict("Otro administrador acaba de crear alguno de esos equipos: vuelve a cargar la página.");
    throw error;
  }
  // Kept again: a pending jornada becomes its pool; a change is compared again with the names now known (decision 091).
  const kept = jornada.status === "cambio" ? await rekeepChange(deps, body.drawKey) : await retryJornada(deps, body.drawKey);
  const said = `Equipos creados: ${created}. Nombres guardados como alias: ${aliases}.`;
  return { ok: kept.ok, messages: [said, ...kept.messages] };
}
