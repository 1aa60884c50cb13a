import type { Team } from "#core/contract/team";
import { teamIndex, teamKey, type TeamMatch } from "#core/domain/official/team-names";
import type { Deps } from "../../context";
import type { Db } from "../../db/db";
import { conflict, isUniqueViolation, notFound } from "../../errors";
import { recordAudit } from "../shelf/audit";

const TEAM_NOT_FOUND = "Equipo no encontrado.";

/** Every team with its aliases, by name. The catalogue is small (a few dozen clubs), so it is read whole. */
export async function listTeams(db: Db): Promise<Team[]> {
  const rows = await db.query<{ id: number; name: string; logo: string | null; alias: string | null }>(
    `select t.id, t.name, t.logo, a.alias from teams t left join team_aliases a on a.team_id = t.id
      order by lower(t.name), t.id, a.alias`,
  );
  const teams = new Map<number, Team>();
  for (const row of rows) {
    const team = teams.get(row.id) ?? { id: row.id, name: row.name, logo: row.logo, alias: [] };
    if (row.alias !== null) team.alias.push(row.alias);
    teams.set(row.id, team);
  }
  return [...teams.values()];
}

/** Every spelling of every team by its folded key, and every known operator id (core/domain/official/team-names, decision 091). */
export async function loadTeamIndex(db: Db): Promise<Map<string, TeamMatch>> {
  const [teams, ids] = await Promise.all([
    listTeams(db),
    db.query<{ id: number; operator_id: string }>("select id, operator_id from teams where operator_id is not null"),
  ]);
  const byTeam = new Map(ids.map((r) => [r.id, r.operator_id]));
  return teamIndex(teams.map((t) => ({ ...t, operatorId: byTeam.get(t.id) ?? null })));
}

/**
 * The operator's ids a jornada or a played draw showed beside a team's own name or alias (or the
 * admin's confirmation), kept on the team (decision 091): only where the team has no id yet and no
 * other team has this one, so an id is learnt once and never moves by itself. How many were kept.
 */
export async function learnOperatorIds(db: Db, pairs: readonly { operatorId: string; teamId: number }[]): Promise<number> {
  let kept = 0;
  for (const { operatorId, teamId } of pairs) {
    try {
      const row = await db.one(
        `update teams set operator_id = $1, version = version + 1 where id = $2 and operator_id is null
           and not exists (select 1 from teams o where o.operator_id = $1) returning id`,
        [operatorId, teamId],
      );
      if (row) kept++;
    } catch (error) {
      // Another instance kept the same id for a team at the same moment: the first one stands.
      if (!isUniqueViolation(error)) throw error;
    }
  }
  return kept;
}

const taken = (spelling: string, owner: TeamMatch) => conflict(`«${spelling}» ya es el nombre o un alias de ${owner.name}.`);

/** A team whose name and aliases no other team answers to. Aliases that fold to the same key are kept once. */
export async function createTeam({ db, clock }: Deps, actorId: number, input: { name: string; logo: string | null; alias: string[] }): Promise<Team> {
  try {
    return await db.tx(async (tx) => {
      const index = await loadTeamIndex(tx);
      const owner = index.get(teamKey(input.name));
      if (owner) throw taken(input.name, owner);
      const keys = new Set([teamKey(input.name)]);
      const aliases: string[] = [];
      for (const alias of input.alias) {
        const key = teamKey(alias);
        const other = index.get(key);
        if (other) throw taken(alias, other);
        if (keys.has(key)) continue;
        keys.add(key);
        aliases.push(alias);
      }
      const row = await tx.one<{ id: number }>("insert into teams (name, logo) values ($1, $2) returning id", [input.name, input.logo]);
      for (const alias of aliases) {
        await tx.query("insert into team_aliases (team_id, alias, alias_key) values ($1, $2, $3)", [row!.id, alias, teamKey(alias)]);
      }
      const team = { id: row!.id, name: input.name, logo: input.logo, alias: aliases.sort() };
      await recordAudit(tx, {
        at: clock(),
        actorId,
        groupId: null,
        action: "team.create",
        entity: "team",
        entityId: team.id,
        subject: team.name,
        after: { name: team.name, logo: team.logo, alias: team.alias },
      });
      return team;
    });
  } catch (error) {
    // Two admins saving the same club at once: the unique indexes decide, and the loser is told why.
    if (isUniqueViolation(error)) throw conflict(`Ya existe un equipo con el nombre o alias «${input.name}».`);
    throw error;
  }
}

/** Adds a spelling to a team (the pool editor's "link to an existing team"); adding one it has is a no-op. */
export async function addAlias({ db, clock }: Deps, actorId: number, teamId: number, alias: string): Promise<Team> {
  try {
    await db.tx(async (tx) => {
      const team = await tx.one<{ name: string }>("select name from teams where id = $1", [teamId]);
      if (!team) throw notFound(TEAM_NOT_FOUND);
      const owner = (await loadTeamIndex(tx)).get(teamKey(alias));
      if (owner && owner.id !== teamId) throw taken(alias, owner);
      if (owner) return;
      await tx.query("insert into team_aliases (team_id, alias, alias_key) values ($1, $2, $3)", [teamId, alias, teamKey(alias)]);
      await tx.query("update teams set version = version + 1 where id = $1", [teamId]);
      await recordAudit(tx, {
        at: clock(),
        actorId,
        groupId: null,
        action: "team.alias",
        entity: "team",
        entityId: teamId,
        subject: team.name,
        after: { alias: [alias] },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(`«${alias}» ya es el nombre o un alias de otro equipo.`);
    throw error;
  }
  const team = (await listTeams(db)).find((t) => t.id === teamId);
  if (!team) throw notFound(TEAM_NOT_FOUND);
  return team;
}
