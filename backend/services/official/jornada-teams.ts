import { JORNADA_NOT_PENDING, TEAM_SPELLING_UNKNOWN, type JornadaTeamsBody, type StepsDone } from "#core/contract/jornadas";
import { officialTeamName } from "#core/domain/official/official-jornada";
import { teamKey } from "#core/domain/official/team-names";
import type { Deps } from "../../context";
import { badRequest, conflict, isUniqueViolation } from "../../errors";
import { recordAudit } from "../audit";
import { listJornadas } from "./jornada-to-pool";
import { retryJornada } from "./next-jornadas";
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
  if (!jornada || jornada.status !== "pendiente") throw conflict(JORNADA_NOT_PENDING);
  const unknown = new Set(jornada.unknown.map(teamKey));
  for (const t of body.teams) if (!unknown.has(teamKey(t.spelling))) throw badRequest(`${TEAM_SPELLING_UNKNOWN} («${t.spelling}»)`);
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
        const name = officialTeamName(t.name);
        let team = index.get(teamKey(name));
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
  const kept = await retryJornada(deps, body.drawKey);
  const said = `Equipos creados: ${created}. Nombres guardados como alias: ${aliases}.`;
  return { ok: kept.ok, messages: [said, ...kept.messages] };
}
